import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiJson, createTenant, launch, snapshot } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

let browser: Browser;
const contexts: BrowserContext[] = [];

async function newPage(width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

const day = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('dashboard live updates and customers', () => {
  it("a booking made elsewhere reaches a second browser's dashboard without a reload, then the customer is on the Customers page", async () => {
    const tenant = await createTenant(baseUrl, port, admin, 'Live Carts');
    const { token } = await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: tenant.owner.email, password: tenant.owner.password },
    });

    // Two browsers of one tenant on the dashboard.
    const first = await newPage();
    await first.goto(tenant.loginUrl);
    await first.waitForURL(`${tenant.origin}/dashboard`);
    const second = await newPage();
    await second.goto(tenant.loginUrl);
    await second.waitForURL(`${tenant.origin}/dashboard`);
    await second.getByText('Live Updates').waitFor();
    expect(await second.getByTestId('stat-Active Reservations').textContent()).toBe('0');
    expect(await second.getByTestId('stat-Customers').textContent()).toBe('0');

    // The first books: a service with a slot, shared, then booked through its public link (the API).
    const service = await apiJson<{ id: string }>(baseUrl, '/api/inventory/services', {
      method: 'POST',
      token,
      body: {
        name: 'Cart Tour',
        rate: '40',
        rateType: 'per_person',
        timeZone: 'UTC',
        availability: JSON.stringify([{ date: day(2), startTime: '10:00', endTime: '12:00', slotsAvailable: 6 }]),
        rsvpSettings: JSON.stringify({ maxParticipants: 6, enablePublicBookings: true }),
      },
    });
    const { shareToken } = await apiJson<{ shareToken: string }>(
      baseUrl,
      `/api/inventory/services/${service.id}/generate-share-link`,
      { method: 'POST', token },
    );
    const booked = await apiJson<{ reservationNumber?: string; reservation?: { reservationNumber: string } }>(
      baseUrl,
      `/public/service/${shareToken}/book`,
      {
        method: 'POST',
        body: {
          selectedSlots: [{ date: day(2), startTime: '10:00', endTime: '12:00' }],
          customer: { firstName: 'Rosa', lastName: 'Parks', phone: '(555) 867-5309', email: 'rosa@example.com' },
          participantCount: 1,
          isPublicBooking: true,
        },
      },
    );
    const bookedAt = Date.now();
    const number = booked.reservationNumber ?? booked.reservation?.reservationNumber ?? '';

    // The second sees it without a reload: the stat card, the active list and Recent Activity.
    await second.getByTestId('stat-Active Reservations').filter({ hasText: '1' }).waitFor({ timeout: 10_000 });
    const onScreenMs = Date.now() - bookedAt;
    await second.getByRole('list', { name: 'Active reservations' }).getByText('Rosa Parks').waitFor();
    await second
      .getByRole('list', { name: 'Recent activity' })
      .getByText(/New reservation/)
      .waitFor();
    expect(await second.getByTestId('stat-Customers').textContent()).toBe('1');
    await second.getByText('Live Updates').waitFor();
    expect(onScreenMs).toBeLessThan(5_000);
    process.stderr.write(`dashboard-live: booking on the second screen after ${onScreenMs} ms\n`);
    await snapshot(second, 'dashboard-live-1366');
    await second.setViewportSize({ width: 375, height: 800 });
    await snapshot(second, 'dashboard-live-375');
    await second.setViewportSize({ width: 1366, height: 900 });

    // Then the customer is on the Customers page and in View Details.
    await second.getByRole('link', { name: 'Customers' }).first().click();
    await second.waitForURL(`${tenant.origin}/customers`);
    await second.getByText('1 customer', { exact: true }).waitFor();
    const row = second.getByRole('row').filter({ hasText: 'Rosa Parks' });
    await row.getByText('(555) 867-5309').waitFor();
    await second.getByLabel('Search customers').fill('5309');
    await second.getByRole('button', { name: 'Search' }).click();
    await second.getByText('1 customer matching "5309"').waitFor();
    await second.getByRole('button', { name: 'View details of Rosa Parks' }).click();
    const dialog = second.getByRole('dialog', { name: 'Rosa Parks' });
    await dialog.getByText('Customer since').waitFor();
    await dialog.getByText('Cart Tour').waitFor();
    if (number) await dialog.getByText(number).waitFor();
    await snapshot(second, 'customers-details-1366');
    await dialog.getByText('Close', { exact: true }).click();
    await second.getByLabel('Search customers').fill('nobody-here');
    await second.getByRole('button', { name: 'Search' }).click();
    await second.getByText('No Customers Found').waitFor();
    await second.getByText(/No customers match "nobody-here"/).waitFor();
    await second.setViewportSize({ width: 375, height: 800 });
    await second.getByRole('button', { name: 'Clear' }).click();
    await second.getByText('1 customer', { exact: true }).waitFor();
    await snapshot(second, 'customers-375');
    expect(first.url()).toBe(`${tenant.origin}/dashboard`);
  });
});
