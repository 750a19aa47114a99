/**
 * docs/decisions/0004-idempotent-submissions.md: a double click, and a request the network delivers twice (a retry on a
 * slow line), create one reservation and one product type. Each intercepted submit reaches the server twice with the
 * browser's own headers; only the Idempotency-Key the SPA sends makes the second a replay of the first.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTenant, launch, type E2eTenant } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

let browser: Browser;
let tenant: E2eTenant;
const contexts: BrowserContext[] = [];

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

const DUPLICATE = 'x-e2e-duplicate';

/**
 * The network delivers each matching request twice: a copy with the same headers and body reaches
 * the server first (sent from the page, so the tenant host resolves as the browser resolves it),
 * then the original, whose answer the page gets.
 */
async function deliverTwice(page: Page, method: string, path: RegExp): Promise<{ keys: (string | undefined)[] }> {
  const seen = { keys: [] as (string | undefined)[] };
  await page.route(path, async (route: Route) => {
    const req = route.request();
    if (req.method() !== method || req.headers()[DUPLICATE]) return route.continue();
    seen.keys.push(req.headers()['idempotency-key']);
    const headers = { ...req.headers(), [DUPLICATE]: '1' };
    await page.evaluate(
      async ({ url, method, headers, body }) => {
        await fetch(url, { method, headers, body });
      },
      { url: req.url(), method, headers, body: req.postData() },
    );
    await route.continue();
  });
  return seen;
}

/** A call of the API from the signed-in page (its stored token). */
const apiFrom = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as any;
    },
    { method, path, body },
  );

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Twice Tours');
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('double submits', () => {
  it('a double-clicked, twice-delivered "Create Product Type" makes one product type', async () => {
    const staff = await newPage();
    await staff.goto(tenant.loginUrl);
    await staff.waitForURL(`${tenant.origin}/dashboard`);
    await staff.goto(`${tenant.origin}/inventory`);
    await staff.getByRole('button', { name: 'Create Your First Product Type' }).click();
    const typeForm = staff.getByRole('dialog', { name: 'Create New Product Type' });
    await typeForm.getByLabel('Name').fill('Pedal Boat');
    await typeForm.getByLabel('Category').fill('Boats');
    await typeForm.getByLabel('Rate 1 amount').fill('30');
    const seen = await deliverTwice(staff, 'POST', /\/api\/inventory\/product-types$/);
    await typeForm.getByRole('button', { name: 'Create Product Type' }).dblclick();
    await staff.getByText('Product type created successfully').waitFor();
    expect(seen.keys.length).toBeGreaterThan(0);
    expect(seen.keys.every((k) => typeof k === 'string' && k === seen.keys[0])).toBe(true);
    const types = (await apiFrom(staff, 'GET', '/api/inventory/product-types')) as { name: string }[];
    expect(types.filter((t) => t.name === 'Pedal Boat')).toHaveLength(1);
  });

  it('a double-clicked, twice-delivered public "Book Now" makes one reservation', async () => {
    const staff = await newPage();
    await staff.goto(tenant.loginUrl);
    await staff.waitForURL(`${tenant.origin}/dashboard`);
    const d = new Date(Date.now() + 6 * 86400_000);
    const date = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const svc = await apiFrom(staff, 'POST', '/api/inventory/services', {
      name: 'Harbour Walk',
      description: 'An hour along the quay',
      location: 'Quay',
      rate: '10',
      rateType: 'FIXED',
      availability: JSON.stringify([{ date, startTime: '10:00', endTime: '11:00', slotsAvailable: 5 }]),
      paymentSettings: JSON.stringify({ venmo: '@walks' }),
      rsvpSettings: JSON.stringify({ maxParticipants: 5, enablePublicBookings: true }),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(svc.id, JSON.stringify(svc)).toBeTruthy();
    const { shareToken } = await apiFrom(staff, 'POST', `/api/inventory/services/${svc.id}/generate-share-link`);

    const customer = await newPage();
    await customer.goto(`${tenant.origin}/service/${shareToken}`);
    await customer.getByRole('heading', { name: 'Harbour Walk' }).waitFor();
    await customer.getByTestId('slot-button').first().click();
    const modal = customer.getByRole('dialog');
    await modal.locator('input[name=firstName]').fill('Ada');
    await modal.locator('input[name=lastName]').fill('Lovelace');
    await modal.locator('input[name=phone]').fill('(555) 123-0001');
    await modal.locator('input[name=email]').fill('ada@example.com');
    const seen = await deliverTwice(customer, 'POST', /\/public\/service\/[^/]+\/book$/);
    await modal.getByRole('button', { name: 'Book Now' }).dblclick();
    await customer.getByRole('heading', { name: 'Payment Required' }).waitFor();
    expect(seen.keys.length).toBeGreaterThan(0);
    expect(seen.keys.every((k) => typeof k === 'string' && k === seen.keys[0])).toBe(true);

    const list = await apiFrom(
      staff,
      'GET',
      `/api/reservations/integration/all?kind=SERVICE&serviceId=${svc.id}&limit=25`,
    );
    expect(list.reservations, JSON.stringify(list)).toHaveLength(1);
  });
});
