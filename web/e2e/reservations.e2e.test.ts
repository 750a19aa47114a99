import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { animationsDone, apiJson, createTenant, launch, snapshot, type E2eTenant } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

let browser: Browser;
const contexts: BrowserContext[] = [];
let tenant: E2eTenant;
let manager: { token: string; redirectUrl: string };
let employee: { token: string; redirectUrl: string };

async function newPage(width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // Refusals and browser errors go to the test's output: a failed step then says why.
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().includes('/api/'))
      void r.text().then((t) => console.warn(`${r.request().method()} ${r.url()} → ${r.status()} ${t.slice(0, 300)}`));
  });
  page.on('pageerror', (e) => console.warn(`page error: ${e.message}`));
  return page;
}

/** A staff member of the tenant, written with the product's own store functions, signed in through the real API. */
async function createStaff(
  accessLevel: 'EMPLOYEE' | 'MANAGER',
  firstName: string,
): Promise<{ token: string; redirectUrl: string }> {
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
  const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Staff-Pass-2024';
  await db().send(
    new TransactWriteCommand({
      TransactItems: userPuts({
        id: randomUUID(),
        username: email,
        email,
        firstName,
        lastName: accessLevel === 'MANAGER' ? 'Manager' : 'Employee',
        role: 'EMPLOYEE',
        accessLevel,
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

/** A date `days` from today in this process's (and the browser's) zone, YYYY-MM-DD. */
function day(days: number): string {
  const d = new Date(Date.now() + days * 86400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A datetime-local value `hours` after another one (wall clock of this process's zone). */
function plusHours(local: string, hours: number): string {
  const d = new Date(new Date(local).getTime() + hours * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A row (or card) of the tab shown: tabs stay mounted once opened, hidden. */
const rowOf = (page: Page, number: string): Locator => page.locator(`[data-reservation="${number}"]:visible`);

/** Waits for a toast; on failure keeps a picture of the page (test-results/) to see what it said instead. */
async function toast(page: Page, text: string | RegExp) {
  try {
    await page.getByText(text).first().waitFor();
  } catch (e) {
    await snapshot(page, 'reservations-failure');
    throw e;
  }
}

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Dune Carts');
  const owner = await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { username: tenant.owner.email, password: tenant.owner.password },
  });
  const type = await apiJson<{ id: string }>(baseUrl, '/api/inventory/product-types', {
    method: 'POST',
    token: owner.token,
    body: { name: 'Golf Cart', category: 'Carts', rates: [{ rate: 25, rateType: 'hourly' }], defaultHourlyRate: 25 },
  });
  for (const itemNumber of ['GC-001', 'GC-002']) {
    await apiJson(baseUrl, '/api/inventory/items', {
      method: 'POST',
      token: owner.token,
      body: { productTypeId: type.id, itemNumber },
    });
  }
  await apiJson(baseUrl, '/api/inventory/services', {
    method: 'POST',
    token: owner.token,
    body: {
      name: 'Dune Tour',
      rate: 40,
      rateType: 'PER_PERSON',
      timeZone: 'America/New_York',
      rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
      availability: JSON.stringify([
        { date: day(5), startTime: '10:00', endTime: '12:00', slotsAvailable: 6 },
        { date: day(6), startTime: '10:00', endTime: '12:00', slotsAvailable: 4 },
      ]),
    },
  });
  manager = await createStaff('MANAGER', 'Mia');
  employee = await createStaff('EMPLOYEE', 'Erin');
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('reservations: from booking to return, reprocess, services, cancel and restore, delete and the log', () => {
  let page: Page;
  // A failed step leaves a picture of the page in test-results/.
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      if (page as Page | undefined)
        await snapshot(page, `reservations-failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}`);
    });
  });
  let first = '';
  let second = '';

  it('a manager reserves an item with a deposit and processes its return late with a refund by hours', async () => {
    page = await newPage();
    await page.goto(manager.redirectUrl);
    await page.waitForURL(`${tenant.origin}/dashboard`);
    await page.goto(`${tenant.origin}/reservations`);
    await page.getByText('No Reservations Found').waitFor();
    await snapshot(page, 'reservations-empty-1366');

    await page.getByRole('button', { name: 'New Reservation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Reservation' });
    await dialog.getByRole('button', { name: 'Create Reservation' }).click();
    await dialog.getByText('Please select either an inventory item or a service.').waitFor();
    await dialog.getByLabel('First name').fill('Jane');
    await dialog.getByLabel('Last name').fill('Doe');
    await dialog.getByLabel('Phone').fill('(555) 123-4567');
    const start = await dialog.getByLabel('Start time').inputValue();
    await dialog.getByLabel('Duration').fill('1');
    await expect.poll(() => dialog.getByLabel('Inventory item').locator('option').count()).toBe(3);
    await dialog.getByLabel('Inventory item').selectOption({ label: 'GC-001 · Golf Cart · $25.00/hour' });
    await dialog.getByText('$25.00').last().waitFor();
    await dialog.getByLabel('Deposit amount ($)').fill('20');
    await dialog.getByText('Cash', { exact: true }).click();
    await snapshot(page, 'reservations-create-item-1366');
    await dialog.getByRole('button', { name: 'Create Reservation' }).click();
    await toast(page, /Reservation RES-\d+ created/);
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('[data-reservation]:visible').first();
    first = (await row.getAttribute('data-reservation'))!;
    await row.getByText('•••-4567').waitFor();
    expect(await page.getByText('(555) 123-4567').count()).toBe(0);

    await page.getByRole('button', { name: `Process return of ${first}` }).click();
    const ret = page.getByRole('dialog', { name: 'Process Return' });
    await ret.getByLabel('Actual return time').fill(plusHours(start, 3)); // two hours late
    await ret.getByLabel('Refund hours').fill('1');
    expect(await ret.getByLabel('Refund amount ($)').isDisabled()).toBe(true);
    expect(await ret.getByLabel('Refund amount ($)').inputValue()).toBe('25.00');
    await ret.getByRole('button', { name: 'Process Return' }).click();
    await ret.getByText('Please select either Cash or Credit (or both) for the refund payment method.').waitFor();
    await ret.getByText('Credit', { exact: true }).click();
    await ret.getByText('Cash', { exact: true }).click();
    expect(await ret.getByRole('checkbox', { name: 'Credit' }).isChecked()).toBe(false);
    await snapshot(page, 'reservations-return-1366');
    await ret.getByRole('button', { name: 'Process Return' }).click();
    const done = page.getByRole('dialog', { name: 'Return processed' });
    const charges = done.getByRole('table', { name: 'Charges' });
    await charges.waitFor();
    await snapshot(page, 'reservations-return-charges-1366');
    // 1 h × $25 base, 2 h overage $50, 1 h refund $25: subtotal $50
    await charges.getByRole('row', { name: /Base amount \$25\.00/ }).waitFor();
    await charges.getByRole('row', { name: /Overage \(2 h\) \$50\.00/ }).waitFor();
    await charges.getByRole('row', { name: /Refund \(1 h\) -\$25\.00/ }).waitFor();
    await charges.getByRole('row', { name: /Total \$50\.00/ }).waitFor();
    await done.getByRole('button', { name: 'Close' }).first().click();
    await rowOf(page, first).getByText('COMPLETED').waitFor();
  });

  it('reprocesses it from the details dialog', async () => {
    await page.getByRole('button', { name: `Details of ${first}` }).click();
    const details = page.getByRole('dialog', { name: /Reservation Details/ });
    await details.getByRole('table', { name: 'Payment history' }).waitFor();
    await details.getByText('Price breakdown').waitFor();
    await snapshot(page, 'reservations-details-1366');
    await details.getByRole('button', { name: 'Reprocess Reservation' }).click();
    await page
      .getByText(
        'Are you sure you want to reprocess this reservation? This will reactivate the reservation and undo the return.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Reprocess', exact: true }).click();
    await toast(page, 'Reservation reprocessed successfully! The reservation is active again.');
    await details.getByText('ACTIVE').first().waitFor();
    await details.getByRole('button', { name: 'Close' }).last().click();
    await details.waitFor({ state: 'hidden' });
    await rowOf(page, first).getByText('ACTIVE').waitFor();
  });

  it('books a service slot for a walk-in through the calendar and marks it paid', async () => {
    await page.getByRole('tab', { name: 'Services' }).click();
    await page.getByText('No Reservations Found').waitFor();
    await page.getByRole('button', { name: 'New Reservation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Reservation' });
    expect(await dialog.getByRole('button', { name: 'Book a service' }).getAttribute('aria-pressed')).toBe('true');
    await dialog.getByLabel('First name').fill('Walk');
    await dialog.getByLabel('Last name').fill('In');
    await dialog.getByLabel('Phone').fill('555 000 1111');
    await dialog.locator('select[name=serviceId]').selectOption({ label: 'Dune Tour' });
    const date = dialog.getByRole('button', { name: `${day(5)}: 6 of 6 places free` });
    expect(await date.getAttribute('data-colour')).toBe('green');
    await date.click();
    await dialog.getByRole('radio', { name: /10:00 - 12:00 · 6 left/ }).click();
    await dialog.getByLabel('Participants').fill('2');
    await dialog.getByText('$80.00').waitFor();
    await snapshot(page, 'reservations-create-service-1366');
    await dialog.getByRole('button', { name: 'Create Reservation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('[data-reservation]:visible').filter({ hasText: 'Walk In' });
    await row.waitFor();
    const number = (await row.getAttribute('data-reservation'))!;
    await row.getByText('Dune Tour').waitFor();
    expect(await page.getByRole('button', { name: `Process return of ${number}` }).count()).toBe(0);
    await row.getByLabel(`Source ${number}`).selectOption('Cash');
    await row.getByLabel(`Amount ${number}`).fill('80');
    await row.getByLabel(`Amount ${number}`).press('Enter');
    await row.getByRole('checkbox', { name: `Paid ${number}` }).check({ force: true });
    await expect
      .poll(
        async () => {
          const r = await apiJson<Record<string, { isPaid: boolean; amount: number | null; source: string | null }>>(
            baseUrl,
            '/api/payments/service-tracking/batch',
            { method: 'POST', token: manager.token, body: { reservationIds: [await idOf(number)] } },
          );
          return Object.values(r)[0];
        },
        { timeout: 10_000 },
      )
      .toEqual({ isPaid: true, amount: 80, source: 'Cash' });
    await snapshot(page, 'reservations-services-1366');
  });

  it('cancels and restores an item reservation', async () => {
    await page.getByRole('tab', { name: 'Reservations', exact: true }).click();
    await page.getByRole('button', { name: 'New Reservation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Reservation' });
    await dialog.getByLabel('First name').fill('Carl');
    await dialog.getByLabel('Last name').fill('Cancel');
    await dialog.getByLabel('Phone').fill('555 222 3333');
    await expect.poll(() => dialog.getByLabel('Inventory item').locator('option').count()).toBeGreaterThan(1);
    await dialog.getByLabel('Inventory item').selectOption({ label: 'GC-002 · Golf Cart · $25.00/hour' });
    await dialog.getByRole('button', { name: 'Create Reservation' }).click();
    // (the 2-second success toast may be gone on a busy machine: the closed dialog and the row say it)
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('[data-reservation]:visible').filter({ hasText: 'Carl Cancel' });
    await row.waitFor();
    second = (await row.getAttribute('data-reservation'))!;
    await page.getByRole('button', { name: `Cancel ${second}` }).click();
    await page.getByRole('button', { name: 'Cancel Reservation' }).click();
    await rowOf(page, second).getByText('CANCELLED').waitFor();
    await page.getByRole('button', { name: `Details of ${second}` }).click();
    const details = page.getByRole('dialog', { name: /Reservation Details/ });
    await details.getByRole('button', { name: 'Restore Reservation' }).click();
    await page.getByText('Are you sure you want to restore this cancelled reservation to active status?').waitFor();
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await toast(page, 'Reservation restored successfully');
    await details.getByRole('button', { name: 'Close' }).last().click();
    await details.waitFor({ state: 'hidden' });
    await rowOf(page, second).getByText('ACTIVE').waitFor();
  });

  it('deletes a completed reservation and sees it in the log', async () => {
    // Return the reprocessed one again (on time, no refund), then delete it.
    await page.getByRole('button', { name: `Process return of ${first}` }).click();
    const ret = page.getByRole('dialog', { name: 'Process Return' });
    await ret.getByRole('button', { name: 'Process Return' }).click();
    await page.getByRole('dialog', { name: 'Return processed' }).getByRole('button', { name: 'Close' }).first().click();
    await rowOf(page, first).getByText('COMPLETED').waitFor();
    await page.getByRole('button', { name: `Delete ${first}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, `Reservation ${first} deleted`);
    await rowOf(page, first).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Reservations Log' }).click();
    const log = page.getByRole('table', { name: 'Reservations log' });
    await log.locator('[data-log-action="DELETED"]').first().waitFor();
    for (const a of ['CREATED', 'RETURNED', 'REPROCESSED', 'CANCELLED', 'RESTORED'])
      await log.locator(`[data-log-action="${a}"]`).first().waitFor();
    await page.getByLabel('Filter by action').selectOption('DELETED');
    await expect.poll(() => log.locator('tbody tr').count()).toBe(1);
    await snapshot(page, 'reservations-log-1366');
    // second: returned so an employee can see a completed row
    await page.getByRole('tab', { name: 'Reservations', exact: true }).click();
    await page.getByRole('button', { name: `Process return of ${second}` }).click();
    await page.getByRole('dialog', { name: 'Process Return' }).getByRole('button', { name: 'Process Return' }).click();
    await page.getByRole('dialog', { name: 'Return processed' }).getByRole('button', { name: 'Close' }).first().click();
    await rowOf(page, second).getByText('COMPLETED').waitFor();
  });

  it('shows the list as cards on a phone', async () => {
    const phone = await newPage(375);
    await phone.goto(manager.redirectUrl);
    await phone.waitForURL(`${tenant.origin}/dashboard`);
    await phone.goto(`${tenant.origin}/reservations`);
    await rowOf(phone, second).waitFor();
    expect(await phone.getByRole('table', { name: 'Reservations' }).count()).toBe(0);
    await snapshot(phone, 'reservations-list-375');
    await phone.getByRole('button', { name: 'New Reservation' }).click();
    await phone.getByRole('dialog', { name: 'New Reservation' }).waitFor();
    await animationsDone(phone); // let the opening animation finish before the picture
    await snapshot(phone, 'reservations-create-375');
  });

  it('an ordinary employee sees no Delete or Reprocess', async () => {
    const emp = await newPage();
    await emp.goto(employee.redirectUrl);
    await emp.waitForURL(`${tenant.origin}/dashboard`);
    await emp.goto(`${tenant.origin}/reservations`);
    await rowOf(emp, second).getByText('COMPLETED').waitFor();
    expect(await emp.getByRole('button', { name: /^Delete RES-/ }).count()).toBe(0);
    await emp.getByRole('button', { name: `Details of ${second}` }).click();
    const details = emp.getByRole('dialog', { name: /Reservation Details/ });
    await details.getByText('Price breakdown').waitFor();
    expect(await details.getByRole('button', { name: 'Reprocess Reservation' }).count()).toBe(0);
    await snapshot(emp, 'reservations-employee-details-1366');
  });
});

async function idOf(number: string): Promise<string> {
  const list = await apiJson<{ reservations: { id: string; reservationNumber: string }[] }>(
    baseUrl,
    '/api/reservations/integration/all?kind=SERVICE',
    { token: manager.token },
  );
  return list.reservations.find((r) => r.reservationNumber === number)!.id;
}
