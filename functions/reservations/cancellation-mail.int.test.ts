/**
 * Cancellations are told (docs/requirements/reservations.md R-RES-14, settings R-SET-13) against DynamoDB
 * Local and the SES emulator: each cancel path sends what it should and nothing else, the business's
 * switches gate its notices, another tenant's settings and address are never used, and a mail that
 * cannot be sent leaves the cancel standing.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import type { RunningSes } from '../local/ses.js';
import { mailProblems } from '../testing/mail.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useMailEndpoint, useTestMail, useTestTable } from '../testing/harness.js';
import { sweepUnpaid } from '../sweeps/unpaid-bookings.js';
import { backdateReservation } from './isolation-fixtures.js';
import { issueCancelToken } from '../reservation-rows/reminders.js';

const ZONE = 'America/New_York'; // sessionFor writes no organization row: the default zone
const day = (n: number) => addDaysToDay(todayIn(ZONE), n);
const at = (n: number, hhmm: string) => zonedDateTime(day(n), hhmm, ZONE).toISOString();

let ses: RunningSes;
let a: TestSession;
let b: TestSession;
let seq = 0;
const DESK_A = 'desk@lake-a.example';
const DESK_B = 'desk@lake-b.example';

interface Caught {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments: { filename?: string; content?: string; contentType?: string }[];
}
const inbox = async (): Promise<Caught[]> =>
  ((await (await fetch(ses.inboxUrl)).json()) as { emails: Caught[] }).emails;
const mailTo = async (to: string) =>
  (await inbox()).filter((m) => m.destination.to.some((t) => t.toLowerCase() === to.toLowerCase()));
const icsOf = (m: Caught) => {
  const a = m.attachments.find((x) => x.filename?.endsWith('.ics'));
  if (!a) throw new Error('no .ics attached');
  const content = a.content ?? '';
  const raw = /^[A-Za-z0-9+/=\r\n]+$/.test(content) ? Buffer.from(content, 'base64').toString('utf8') : content;
  return new ICAL.Component(ICAL.parse(raw));
};

async function setContact(s: TestSession, storeName: string, emailAddress: string) {
  const res = await call('PUT', '/api/settings/organization/contact', {
    token: s.token,
    body: {
      storeName,
      streetAddress: '1 Dock Rd',
      city: 'Portland',
      zipCode: '04101',
      emailAddress,
      phoneNumber: '(207) 555-0100',
    },
  });
  expect(res.status, res.raw).toBe(200);
}

async function setSwitches(s: TestSession, notifyCancellations: boolean, notifyNoShows: boolean) {
  const res = await call('PUT', '/api/settings/reminders', {
    token: s.token,
    body: {
      enabled: true,
      serviceBeforeMinutes: [1440],
      itemBeforeMinutes: [1440],
      lateReturnEnabled: true,
      cancelCutoffHours: 1,
      notifyCancellations,
      notifyNoShows,
    },
  });
  expect(res.status, res.raw).toBe(200);
  expect(res.body.data).toMatchObject({ notifyCancellations, notifyNoShows });
}

async function reserve(s: TestSession, email: string | null, depositAmount = 5) {
  const type = await call('POST', '/api/inventory/product-types', {
    token: s.token,
    body: { name: 'Kayak', category: 'Boats', rates: [{ rate: 20, rateType: 'hourly' }] },
  });
  const item = await call('POST', '/api/inventory/items', {
    token: s.token,
    body: { productTypeId: type.body.id, itemNumber: `CM-${++seq}` },
  });
  expect(item.status, item.raw).toBe(201);
  const res = await call('POST', '/api/reservations/items/create', {
    token: s.token,
    body: {
      customer: {
        firstName: 'Nora',
        lastName: `Guest${seq}`,
        phone: `555-020-${String(1000 + seq).slice(-4)}`,
        ...(email ? { email } : {}),
      },
      reservation: { startTime: at(3, '10:00'), reservationDuration: 2, inventoryItemId: item.body.id, depositAmount },
    },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body.data as { id: string; reservationNumber: string; startTime: string };
}

const staffCancel = (s: TestSession, id: string) =>
  call('POST', `/api/reservations/processing/${id}/cancel`, { token: s.token });
const customerCancel = async (s: TestSession, r: { id: string; startTime: string }) => {
  const token = await issueCancelToken(s.tenant, r);
  return call('POST', `/public/reservations/cancel/${token}`);
};
const noShow = (s: TestSession, id: string) =>
  call('POST', `/api/reservations/processing/${id}/no-show`, { token: s.token });

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('bookings@test.example');
  a = await sessionFor({ role: 'BUSINESS_ADMIN' });
  b = await sessionFor({ role: 'BUSINESS_ADMIN' });
  await setContact(a, 'Lake A Rentals', DESK_A);
  await setContact(b, 'Lake B Rentals', DESK_B);
}, 60_000);
afterAll(async () => {
  await ses?.stop();
});

describe('the customer is told (R-RES-14)', () => {
  it('a staff cancel: what, when in the zone, the deposit on record, a METHOD:CANCEL .ics; the business is not mailed', async () => {
    const email = 'staff.cancel@example.com';
    const r = await reserve(a, email);
    const before = (await mailTo(DESK_A)).length;
    const res = await staffCancel(a, r.id);
    expect(res.status, res.raw).toBe(200);
    const [mail, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(new RegExp(`^Cancelled: .+ on .+ \\(${r.reservationNumber}\\)$`));
    const text = mail!.body.text!;
    expect(text).toContain('Lake A Rentals has cancelled your booking.');
    expect(text).toContain('10:00 AM – 12:00 PM');
    expect(text).toContain('(America/New_York)');
    expect(text).toContain('Lake A Rentals has a payment of $5.00 (deposit) on record for this booking.');
    expect(text).toContain(`E-mail: ${DESK_A}`);
    expect(mailProblems({ to: email, subject: mail!.subject, html: mail!.body.html ?? '', text })).toEqual([]);
    const cal = icsOf(mail!);
    expect(cal.getFirstPropertyValue('method')).toBe('CANCEL');
    const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
    // The UID of the confirmation's and the reminders' file (lib/ical.ts reservationUid).
    expect(event.uid).toBe(`${r.id}.${a.tenant}@bookings`);
    expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.startDate.toJSDate().toISOString()).toBe(r.startTime);
    expect(await mailTo(DESK_A)).toHaveLength(before);
  });

  it('no e-mail on the reservation: nothing is sent, the cancel goes through', async () => {
    const r = await reserve(a, null);
    const before = (await inbox()).length;
    const res = await staffCancel(a, r.id);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.status).toBe('CANCELLED');
    expect(await inbox()).toHaveLength(before);
  });

  it('an unpaid public booking lapsed at its deadline: the customer is told why', async () => {
    const svc = await call('POST', '/api/inventory/services', {
      token: a.token,
      body: {
        name: 'Sunset tour',
        rate: 30,
        rateType: 'FIXED',
        availability: JSON.stringify([{ date: day(6), startTime: '09:00', endTime: '10:00', slotsAvailable: 4 }]),
      },
    });
    expect(svc.status, svc.raw).toBe(201);
    const link = await call('POST', `/api/inventory/services/${svc.body.id}/generate-share-link`, { token: a.token });
    const email = 'lapsed@example.com';
    const booked = await call('POST', `/public/service/${link.body.shareToken}/book`, {
      body: {
        selectedSlots: [{ date: day(6), startTime: '09:00', endTime: '10:00' }],
        customer: { firstName: 'Pay', lastName: 'Later', phone: '555-909-0002', email },
        participantCount: 1,
      },
    });
    expect(booked.status, booked.raw).toBe(201);
    const before = (await mailTo(DESK_A)).length;
    await sweepUnpaid(Date.now() + 25 * 3600_000);
    const cancelled = (await mailTo(email)).filter((m) => m.subject.startsWith('Cancelled:'));
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.body.text).toContain('payment was not received by the deadline');
    expect(cancelled[0]!.body.text).toContain('Participants: 1');
    expect(cancelled[0]!.body.text).not.toContain('on record');
    expect(await mailTo(DESK_A)).toHaveLength(before);
  });
});

describe('the business is told, behind its switches (R-SET-13), and only its own', () => {
  it('a customer cancel by link: the customer and the business are mailed; switched off, only the customer', async () => {
    await setSwitches(a, true, true);
    await setSwitches(b, false, false);
    const email = 'link.cancel@example.com';
    const r = await reserve(a, email);
    const [deskA, deskB] = [(await mailTo(DESK_A)).length, (await mailTo(DESK_B)).length];
    const res = await customerCancel(a, r);
    expect(res.status, res.raw).toBe(200);
    const [mine] = await mailTo(email);
    expect(mine!.body.text).toContain('As you asked, your booking with Lake A Rentals is cancelled.');
    const notices = (await mailTo(DESK_A)).slice(deskA);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toContain(`Cancelled by the customer:`);
    expect(notices[0]!.body.text).toContain(`Nora Guest${seq} cancelled their booking online.`);
    expect(notices[0]!.body.text).toContain(`E-mail: ${email}`);
    expect(await mailTo(DESK_B)).toHaveLength(deskB);

    // A's switch off (B's on): A's next cancellation by link mails the customer only.
    await setSwitches(a, false, true);
    await setSwitches(b, true, true);
    const email2 = 'link.cancel.quiet@example.com';
    const r2 = await reserve(a, email2);
    const deskA2 = (await mailTo(DESK_A)).length;
    expect((await customerCancel(a, r2)).status).toBe(200);
    expect(await mailTo(email2)).toHaveLength(1);
    expect(await mailTo(DESK_A)).toHaveLength(deskA2);
    expect(await mailTo(DESK_B)).toHaveLength(deskB);
  });

  it('a no-show: the business is mailed, the customer is not; switched off, nobody', async () => {
    await setSwitches(a, true, true);
    await setSwitches(b, false, false);
    const email = 'absent@example.com';
    const r = await reserve(a, email);
    await backdateReservation(a.tenant, r.id, new Date(Date.now() - 120_000).toISOString());
    const deskA = (await mailTo(DESK_A)).length;
    const deskB = (await mailTo(DESK_B)).length;
    const res = await noShow(a, r.id);
    expect(res.status, res.raw).toBe(200);
    const notices = (await mailTo(DESK_A)).slice(deskA);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(new RegExp(`^No-show: Nora Guest${seq}, .+\\(${r.reservationNumber}\\)$`));
    expect(notices[0]!.body.text).toContain('did not show up for their booking (marked by');
    expect(await mailTo(email)).toHaveLength(0);
    expect(await mailTo(DESK_B)).toHaveLength(deskB);

    await setSwitches(a, true, false);
    await setSwitches(b, true, true);
    const r2 = await reserve(a, 'absent.again@example.com');
    await backdateReservation(a.tenant, r2.id, new Date(Date.now() - 120_000).toISOString());
    const deskA2 = (await mailTo(DESK_A)).length;
    expect((await noShow(a, r2.id)).status).toBe(200);
    expect(await mailTo(DESK_A)).toHaveLength(deskA2);
    expect(await mailTo('absent.again@example.com')).toHaveLength(0);
    expect(await mailTo(DESK_B)).toHaveLength(deskB);
  });

  it('a settings save without the switches (an older client) keeps them as stored', async () => {
    await setSwitches(a, false, true);
    const res = await call('PUT', '/api/settings/reminders', {
      token: a.token,
      body: {
        enabled: true,
        serviceBeforeMinutes: [],
        itemBeforeMinutes: [],
        lateReturnEnabled: true,
        cancelCutoffHours: 2,
      },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ cancelCutoffHours: 2, notifyCancellations: false, notifyNoShows: true });
    const bad = await call('PUT', '/api/settings/reminders', {
      token: a.token,
      body: {
        enabled: true,
        serviceBeforeMinutes: [],
        itemBeforeMinutes: [],
        lateReturnEnabled: true,
        cancelCutoffHours: 2,
        notifyNoShows: 'yes',
      },
    });
    expect(bad.status).toBe(400);
  });
});

describe('a mail that cannot be sent', () => {
  it('leaves the cancel standing and answers 200', async () => {
    const r = await reserve(a, 'unreachable@example.com');
    useMailEndpoint('http://127.0.0.1:9'); // nothing listens: every send fails
    try {
      const res = await staffCancel(a, r.id);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.status).toBe('CANCELLED');
    } finally {
      useMailEndpoint(ses.endpoint);
    }
    const detail = await call('GET', `/api/reservations/integration/${r.id}`, { token: a.token });
    expect(detail.body.data.status).toBe('CANCELLED');
  });
});
