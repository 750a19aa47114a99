import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiJson, createTenant, launch, snapshot, type E2eTenant } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

let browser: Browser;
const contexts: BrowserContext[] = [];
let tenant: E2eTenant;
let adminPage: Page;
let employee: { token: string; redirectUrl: string };

async function newPage(width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** An EMPLOYEE of the tenant, written with the product's own store functions, signed in through the real API. */
async function createEmployee(): Promise<{ token: string; redirectUrl: string }> {
  Object.assign(process.env, inject('e2eStoreEnv'));
  const [{ userPuts }, { hashPassword }, { db }, { TransactWriteCommand }] = await Promise.all([
    import('../../functions/auth/store.js'),
    import('../../functions/lib/passwords.js'),
    import('../../functions/lib/db.js'),
    import('@aws-sdk/lib-dynamodb'),
  ]);
  const owner = await apiJson<{ user: { organizationId: string } }>(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { username: tenant.owner.email, password: tenant.owner.password },
  });
  const email = `employee-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Employee-Pass-2024';
  await db().send(
    new TransactWriteCommand({
      TransactItems: userPuts({
        id: randomUUID(),
        username: email,
        email,
        firstName: 'Erin',
        lastName: 'Employee',
        role: 'EMPLOYEE',
        accessLevel: 'EMPLOYEE',
        organizationId: owner.user.organizationId,
        passwordHash: await hashPassword(password),
        isActive: true,
        createdAt: new Date().toISOString(),
      }),
    }),
  );
  return apiJson<{ token: string; redirectUrl: string }>(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { username: email, password },
  });
}

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Harbor Bikes');
  employee = await createEmployee();
  adminPage = await newPage();
  await adminPage.goto(tenant.loginUrl);
  await adminPage.waitForURL(`${tenant.origin}/dashboard`);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('store settings: the matrix the product obeys, and taxes', () => {
  it('shows the overview of cards in two groups, with a drawer on mobile', async () => {
    await adminPage.goto(`${tenant.origin}/storefront`);
    await adminPage.getByRole('heading', { name: 'Store Settings' }).waitFor();
    await adminPage.getByRole('heading', { name: 'My Store' }).waitFor();
    await adminPage.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await snapshot(adminPage, 'storefront-overview-1366');

    const mobile = await newPage(375);
    await mobile.goto(tenant.loginUrl);
    await mobile.waitForURL(`${tenant.origin}/dashboard`);
    await mobile.goto(`${tenant.origin}/storefront`);
    await mobile.getByRole('heading', { name: 'Store Settings' }).waitFor();
    await snapshot(mobile, 'storefront-overview-375');
    await mobile.getByRole('button', { name: 'Settings menu' }).click();
    await mobile.getByRole('dialog').getByRole('link', { name: 'Opening Hours' }).click();
    await mobile.getByRole('heading', { name: 'Opening Hours' }).waitFor();
    await mobile.getByText('Every day').waitFor();
    await snapshot(mobile, 'storefront-hours-375');
    await mobile.goto(`${tenant.origin}/storefront/permissions`);
    await mobile.getByLabel('Employee: Reservations View').waitFor({ state: 'attached' });
    await snapshot(mobile, 'storefront-permissions-375');
    await mobile.goto(`${tenant.origin}/storefront/taxes`);
    await mobile.getByText('Charge sales tax').waitFor();
    await snapshot(mobile, 'storefront-taxes-375');
    await mobile.goto(`${tenant.origin}/storefront/contact`);
    await mobile.getByRole('button', { name: 'Edit' }).click();
    await snapshot(mobile, 'storefront-contact-edit-375');
    await mobile.goto(`${tenant.origin}/storefront/hours`);
    await mobile.getByRole('button', { name: 'Edit' }).click();
    await snapshot(mobile, 'storefront-hours-edit-375');
  });

  it('an admin removes reservations.create for EMPLOYEE, saves, and sees the log entry', async () => {
    // The employee is signed in elsewhere and can still create reservations, as far as the SPA knows.
    const emp = await newPage();
    await emp.goto(employee.redirectUrl);
    await emp.waitForURL(`${tenant.origin}/dashboard`);
    const mine = () =>
      emp.evaluate(async () => {
        const res = await fetch('/api/settings/permissions/mine', {
          headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
        });
        return ((await res.json()) as { permissions: Record<string, boolean> }).permissions['reservations.create'];
      });
    expect(await mine()).toBe(true);

    await adminPage.goto(`${tenant.origin}/storefront/permissions`);
    await adminPage.getByRole('heading', { name: 'Users & Permissions' }).waitFor();
    const save = adminPage.getByRole('button', { name: 'Save Changes' });
    expect(await save.isDisabled()).toBe(true);
    const box = adminPage.getByLabel('Employee: Reservations Create');
    expect(await box.isChecked()).toBe(true);
    await box.uncheck({ force: true });
    expect(await save.isDisabled()).toBe(false);
    // Grant All / Remove All toggles the whole group for one role.
    await adminPage.getByRole('button', { name: 'Remove All Reports for Manager' }).click();
    expect(await adminPage.getByLabel('Manager: Reports Export').isChecked()).toBe(false);
    await adminPage.getByRole('button', { name: 'Grant All Reports for Manager' }).click();
    expect(await adminPage.getByLabel('Manager: Reports Export').isChecked()).toBe(true);
    await snapshot(adminPage, 'storefront-permissions-1366');
    await save.click();
    await adminPage.getByText('Permissions updated').waitFor();
    await adminPage.getByText('Permissions updated').waitFor({ state: 'detached', timeout: 6_000 });

    await adminPage.getByRole('tab', { name: 'Change Log' }).click();
    const log = adminPage.getByRole('table', { name: 'Permission change log' });
    await log.getByText('Updated role permissions').waitFor();
    await log.getByText('Sam Owner').waitFor();
    await log.getByText('Employee: Reservations › Create removed').waitFor();
    await snapshot(adminPage, 'storefront-permission-log-1366');

    // The employee's open session learns it without signing in again, and the API refuses.
    await expect.poll(mine, { timeout: 10_000 }).toBe(false);
    const res = await fetch(`${baseUrl}/api/reservations/items/create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${employee.token}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        customer: { firstName: 'Pat', lastName: 'Lee', phone: '5550100' },
        reservation: {
          inventoryItemId: randomUUID(),
          startTime: new Date(Date.now() + 86_400_000).toISOString(),
          reservationDuration: 2,
          depositAmount: 0,
        },
      }),
    });
    const body = (await res.json()) as { error?: string; message?: string };
    // Until the reservations API lands its routes answer 501 before any check: then this part waits.
    if (res.status !== 501) {
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(body.message).toBe('Reservations › Create is turned off for your role');
    }
  });

  it('the admin sets tax to 8.25 %', async () => {
    await adminPage.goto(`${tenant.origin}/storefront/taxes`);
    await adminPage.getByRole('heading', { name: 'Taxes' }).waitFor();
    const rate = adminPage.getByPlaceholder('0.00');
    await adminPage.getByLabel('Charge sales tax').check({ force: true });
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Please enter a tax rate when tax is enabled').waitFor();
    await rate.fill('100');
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Tax rate must be between 0.00 and 99.99').waitFor();
    await rate.fill('8.25');
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Tax settings saved successfully (enabled)').waitFor();
    await snapshot(adminPage, 'storefront-taxes-1366');
    await adminPage
      .getByText('Tax settings saved successfully (enabled)')
      .waitFor({ state: 'detached', timeout: 6_000 });

    const { token } = await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: tenant.owner.email, password: tenant.owner.password },
    });
    expect(await apiJson<number>(baseUrl, '/api/settings/tax_rate', { token })).toBe(8.25);
    await adminPage.reload();
    expect(await adminPage.getByPlaceholder('0.00').inputValue()).toBe('8.25');

    // A reservation made now carries the rate, and its details show the tax.
    const type = await apiJson<{ id: string }>(baseUrl, '/api/inventory/product-types', {
      method: 'POST',
      token,
      body: { name: 'Bike', category: 'Bikes', rates: [{ rate: 20, rateType: 'hourly' }], defaultHourlyRate: 20 },
    });
    const item = await apiJson<{ id: string }>(baseUrl, '/api/inventory/items', {
      method: 'POST',
      token,
      body: { productTypeId: type.id, itemNumber: 'BK-001' },
    });
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCHours(15, 0, 0, 0);
    const res = await fetch(`${baseUrl}/api/reservations/items/create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        customer: { firstName: 'Tia', lastName: 'Tax', phone: '5550199' },
        reservation: {
          inventoryItemId: item.id,
          startTime: start.toISOString(),
          reservationDuration: 2,
          depositAmount: 0,
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const made = (await res.json()) as {
      data?: { reservationNumber?: string };
      reservation?: { reservationNumber?: string };
    };
    const number = made.data?.reservationNumber ?? made.reservation?.reservationNumber;
    expect(number).toBeTruthy();
    await adminPage.goto(`${tenant.origin}/reservations`);
    await adminPage.getByRole('button', { name: `Details of ${number}` }).click();
    const details = adminPage.getByRole('dialog', { name: new RegExp(`Reservation Details · ${number}`) });
    await details.getByText('Tax (8.25%)').waitFor();
    await snapshot(adminPage, 'storefront-tax-on-reservation-1366');
  });

  it('contact details: view, edit with Save only after a change, Cancel asks first', async () => {
    await adminPage.goto(`${tenant.origin}/storefront/contact`);
    await adminPage.getByRole('heading', { name: 'Contact Information' }).waitFor();
    await adminPage.getByRole('button', { name: 'Edit' }).click();
    const save = adminPage.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await adminPage.getByLabel('Store Name').fill('Harbor Bikes Main');
    await adminPage.getByRole('button', { name: 'Cancel' }).click();
    await adminPage.getByText('Your changes have not been saved - are you sure you want to cancel?').waitFor();
    await adminPage.getByRole('button', { name: 'Keep editing' }).click();
    await adminPage.getByLabel('Phone Number').fill('call me');
    await save.click();
    await adminPage.getByText('Please enter a valid phone number').waitFor();
    await adminPage.getByLabel('Phone Number').fill('(555) 222-3333');
    await adminPage.getByLabel('Street Address').fill('9 Pier Way');
    await save.click();
    await adminPage.getByText('Contact information saved successfully!').waitFor();
    await adminPage.getByText('9 Pier Way').waitFor();
    await snapshot(adminPage, 'storefront-contact-1366');
  });

  it('opening hours: rows with 12-hour quarter-hour selects, Closed disables the times, one row cannot be deleted', async () => {
    await adminPage.goto(`${tenant.origin}/storefront/hours`);
    await adminPage.getByRole('heading', { name: 'Opening Hours' }).waitFor();
    await adminPage.getByText('9:00 AM – 5:00 PM').waitFor();
    await adminPage.getByRole('button', { name: 'Edit' }).click();
    expect(await adminPage.getByRole('button', { name: 'Delete Every day' }).isDisabled()).toBe(true);
    await adminPage.getByRole('button', { name: 'Add Hours' }).click();
    await adminPage.getByLabel('Day 2').selectOption('sunday');
    await adminPage.getByText('Closed').nth(1).click();
    expect(await adminPage.getByLabel('Opens (Sunday)').isDisabled()).toBe(true);
    await adminPage.getByLabel('Day 1').selectOption('weekdays');
    await adminPage.getByLabel('Closes (Weekdays)').selectOption({ label: '6:45 PM' });
    await adminPage.getByRole('button', { name: 'Add Special Hours' }).click();
    await adminPage.getByLabel('Date 1').fill('2026-12-24');
    await snapshot(adminPage, 'storefront-hours-edit-1366');
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Operating hours saved successfully!').waitFor();
    await adminPage.getByText('9:00 AM – 6:45 PM').waitFor();
    await adminPage.getByText('Thu, Dec 24, 2026').waitFor();
  });
});
