import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { animationsDone, apiJson, browserForFile, createTenant, snapshot, type E2eTenant } from './browser.js';

// docs/decisions/0225-layout-at-375-and-1366.md and docs/decisions/0225-layout-at-375-and-1366.md: the layouts at 1366 and 375 px, with real data in the tables.

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');
const { newPage } = browserForFile();
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 812 };

let tenant: E2eTenant;
let employeeId: string;

function day(days: number): string {
  return new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);
}

/** Whether the element shows all of its content without scrolling sideways. */
const fitsSideways = (l: Locator) => l.evaluate((e) => e.scrollWidth <= e.clientWidth + 1);

/** The element lies inside the viewport's width. */
async function onScreen(page: Page, l: Locator) {
  const box = (await l.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width + 1;
}

async function signIn(viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage(viewport);
  await page.goto(tenant.loginUrl);
  await page.waitForURL(`${tenant.origin}/dashboard`);
  return page;
}

/** The selected tab is inside its scrolling row, not cut off by it. */
async function selectedTabInView(page: Page) {
  const list = page.getByRole('tablist').first();
  const tab = list.getByRole('tab', { selected: true });
  const [l, t] = [(await list.boundingBox())!, (await tab.boundingBox())!];
  return t.x >= l.x - 1 && t.x + t.width <= l.x + l.width + 1;
}

beforeAll(async () => {
  tenant = await createTenant(baseUrl, port, admin, 'Layout Rentals');
  const login = await apiJson<{ token: string; user: { organizationId: string } }>(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { username: tenant.owner.email, password: tenant.owner.password },
  });
  const token = login.token;
  const type = await apiJson<{ id: string }>(baseUrl, '/api/inventory/product-types', {
    method: 'POST',
    token,
    body: { name: 'Electric Golf Cart With A Long Name', category: 'Carts', rates: [{ rate: 30, rateType: 'hourly' }] },
  });
  const item = await apiJson<{ id: string }>(baseUrl, '/api/inventory/items', {
    method: 'POST',
    token,
    body: {
      productTypeId: type.id,
      itemNumber: 'GC-0001-LONG-IDENT',
      location: 'The far north storage shed behind the clubhouse',
    },
  });
  const svc = await apiJson<{ id: string }>(baseUrl, '/api/inventory/services', {
    method: 'POST',
    token,
    body: {
      name: 'Sunset Kayak Tour Along The Northern Shore',
      rate: 25,
      rateType: 'PER_PERSON',
      availability: JSON.stringify([{ date: day(4), startTime: '17:00', endTime: '19:00', slotsAvailable: 20 }]),
    },
  });
  for (let i = 0; i < 4; i++) {
    await apiJson(baseUrl, '/api/reservations/services/create', {
      method: 'POST',
      token,
      body: {
        customer: { firstName: 'Bob', lastName: `Bookerwithalongname${i}`, phone: `555444000${i}` },
        reservation: {
          serviceId: svc.id,
          availabilitySlots: [{ date: day(4), startTime: '17:00', endTime: '19:00' }],
          participantCount: 2,
        },
      },
    });
  }
  await apiJson(baseUrl, '/api/reservations/items/create', {
    method: 'POST',
    token,
    body: {
      customer: { firstName: 'Rita', lastName: 'Ridersonwithalongname', phone: '5553330000' },
      reservation: {
        startTime: new Date(Date.now() + 86400_000).toISOString(),
        reservationDuration: 2,
        inventoryItemId: item.id,
        depositAmount: 10,
      },
    },
  });
  // An employee with a long name, for the employee page (written with the product's own store functions).
  Object.assign(process.env, inject('e2eStoreEnv'));
  const [{ userPuts }, { hashPassword }, { db }, { TransactWriteCommand }] = await Promise.all([
    import('../../functions/auth/store.js'),
    import('../../functions/lib/passwords.js'),
    import('../../functions/lib/db.js'),
    import('@aws-sdk/lib-dynamodb'),
  ]);
  employeeId = randomUUID();
  const email = `erin-${employeeId.slice(0, 8)}@example.com`;
  await db().send(
    new TransactWriteCommand({
      TransactItems: userPuts({
        id: employeeId,
        username: email,
        email,
        firstName: 'Erin',
        lastName: 'Employeewithaverylongsurname',
        role: 'EMPLOYEE',
        accessLevel: 'EMPLOYEE',
        organizationId: login.user.organizationId,
        passwordHash: await hashPassword('Staff-Pass-2024'),
        isActive: true,
        createdAt: new Date().toISOString(),
      }),
    }),
  );
}, 120_000);

