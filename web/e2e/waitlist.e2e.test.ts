import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiJson, createTenant, launch, snapshot, type E2eTenant } from './browser.js';

/**
 * The waitlist end to end (R-SVC-7..R-SVC-11), at 375 and 1366 px: a customer joins a full
 * slot on the public page and confirms by the e-mailed link, staff cancel the booking that filled it, the offer e-mail arrives in the
 * local inbox (the offer is made right after the cancellation), the customer books from its link and
 * sees what to pay, and the slot is full again.
 */
const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');
const inboxUrl = inject('e2eInboxUrl');

type Mail = { destination: { to: string[] }; subject: string; body: { text?: string } };
async function mailTo(to: string, subject: string): Promise<Mail> {
  for (let i = 0; i < 120; i++) {
    const inbox = (await (await fetch(inboxUrl)).json()) as { emails: Mail[] };
    const mine = inbox.emails.find((m) => m.destination.to.includes(to) && m.subject.startsWith(subject));
    if (mine) return mine;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no "${subject}" mail for ${to}`);
}

let browser: Browser;
const contexts: BrowserContext[] = [];
let tenant: E2eTenant;
let token: string;
let staff: Page;
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const p = await context.newPage();
  p.setDefaultTimeout(20_000);
  return p;
}

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Waitlist Walks');
  token = (
    await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: tenant.owner.email, password: tenant.owner.password },
    })
  ).token;
  staff = await newPage(1366);
  await staff.goto(tenant.loginUrl);
  await staff.waitForURL(`${tenant.origin}/dashboard`);
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('waitlist', () => {
  it.each([375, 1366])(
    'at %i px: join a full slot, staff cancel, the offer arrives, book from it, the slot is full again',
    async (width) => {
      const name = `Harbour Walk ${width}`;
      const slot = { date: day(3), startTime: '10:00', endTime: '12:00' };
      const service = await apiJson<{ id: string }>(baseUrl, '/api/inventory/services', {
        method: 'POST',
        token,
        body: {
          name,
          rate: '30',
          rateType: 'FIXED',
          timeZone: 'UTC',
          availability: JSON.stringify([{ ...slot, slotsAvailable: 1 }]),
          rsvpSettings: JSON.stringify({ maxParticipants: 4, enablePublicBookings: true }),
        },
      });
      const { shareToken } = await apiJson<{ shareToken: string }>(
        baseUrl,
        `/api/inventory/services/${service.id}/generate-share-link`,
        { method: 'POST', token },
      );
      const link = `${tenant.origin}/service/${shareToken}`;
      // Someone else took the only place.
      const first = await apiJson<{ reservation: { id: string } }>(baseUrl, `/public/service/${shareToken}/book`, {
        method: 'POST',
        body: {
          selectedSlots: [slot],
          customer: {
            firstName: 'Early',
            lastName: 'Bird',
            phone: '(555) 100-2000',
            email: `early${width}@example.com`,
          },
          participantCount: 1,
        },
      });

      // 1. The customer finds the slot full and joins its waitlist.
      const email = `wanda${width}@example.com`;
      const customer = await newPage(width);
      await customer.goto(link);
      await customer.getByRole('heading', { name }).waitFor();
      const full = customer.getByTestId('full-slot');
      await full.getByText('Full').waitFor();
      expect(await customer.getByTestId('slot-button').count()).toBe(0);
      await full.getByRole('button', { name: 'Join the waitlist' }).click();
      const form = customer.getByRole('dialog', { name: 'Join the waitlist' });
      await form.getByRole('button', { name: 'Join the waitlist' }).click();
      await form.getByText('First name is required').waitFor();
      await form.locator('input[name=firstName]').fill('Wanda');
      await form.locator('input[name=lastName]').fill('Waiting');
      await form.locator('input[name=phone]').fill('(555) 400-5000');
      await form.locator('input[name=email]').fill(email);
      await form.getByRole('button', { name: 'Join the waitlist' }).click();
      // R-SVC-11: the place in line starts when the e-mailed link is opened.
      await form.getByText('Check your e-mail to confirm your place').waitFor();
      await snapshot(customer, `e2e-waitlist-joined-${width}`);
      await form.getByRole('button', { name: 'Done' }).click();
      const confirmUrl = /(https?:\/\/\S+\/service\/[A-Za-z0-9_-]{43}\/confirm\/[A-Za-z0-9_-]{43})/.exec(
        (await mailTo(email, 'Confirm your place')).body.text ?? '',
      )?.[1];
      expect(confirmUrl).toBeTruthy();
      await customer.goto(confirmUrl!);
      await customer.getByRole('heading', { name: 'Place confirmed' }).waitFor();
      await customer.getByText(/You are number 1 on the waitlist/).waitFor();
      await snapshot(customer, `e2e-waitlist-confirmed-${width}`);
      expect((await mailTo(email, 'You are on the waitlist')).body.text).toContain('Your position: 1');

      // 2. Staff cancel the booking; the place is offered at once.
      await apiJson(baseUrl, `/api/reservations/processing/${first.reservation.id}/cancel`, {
        method: 'POST',
        token,
        body: {},
      });
      const offerMail = await mailTo(email, 'Places are free');
      const offerUrl = /(https?:\/\/\S+\/service\/[A-Za-z0-9_-]{43}\/offer\/[A-Za-z0-9_-]{43})/.exec(
        offerMail.body.text ?? '',
      )?.[1];
      expect(offerUrl).toBeTruthy();

      // Staff see who holds the place.
      await staff.goto(`${tenant.origin}/inventory`);
      await staff.getByRole('tab', { name: /Services/ }).click();
      await staff
        .getByTestId('service-card')
        .filter({ hasText: name })
        .getByRole('button', { name: `View details of ${name}` })
        .click();
      const details = staff.getByRole('dialog', { name });
      await details.getByTestId('waitlist-entry').getByText('Wanda Waiting').waitFor();
      await details
        .getByTestId('waitlist-status')
        .getByText(/Offered until/)
        .waitFor();
      await snapshot(staff, `e2e-waitlist-staff-${width}`);
      await staff.keyboard.press('Escape');

      // The held place is not on the public page.
      await customer.goto(link);
      await customer.getByTestId('full-slot').waitFor();
      expect(await customer.getByTestId('slot-button').count()).toBe(0);

      // 3. The customer books from the offer.
      await customer.goto(offerUrl!);
      await customer.getByRole('heading', { name }).waitFor();
      await customer.getByTestId('offer-total').getByText('$30.00').waitFor();
      await snapshot(customer, `e2e-waitlist-offer-${width}`);
      await customer.getByRole('button', { name: 'Book now' }).click();
      await customer.getByRole('heading', { name: 'Payment Required' }).waitFor();
      await customer.getByTestId('reservation-number').waitFor();
      await snapshot(customer, `e2e-waitlist-booked-${width}`);

      // 4. The slot is full again.
      await customer.goto(link);
      await customer.getByTestId('full-slot').getByText('Full').waitFor();
      const svc = await apiJson<{ availability: string }>(baseUrl, `/api/inventory/services/${service.id}`, { token });
      expect(JSON.parse(svc.availability)[0].slotsAvailable).toBe(0);
    },
    120_000,
  );
});
