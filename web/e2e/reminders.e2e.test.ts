import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiJson, createTenant, launch, snapshot, type E2eTenant } from './browser.js';

/**
 * Reminders end to end (R-SET-7): set reminders on Notification Preferences, book through a
 * share link, run the reminder sweep at the reminder's due time, read the mail in the local inbox,
 * open its cancel link and cancel; the place is back on the public page and the staff dashboard shows
 * the cancellation live.
 */
const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');
const inboxUrl = inject('e2eInboxUrl');

type Mail = { destination: { to: string[] }; subject: string; body: { text?: string } };
async function mailsTo(to: string, count = 1): Promise<Mail[]> {
  for (let i = 0; i < 60; i++) {
    const inbox = (await (await fetch(inboxUrl)).json()) as { emails: Mail[] };
    const mine = inbox.emails.filter((m) => m.destination.to.includes(to));
    if (mine.length >= count) return mine;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail for ${to}`);
}

let browser: Browser;
const contexts: BrowserContext[] = [];
let tenant: E2eTenant;
let staff: Page;
let token: string;
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function newPage(width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const p = await context.newPage();
  p.setDefaultTimeout(20_000);
  return p;
}

/**
 * The reminder sweep, run in this process against the runtime's table and SES emulator at a
 * simulated time (the reminder is due tomorrow); the sweep's cursor is put back afterwards so the
 * runtime's own every-minute sweep keeps its place.
 */
async function sweepAt(now: number) {
  Object.assign(process.env, inject('e2eStoreEnv'), {
    SES_ENDPOINT: new URL(inboxUrl).origin,
    MAIL_FROM: 'bookings@rental.local',
    APP_BASE_URL: baseUrl,
    TENANT_URL_MODE: 'subdomain',
  });
  const [{ resetConfig }, { resetMail }, { db, tableName }, sdk, sweep] = await Promise.all([
    import('../../functions/lib/config.js'),
    import('../../functions/lib/mail.js'),
    import('../../functions/lib/db.js'),
    import('@aws-sdk/lib-dynamodb'),
    import('../../functions/sweeps/reminders.js'),
  ]);
  resetConfig();
  resetMail();
  const key = { TableName: tableName(), Key: sweep.CURSOR_KEY };
  const saved = (await db().send(new sdk.GetCommand({ ...key, ConsistentRead: true }))).Item;
  await db().send(new sdk.DeleteCommand(key));
  try {
    return await sweep.sweepReminders(now);
  } finally {
    if (saved) await db().send(new sdk.PutCommand({ TableName: tableName(), Item: saved }));
    else await db().send(new sdk.DeleteCommand(key));
  }
}

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Reminder Rides');
  token = (
    await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: tenant.owner.email, password: tenant.owner.password },
    })
  ).token;
  staff = await newPage();
  await staff.goto(tenant.loginUrl);
  await staff.waitForURL(`${tenant.origin}/dashboard`);
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('reminders', () => {
  it('set reminders, book, receive the reminder, cancel through its link; the place comes back and staff see it live', async () => {
    // 1. Notification Preferences: service bookings are reminded 1 day and 5 hours before.
    await staff.goto(`${tenant.origin}/storefront/notifications`);
    const section = staff.getByRole('form', { name: 'Booking reminders' });
    await section.getByTestId('service-offsets').getByText('1 day before').waitFor();
    await section.getByRole('button', { name: 'Remove the reminder 2 hours before' }).first().click();
    await section.getByLabel('Service bookings: how long before').fill('5');
    await section.getByLabel('Service bookings: unit').selectOption('hours');
    await section.getByRole('button', { name: 'Add reminder' }).first().click();
    await section.getByTestId('service-offsets').getByText('5 hours before').waitFor();
    await section.getByRole('button', { name: 'Save reminders' }).click();
    await staff.getByText('Reminder settings saved').waitFor();
    await snapshot(staff, 'e2e-reminders-settings-1366');
    await staff.setViewportSize({ width: 375, height: 800 });
    await section.getByTestId('service-offsets').waitFor();
    await snapshot(staff, 'e2e-reminders-settings-375');
    await staff.setViewportSize({ width: 1366, height: 900 });
    const saved = await apiJson<{ data: { serviceBeforeMinutes: number[] } }>(baseUrl, '/api/settings/reminders', {
      token,
    });
    expect(saved.data.serviceBeforeMinutes).toEqual([1440, 300]);

    // 2. A service two days ahead, 6 places, shared.
    const service = await apiJson<{ id: string }>(baseUrl, '/api/inventory/services', {
      method: 'POST',
      token,
      body: {
        name: 'Lighthouse Ride',
        rate: '20',
        rateType: 'per_person',
        timeZone: 'UTC',
        availability: JSON.stringify([{ date: day(2), startTime: '15:00', endTime: '17:00', slotsAvailable: 6 }]),
        rsvpSettings: JSON.stringify({ maxParticipants: 6, enablePublicBookings: true }),
      },
    });
    const { shareToken } = await apiJson<{ shareToken: string }>(
      baseUrl,
      `/api/inventory/services/${service.id}/generate-share-link`,
      { method: 'POST', token },
    );
    const link = `${tenant.origin}/service/${shareToken}`;

    // 3. A customer books 2 places on the public page.
    const customer = await newPage();
    await customer.goto(link);
    await customer.getByRole('heading', { name: 'Lighthouse Ride' }).waitFor();
    await customer.getByTestId('slot-button').first().getByText('6 left').waitFor();
    await customer.getByTestId('slot-button').first().click();
    const modal = customer.getByRole('dialog');
    await modal.locator('input[name=firstName]').fill('Nora');
    await modal.locator('input[name=lastName]').fill('Reminded');
    await modal.locator('input[name=phone]').fill('(555) 222-3434');
    await modal.locator('input[name=email]').fill('nora@example.com');
    await modal.locator('select[name=participantCount]').selectOption('2');
    await modal.getByRole('button', { name: 'Book Now' }).click();
    await customer.getByRole('heading', { name: 'Payment Required' }).waitFor();
    const number = (await customer.getByTestId('reservation-number').textContent())!.trim();

    // 4. The 1-day reminder's time comes: the sweep sends it once.
    const start = Date.parse(`${day(2)}T15:00:00.000Z`);
    const run = await sweepAt(start - 1440 * 60_000 + 30_000);
    expect(run.sent).toBe(1);
    const [mail] = await mailsTo('nora@example.com', 2).then((m) => m.filter((x) => x.subject.startsWith('Reminder')));
    expect(mail!.subject).toContain(number);
    expect(mail!.body.text).toContain('Participants: 2');
    const cancelUrl = /(https?:\/\/\S+\/booking\/cancel\/[A-Za-z0-9_-]{43})/.exec(mail!.body.text ?? '')?.[1];
    expect(cancelUrl?.startsWith(`${tenant.origin}/booking/cancel/`)).toBe(true);

    // 5. Staff watch the dashboard while the customer cancels through the link.
    await staff.goto(`${tenant.origin}/dashboard`);
    await staff.getByText('Live Updates').waitFor();
    await customer.goto(cancelUrl!);
    await customer.getByRole('heading', { name: 'Cancel this booking?' }).waitFor();
    await customer.getByText(number, { exact: false }).waitFor();
    await snapshot(customer, 'e2e-reminders-cancel-page');
    await customer.getByRole('button', { name: 'Cancel this booking' }).click();
    await customer.getByRole('heading', { name: 'Booking cancelled' }).waitFor();

    await staff
      .getByRole('list', { name: 'Recent activity' })
      .getByText(`Reservation ${number} cancelled`)
      .waitFor({ timeout: 15_000 });

    // 6. The places are back on the public page; the link answers "already cancelled" from now on.
    await customer.goto(link);
    await customer.getByTestId('slot-button').first().getByText('6 left').waitFor();
    const again = await fetch(`${baseUrl}/public/reservations/cancel/${cancelUrl!.split('/').pop()}`, {
      method: 'POST',
    });
    expect(again.status).toBe(409);
  });
});