describe('at 1366 px', () => {
  it('every reservations table fits: Details and Cancel without sideways scrolling; the header counts the tab shown', async () => {
    const page = await signIn(DESKTOP);
    await page.goto(`${tenant.origin}/reservations`);
    const header = page.getByRole('main');
    await header.getByText('1 item reservation · 1 active · 0 overdue').waitFor();

    await page.getByRole('tab', { name: 'Services' }).click();
    const services = page.getByRole('table', { name: 'Service bookings' });
    await services.waitFor();
    await header.getByText('4 service bookings · 4 active · 0 overdue').waitFor();
    expect(await fitsSideways(services.locator('xpath=..'))).toBe(true);
    const cancel = services.getByRole('button', { name: /^Cancel RES-/ }).first();
    const details = services.getByRole('button', { name: /^Details of RES-/ }).first();
    expect(await onScreen(page, cancel)).toBe(true);
    expect(await onScreen(page, details)).toBe(true);
    await snapshot(page, 'layout-reservations-services-1366');

    await page.getByRole('tab', { name: 'Reservations Log' }).click();
    const log = page.getByRole('table', { name: 'Reservations log' });
    await log.waitFor();
    expect(await fitsSideways(log.locator('xpath=..'))).toBe(true);
    await header.getByText('5 reservations of items and services · 5 active · 0 overdue').waitFor();
    await snapshot(page, 'layout-reservations-log-1366');
  });

  it('opens a navigation drawer of about 320 px, not most of the screen', async () => {
    const page = await signIn(DESKTOP);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Reservations' }).waitFor();
    await animationsDone(page); // the slide-in animation
    const drawer = page.getByRole('dialog');
    const width = (await drawer.boundingBox())!.width;
    expect(width).toBeGreaterThan(280);
    expect(width).toBeLessThanOrEqual(340);
    await snapshot(page, 'layout-drawer-1366');
  });

  it("shows whole usernames and sign-in times in a tenant's Users tab", async () => {
    const page = await newPage(DESKTOP);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/platform/dashboard`);
    await page.getByRole('tab', { name: 'Tenant Management' }).click();
    await page.getByRole('button', { name: new RegExp(`Details of Layout Rentals`) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Users' }).click();
    const users = dialog.getByRole('table', { name: 'Users' });
    const username = users.getByText(tenant.owner.email);
    await username.waitFor();
    expect(await fitsSideways(users.locator('xpath=..'))).toBe(true);
    expect(await fitsSideways(username)).toBe(true);
    const signedIn = users.getByText(/ago$|^Never$/).first();
    expect(await fitsSideways(signedIn)).toBe(true);
    const cell = signedIn.locator('xpath=ancestor-or-self::td[1]');
    const [c, t] = [(await cell.boundingBox())!, (await signedIn.boundingBox())!];
    expect(t.x + t.width).toBeLessThanOrEqual(c.x + c.width + 1);
    await snapshot(page, 'layout-tenant-users-1366');
  });
});

describe('at 375 px', () => {
  it('opens the navigation over the whole phone', async () => {
    const page = await signIn(PHONE);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inventory' }).waitFor();
    await animationsDone(page);
    expect((await page.getByRole('dialog').boundingBox())!.width).toBeGreaterThanOrEqual(370);
  });

  it('shows inventory items as cards, with their status and actions on screen, and keeps the chosen tab in view', async () => {
    const page = await signIn(PHONE);
    await page.goto(`${tenant.origin}/inventory`);
    const card = page.locator('[data-item-number="GC-0001-LONG-IDENT"]');
    await card.waitFor();
    expect(await page.getByRole('table', { name: 'Inventory items' }).count()).toBe(0);
    for (const l of [card.getByLabel('Status of GC-0001-LONG-IDENT'), card.getByRole('button', { name: /^Delete/ })])
      expect(await onScreen(page, l)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snapshot(page, 'layout-inventory-375');
    await page.getByRole('tab', { name: 'Activity Log' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Refresh' }).waitFor();
    expect(await selectedTabInView(page)).toBe(true);
  });

  it("fits the dashboard's quick actions inside their buttons", async () => {
    const page = await signIn(PHONE);
    const action = page
      .getByRole('region', { name: 'Quick Actions' })
      .getByRole('link', { name: 'Active Reservations' });
    await action.waitFor();
    expect(await fitsSideways(action)).toBe(true);
    expect(await onScreen(page, action)).toBe(true);
  });

  it("keeps the employee page's Performance tab in reach and in view", async () => {
    const page = await signIn(PHONE);
    await page.goto(`${tenant.origin}/employees/${employeeId}`);
    const performance = page.getByRole('tab', { name: 'Performance' });
    await performance.click();
    expect(await performance.getAttribute('aria-selected')).toBe('true');
    expect(await selectedTabInView(page)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('fits the new reservation dialog, its duration in days and the estimate (R-RES-15)', async () => {
    const page = await signIn(PHONE);
    await page.goto(`${tenant.origin}/reservations`);
    await page.getByRole('button', { name: 'New Reservation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Reservation' });
    // after the fixture's own booking of the item (tomorrow)
    await dialog.getByLabel('Start time').fill(`${day(10)}T10:00`);
    await dialog.getByLabel('Unit').selectOption('days');
    await dialog.getByLabel('Duration').fill('3');
    await expect.poll(() => dialog.getByLabel('Inventory item').locator('option').count()).toBeGreaterThan(1);
    await dialog.getByLabel('Inventory item').selectOption({ index: 1 });
    await dialog.getByText(/^Estimated:/).waitFor();
    await animationsDone(page);
    for (const l of [dialog.getByLabel('Duration'), dialog.getByLabel('Unit'), dialog.getByText(/^Estimated:/)])
      expect(await onScreen(page, l)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snapshot(page, 'layout-reservation-days-375');
  });

  it('brings the portal tab asked for into view, and the tenant cards keep Emails and System', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/platform/dashboard`);
    await page.goto(`${baseUrl}/platform/dashboard?tab=configuration`);
    await page.getByRole('tab', { name: 'Configuration', selected: true }).waitFor();
    await animationsDone(page);
    expect(await selectedTabInView(page)).toBe(true);

    await page.getByRole('tab', { name: 'Tenant Management' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Layout Rentals' }).first();
    await card.waitFor();
    await card.getByText('Emails').waitFor();
    await card.getByText('System').waitFor();
    expect(await selectedTabInView(page)).toBe(true);
    await snapshot(page, 'layout-tenants-375');
  });
});
