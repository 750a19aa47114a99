/**
 * R-RES-12 in a real browser against the local runtime: a booking whose start has passed is marked a
 * no-show from its details, the list shows the No-show badge and chip, the customer's count shows.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiJson, createTenant, launch, snapshot, type E2eTenant } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

let browser: Browser;
let context: BrowserContext;
let tenant: E2eTenant;
let number = '';
let redirectUrl = '';

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Missed Carts');
  const owner = await apiJson<{ token: string; redirectUrl: string; user: { organizationId: string } }>(
    baseUrl,
    '/api/auth/login',
    { method: 'POST', body: { username: tenant.owner.email, password: tenant.owner.password } },
  );
  redirectUrl = owner.redirectUrl;
  const type = await apiJson<{ id: string }>(baseUrl, '/api/inventory/product-types', {
    method: 'POST',
    token: owner.token,
    body: { name: 'Golf Cart', category: 'Carts', rates: [{ rate: 25, rateType: 'hourly' }] },
  });
  const item = await apiJson<{ id: string }>(baseUrl, '/api/inventory/items', {
    method: 'POST',
    token: owner.token,
    body: { productTypeId: type.id, itemNumber: 'GC-404' },
  });
  const booked = await apiJson<{ data: { id: string; reservationNumber: string } }>(
    baseUrl,
    '/api/reservations/items/create',
    {
      method: 'POST',
      token: owner.token,
      body: {
        customer: { firstName: 'Gus', lastName: 'Gone', phone: '(555) 404-0404' },
        reservation: {
          startTime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          reservationDuration: 2,
          inventoryItemId: item.id,
          depositAmount: 0,
        },
      },
    },
  );
  number = booked.data.reservationNumber;
  // Staff cannot book in the past: the booking's start is moved back an hour in the store, as time would.
  Object.assign(process.env, inject('e2eStoreEnv'));
  const { backdateReservation } = await import('../../functions/reservations/isolation-fixtures.js');
  await backdateReservation(
    owner.user.organizationId as never,
    booked.data.id,
    new Date(Date.now() - 3600_000).toISOString(),
  );
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
});

afterAll(async () => {
  await context?.close().catch(() => {});
  await browser?.close();
});

describe('no-shows', () => {
  it('marks a booking that was missed as a no-show; the list and the customer show it', async () => {
    const page: Page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(redirectUrl);
      await page.waitForURL(`${tenant.origin}/dashboard`);
      await page.goto(`${tenant.origin}/reservations`);
      const row = page.locator(`[data-reservation="${number}"]:visible`);
      await row.waitFor();
      expect(await row.getByText('No-show', { exact: true }).count()).toBe(0);

      await page.getByRole('button', { name: `Details of ${number}` }).click();
      const details = page.getByRole('dialog', { name: 'Reservation details' });
      await details.getByRole('button', { name: 'Mark as no-show' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(/It will be cancelled, its item or places freed/).waitFor();
      await confirm.getByRole('button', { name: 'Mark as no-show' }).click();
      await page.getByText('Reservation marked as a no-show').first().waitFor();
      await details.getByText('No-show', { exact: true }).waitFor();
      expect(await details.getByRole('button', { name: 'Mark as no-show' }).count()).toBe(0);
      await snapshot(page, 'no-show-details-1366');
      await details.getByRole('button', { name: 'Close' }).last().click();

      await row.getByText('No-show', { exact: true }).waitFor();
      await row.getByText('Cancelled', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'No-show (1)' }).click();
      await row.waitFor();

      await page.goto(`${tenant.origin}/customers`);
      const customer = page.getByRole('row').filter({ hasText: 'Gus Gone' });
      await customer.getByLabel('1 no-show').waitFor();
      await snapshot(page, 'no-show-customers-1366');
    } catch (e) {
      await snapshot(page, 'no-show-failure');
      throw e;
    }
  });
});
