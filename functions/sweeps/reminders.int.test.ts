import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { db, tableName } from '../lib/db.js';
import { keys } from '../lib/keys.js';
import { indexShard } from '../lib/sweep-shard-keys.js';
import type { RunningSes } from '../local/ses.js';
import { forgetOrganizationTimeZones } from '../lib/organization.js';
import type { AuthClaims } from '../lib/tokens.js';
import { createItemReservation } from '../bookings/create.js';
import { restoreReservation } from '../reservations/lifecycle.js';
import { cancelByLink } from '../reservations/cancel-link.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { CURSOR_KEY, sweepReminders } from './reminders.js';

/**
 * Reminders end to end against DynamoDB Local and the SES emulator (R-SET-7): scheduling in
 * the booking transaction, the sweep's exactly-once claim, DST-correct send times and text, and the
 * single-use cancel link. Times are simulated with the functions' `now`; expected values are written
 * out by hand, never recomputed with the code's own formula.
 */
let ses: RunningSes;
let admin: TestSession;
let auth: AuthClaims;
let itemSeq = 0;

interface Caught {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments: { filename?: string; content?: string; contentType?: string }[];
}
const mailTo = async (to: string): Promise<Caught[]> =>
  ((await (await fetch(ses.inboxUrl)).json()) as { emails: Caught[] }).emails.filter((m) =>
    m.destination.to.some((t) => t.toLowerCase() === to.toLowerCase()),
  );
const cancelToken = (m: Caught) => /\/booking\/cancel\/([A-Za-z0-9_-]{43})/.exec(m.body.text ?? '')?.[1];

const MIN = 60_000;
const HOUR = 60 * MIN;

async function newItem(): Promise<string> {
  const type = await call('POST', '/api/inventory/product-types', {
    token: admin.token,
    body: { name: `Bike${++itemSeq}`, category: 'Bikes', rates: [{ rate: 20, rateType: 'hourly' }] },
  });
  const item = await call('POST', '/api/inventory/items', {
    token: admin.token,
    body: { productTypeId: type.body.id, itemNumber: `B-${itemSeq}` },
  });
  expect(item.status, item.raw).toBe(201);
  return item.body.id as string;
}

async function book(start: string, email: string, now: number, hours = 2) {
  return createItemReservation(
    admin.tenant,
    auth,
    {
      customer: { firstName: 'Grace', lastName: 'Hopper', phone: '5550100199', email },
      reservation: { startTime: start, reservationDuration: hours, inventoryItemId: await newItem(), depositAmount: 0 },
    } as never,
    now,
  );
}

async function markers(reservationId: string) {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(admin.tenant), ':p': `REMINDER#${reservationId}#` },
      ConsistentRead: true,
    }),
  );
  // Markers are indexed in the tenant's shard of the hour's bucket (R-PLAT-17): `{bucket}#{shard}`.
  const shard = `#${indexShard(admin.tenant)}`;
  const bucketOf = (gsi1pk: string) =>
    gsi1pk.endsWith(shard) ? gsi1pk.slice(0, -shard.length) : `unsharded ${gsi1pk}`;
  return (res.Items ?? [])
    .map((i) => ({ offset: i.offsetMinutes, dueAt: i.dueAt as string, bucket: bucketOf(String(i.gsi1pk)) }))
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt));
}

async function setReminders(body: Record<string, unknown>) {
  const res = await call('PUT', '/api/settings/reminders', {
    token: admin.token,
    body: {
      enabled: true,
      serviceBeforeMinutes: [1440, 120],
      itemBeforeMinutes: [1440, 120],
      lateReturnEnabled: true,
      cancelCutoffHours: 24,
      ...body,
    },
  });
  expect(res.status, res.raw).toBe(200);
  return res.body;
}

async function setZone(zone: string) {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.organization(admin.tenant),
      UpdateExpression: 'SET #tz = :z',
      ExpressionAttributeNames: { '#tz': 'timeZone' },
      ExpressionAttributeValues: { ':z': zone },
    }),
  );
  forgetOrganizationTimeZones();
}

/** A sweep at a simulated time: time goes backwards between cases, so the cursor starts afresh. */
async function sweepAt(now: number) {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: CURSOR_KEY }));
  return sweepReminders(now);
}

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('bookings@test.example');
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  auth = {
    userId: admin.userId,
    username: `${admin.userId}@test.example`,
    role: 'BUSINESS_ADMIN',
    accessLevel: 'EMPLOYEE',
    tenantId: admin.tenant,
  } as AuthClaims;
  await call('PUT', '/api/settings/organization/contact', {
    token: admin.token,
    body: {
      storeName: 'Harbor Bikes',
      streetAddress: '1 Pier Rd',
      city: 'Portland',
      zipCode: '04101',
      emailAddress: 'hello@harbor.example',
      phoneNumber: '(207) 555-0100',
    },
  });
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

beforeEach(async () => {
  await setZone('America/New_York');
  await setReminders({});
});

describe('reminder settings (GET/PUT /api/settings/reminders)', () => {
  it('answers the defaults, saves offsets without repeats and refuses out-of-bounds ones', async () => {
    const fresh = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const got = await call('GET', '/api/settings/reminders', { token: fresh.token });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual({
      enabled: true,
      serviceBeforeMinutes: [1440, 120],
      itemBeforeMinutes: [1440, 120],
      lateReturnEnabled: true,
      cancelCutoffHours: 1,
      notifyCancellations: true,
      notifyNoShows: true,
    });
    const saved = await setReminders({ itemBeforeMinutes: [30, 2880, 30] });
    expect(saved.data.itemBeforeMinutes).toEqual([2880, 30]);
    const bad = async (body: Record<string, unknown>) =>
      call('PUT', '/api/settings/reminders', {
        token: admin.token,
        body: {
          enabled: true,
          serviceBeforeMinutes: [],
          itemBeforeMinutes: [],
          lateReturnEnabled: true,
          cancelCutoffHours: 24,
          ...body,
        },
      });
    const tooSoon = await bad({ itemBeforeMinutes: [10] });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.raw).toContain('at least 15 minutes');
    expect((await bad({ serviceBeforeMinutes: [10081] })).status).toBe(400);
    expect((await bad({ serviceBeforeMinutes: [15, 30, 45, 60, 90, 120] })).status).toBe(400);
    expect((await bad({ cancelCutoffHours: -1 })).status).toBe(400);
    const employee = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
    const refused = await call('PUT', '/api/settings/reminders', {
      token: employee.token,
      body: {
        enabled: false,
        serviceBeforeMinutes: [],
        itemBeforeMinutes: [],
        lateReturnEnabled: false,
        cancelCutoffHours: 1,
      },
    });
    expect(refused.status).toBe(403);
  });
});

describe('scheduling (markers in the booking transaction)', () => {
  it('writes no reminder for an offset already past at booking', async () => {
    // Booked at 12:00Z for 15:00Z: the 24-hour reminder has passed, the 2-hour one is due at 13:00Z.
    const r = await book('2026-12-10T15:00:00.000Z', 'late.booker@example.com', Date.parse('2026-12-10T12:00:00.000Z'));
    expect(await markers(r.id)).toEqual([
      { offset: 120, dueAt: '2026-12-10T13:00:00.000Z', bucket: 'SWEEP#REMINDER#2026-12-10T13' },
    ]);
  });

  it('writes none when reminders are off or the customer has no e-mail', async () => {
    const now = Date.parse('2026-12-01T12:00:00.000Z');
    const noMail = await book('2026-12-12T15:00:00.000Z', '', now);
    expect(await markers(noMail.id)).toEqual([]);
    await setReminders({ enabled: false });
    const off = await book('2026-12-12T18:00:00.000Z', 'off@example.com', now);
    expect(await markers(off.id)).toEqual([]);
  });
});

describe('service bookings (public and staff) and the service override', () => {
  const day = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);
  async function service(reminderSettings: Record<string, unknown>) {
    const res = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: {
        name: 'Harbor tour',
        rate: '30',
        rateType: 'FIXED',
        timeZone: 'UTC',
        availability: JSON.stringify([{ date: day(5), startTime: '10:00', endTime: '12:00', slotsAvailable: 5 }]),
        paymentSettings: JSON.stringify({ venmo: '@harbor' }),
        rsvpSettings: JSON.stringify({ maxParticipants: 4, enablePublicBookings: true }),
        reminderSettings: JSON.stringify(reminderSettings),
      },
    });
    expect(res.status, res.raw).toBe(201);
    return res.body.id as string;
  }
  const slot = { date: day(5), startTime: '10:00', endTime: '12:00' };
  const start = `${day(5)}T10:00:00.000Z`;
  const minus = (m: number) => new Date(Date.parse(start) - m * MIN).toISOString();

  it('a public booking gets the tenant offsets for services; its reminder asks for payment', async () => {
    await setReminders({ serviceBeforeMinutes: [2880, 60] });
    const id = await service({});
    const link = await call('POST', `/api/inventory/services/${id}/generate-share-link`, { token: admin.token });
    const email = 'public.booker@example.com';
    const booked = await call('POST', `/public/service/${link.body.shareToken}/book`, {
      body: {
        selectedSlots: [slot],
        customer: { firstName: 'Ada', lastName: 'Lovelace', phone: '(555) 010-0001', email },
        participantCount: 1,
        isPublicBooking: true,
      },
    });
    expect(booked.status, booked.raw).toBe(201);
    const rid = booked.body.reservation.id as string;
    expect((await markers(rid)).map((m) => [m.offset, m.dueAt])).toEqual([
      [2880, minus(2880)],
      [60, minus(60)],
    ]);
    await sweepAt(Date.parse(minus(60)) + 30_000);
    const reminder = (await mailTo(email)).find((m) => m.subject.startsWith('Reminder'));
    expect(reminder?.body.text).toContain('not paid yet');
    expect(reminder?.body.text).toContain('@harbor');
    expect(reminder?.body.text).toContain('Participants: 1');
  });

  it('a staff booking of a service with its own offsets gets those; a service that turned them off gets none', async () => {
    const own = await service({ enabled: true, beforeMinutes: [90, 30, 90] });
    const res = await call('POST', '/api/reservations/services/create', {
      token: admin.token,
      body: {
        customer: { firstName: 'Alan', lastName: 'Turing', phone: '5550100123', email: 'alan@example.com' },
        reservation: { serviceId: own, availabilitySlots: [slot] },
      },
    });
    expect(res.status, res.raw).toBe(201);
    expect((await markers(res.body.data.id)).map((m) => m.offset)).toEqual([90, 30]);
    const off = await service({ enabled: false });
    const none = await call('POST', '/api/reservations/services/create', {
      token: admin.token,
      body: {
        customer: { firstName: 'Alan', lastName: 'Turing', phone: '5550100123', email: 'alan@example.com' },
        reservation: { serviceId: off, availabilitySlots: [slot] },
      },
    });
    expect(none.status, none.raw).toBe(201);
    expect(await markers(none.body.data.id)).toEqual([]);
  });
});

describe('the late-return reminder (overdue sweep)', () => {
  it('e-mails an overdue rental only while the tenant keeps it on', async () => {
    const { sweepOverdue } = await import('./overdue-reservations.js');
    const on = 'late.on@example.com';
    const off = 'late.off@example.com';
    const a = await book('2026-12-20T15:00:00.000Z', on, Date.parse('2026-12-19T12:00:00.000Z'));
    await sweepOverdue(Date.parse('2026-12-20T17:10:00.000Z'));
    const [mail] = await mailTo(on);
    expect(mail?.body.text).toContain(a.reservationNumber);
    expect(mail?.body.text).toContain('Dec 20, 2026, 12:00 PM EST');
    expect(mail?.body.text).toContain('additional charges');
    await setReminders({ lateReturnEnabled: false });
    const b = await book('2026-12-21T15:00:00.000Z', off, Date.parse('2026-12-19T12:00:00.000Z'));
    await sweepOverdue(Date.parse('2026-12-21T17:10:00.000Z'));
    expect(await mailTo(off)).toHaveLength(0);
    const flagged = await call('GET', `/api/reservations/integration/${b.id}`, { token: admin.token });
    expect(flagged.body.data.isOverdue).toBe(true);
  });
});

describe('the sweep', () => {
  it('sends each reminder exactly once when two sweeps overlap', async () => {
    const email = 'twice@example.com';
    await book('2026-12-15T15:00:00.000Z', email, Date.parse('2026-12-10T12:00:00.000Z'));
    const at = Date.parse('2026-12-14T15:00:30.000Z'); // 30 s after the 24-hour reminder is due
    await db().send(new DeleteCommand({ TableName: tableName(), Key: CURSOR_KEY }));
    const [a, b] = await Promise.all([sweepReminders(at), sweepReminders(at)]);
    expect(a.sent + b.sent).toBe(1);
    // A third run finds nothing more; the 2-hour one is not due yet.
    expect((await sweepReminders(at + 10_000)).sent).toBe(0);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('a run out of time claims nothing more; the next run sends what it left', async () => {
    const email = 'budget@example.com';
    const r = await book('2026-12-19T15:00:00.000Z', email, Date.parse('2026-12-10T12:00:00.000Z'));
    const at = Date.parse('2026-12-18T15:00:30.000Z');
    await sweepAt(at);
    expect(await mailTo(email)).toHaveLength(1);
    // A second reservation due in the same minute, swept by a run with no time left: kept, then sent.
    const email2 = 'budget2@example.com';
    const r2 = await book('2026-12-19T15:00:00.000Z', email2, Date.parse('2026-12-10T12:00:00.000Z'));
    await db().send(new DeleteCommand({ TableName: tableName(), Key: CURSOR_KEY }));
    const none = await sweepReminders(at, 0);
    expect(none.sent).toBe(0);
    expect((await markers(r2.id)).map((m) => m.offset)).toEqual([1440, 120]);
    expect((await sweepReminders(at + 1000)).sent).toBe(1);
    expect(await mailTo(email2)).toHaveLength(1);
    expect((await markers(r.id)).map((m) => m.offset)).toEqual([120]);
  });

  it('sends nothing for a cancelled reservation', async () => {
    const email = 'cancelled@example.com';
    const r = await book('2026-12-16T15:00:00.000Z', email, Date.parse('2026-12-10T12:00:00.000Z'));
    const res = await call('POST', `/api/reservations/processing/${r.id}/cancel`, { token: admin.token });
    expect(res.status, res.raw).toBe(200);
    const run = await sweepAt(Date.parse('2026-12-15T15:01:00.000Z'));
    expect(run.dropped).toBeGreaterThanOrEqual(1);
    // The customer got the cancellation (R-RES-14), and no reminder after it.
    expect((await mailTo(email)).map((m) => m.subject.split(':')[0])).toEqual(['Cancelled']);
    expect(await markers(r.id)).toEqual([
      { offset: 120, dueAt: '2026-12-16T13:00:00.000Z', bucket: 'SWEEP#REMINDER#2026-12-16T13' },
    ]);
  });

  it('gives a restored reservation the reminders still ahead of it, once', async () => {
    const email = 'restored@example.com';
    const r = await book('2026-12-17T15:00:00.000Z', email, Date.parse('2026-12-10T12:00:00.000Z'));
    expect((await call('POST', `/api/reservations/processing/${r.id}/cancel`, { token: admin.token })).status).toBe(
      200,
    );
    // The 24-hour reminder falls while it is cancelled: dropped, never sent.
    await sweepAt(Date.parse('2026-12-16T15:01:00.000Z'));
    // Restored 3 hours before the start: only the 2-hour reminder is ahead.
    await restoreReservation(admin.tenant, auth, r.id, 'Customer called back', Date.parse('2026-12-17T12:00:00.000Z'));
    expect(await markers(r.id)).toEqual([
      { offset: 120, dueAt: '2026-12-17T13:00:00.000Z', bucket: 'SWEEP#REMINDER#2026-12-17T13' },
    ]);
    const run = await sweepAt(Date.parse('2026-12-17T13:00:40.000Z'));
    expect(run.sent).toBe(1);
    // The cancellation's mail (R-RES-14), then the one reminder.
    const mail = (await mailTo(email)).filter((m) => m.subject.startsWith('Reminder'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(r.reservationNumber);
  });

  it('drops a reminder when the tenant turns reminders off before it is due', async () => {
    const email = 'turned.off@example.com';
    await book('2026-12-18T15:00:00.000Z', email, Date.parse('2026-12-10T12:00:00.000Z'));
    await setReminders({ enabled: false });
    await sweepAt(Date.parse('2026-12-17T15:00:30.000Z'));
    expect(await mailTo(email)).toHaveLength(0);
  });
});

describe('right about time (2026 DST changes)', () => {
  it('New York, Nov 1 2026: 24 hours before a 10:00 AM EST start is 11:00 AM EDT the day before', async () => {
    const email = 'ny.dst@example.com';
    // Sun Nov 1 2026, 10:00 EST = 15:00Z (clocks went back at 2:00 that morning).
    const r = await book('2026-11-01T15:00:00.000Z', email, Date.parse('2026-10-20T12:00:00.000Z'));
    expect(await markers(r.id)).toEqual([
      { offset: 1440, dueAt: '2026-10-31T15:00:00.000Z', bucket: 'SWEEP#REMINDER#2026-10-31T15' },
      { offset: 120, dueAt: '2026-11-01T13:00:00.000Z', bucket: 'SWEEP#REMINDER#2026-11-01T13' },
    ]);
    expect((await sweepAt(Date.parse('2026-10-31T14:59:00.000Z'))).sent).toBe(0);
    expect((await sweepAt(Date.parse('2026-10-31T15:01:00.000Z'))).sent).toBe(1);
    const [mail] = await mailTo(email);
    const text = mail!.body.text!;
    expect(text).toContain('When: Sun, Nov 1, 2026, 10:00 AM – 12:00 PM EST (America/New_York)');
    // The cut-off is 24 hours before (11:00 AM EDT, the day before the change): the 24-hour reminder
    // arrives as it closes, and says so instead of offering a dead link (R-BOOK-8).
    expect(text).toContain('Online cancellation closed on Sat, Oct 31, 2026, 11:00 AM EDT (America/New_York)');
    expect(text).not.toContain('online until');
    expect(text).toContain('Harbor Bikes');
    expect(text).toContain('(207) 555-0100');
    // The .ics parses in an independent library with the same instants.
    const ics = mail!.attachments.find((a) => a.filename?.endsWith('.ics'));
    expect(ics).toBeTruthy();
    const raw = Buffer.from(
      ics!.content ?? '',
      /^[A-Za-z0-9+/=\r\n]+$/.test(ics!.content ?? '') ? 'base64' : 'utf8',
    ).toString('utf8');
    const vevent = new ICAL.Component(
      ICAL.parse(raw.includes('BEGIN:VCALENDAR') ? raw : (ics!.content as string)),
    ).getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-01T15:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-01T17:00:00.000Z');
    expect(event.summary).toContain(r.reservationNumber);
  });

  it('Berlin, Oct 25 2026: reminders fire on the hour in UTC and the text names GMT+2 and GMT+1', async () => {
    await setZone('Europe/Berlin');
    const email = 'berlin.dst@example.com';
    // Sun Oct 25 2026, 10:00 CET = 09:00Z (clocks went back from 03:00 CEST to 02:00 CET).
    const r = await book('2026-10-25T09:00:00.000Z', email, Date.parse('2026-10-20T12:00:00.000Z'));
    expect(await markers(r.id)).toEqual([
      { offset: 1440, dueAt: '2026-10-24T09:00:00.000Z', bucket: 'SWEEP#REMINDER#2026-10-24T09' },
      { offset: 120, dueAt: '2026-10-25T07:00:00.000Z', bucket: 'SWEEP#REMINDER#2026-10-25T07' },
    ]);
    expect((await sweepAt(Date.parse('2026-10-24T09:00:20.000Z'))).sent).toBe(1);
    expect((await sweepAt(Date.parse('2026-10-25T07:00:20.000Z'))).sent).toBe(1);
    const mails = await mailTo(email);
    expect(mails).toHaveLength(2);
    for (const m of mails)
      expect(m.body.text).toContain('When: Sun, Oct 25, 2026, 10:00 AM – 12:00 PM GMT+1 (Europe/Berlin)');
    // The cut-off is 24 hours before: Saturday 11:00 in summer time.
    expect(mails[0]!.body.text).toContain('closed on Sat, Oct 24, 2026, 11:00 AM GMT+2 (Europe/Berlin)');
  });

  it('a booking across the Berlin change shows both offsets', async () => {
    await setZone('Europe/Berlin');
    const email = 'berlin.night@example.com';
    // 00:30Z = 02:30 CEST, 3 hours later 03:30Z = 04:30 CET.
    await book('2026-10-25T00:30:00.000Z', email, Date.parse('2026-10-20T12:00:00.000Z'), 3);
    await sweepAt(Date.parse('2026-10-24T00:30:30.000Z'));
    const [mail] = await mailTo(email);
    expect(mail!.body.text).toContain('When: Sun, Oct 25, 2026, 2:30 AM GMT+2 – 4:30 AM GMT+1 (Europe/Berlin)');
  });
});

describe('the cancel link', () => {
  const future = (h: number) => new Date(Math.ceil((Date.now() + h * HOUR) / HOUR) * HOUR).toISOString();

  async function reminded(email: string, startsInHours: number, offsets: number[]) {
    await setReminders({ itemBeforeMinutes: offsets });
    const r = await book(future(startsInHours), email, Date.now());
    const [m] = await markers(r.id);
    expect(m).toBeTruthy();
    await sweepAt(Date.parse(m!.dueAt as string) + 20_000);
    const [mail] = await mailTo(email);
    const token = cancelToken(mail!);
    expect(token).toBeTruthy();
    return { r, token: token! };
  }

  it('cancels once (actor Customer, item freed, live event), then answers "already cancelled"', async () => {
    const { r, token } = await reminded('link.once@example.com', 72, [1440]);
    const page = await call('GET', `/public/reservations/cancel/${token}`);
    expect(page.status, page.raw).toBe(200);
    expect(page.body.data).toMatchObject({
      state: 'open',
      reservationNumber: r.reservationNumber,
      cancelCutoffHours: 24,
    });
    expect(page.body.data.business).toMatchObject({ name: 'Harbor Bikes', phone: '(207) 555-0100' });

    const done = await call('POST', `/public/reservations/cancel/${token}`);
    expect(done.status, done.raw).toBe(200);
    expect(done.body.data.state).toBe('cancelled');

    const detail = await call('GET', `/api/reservations/integration/${r.id}`, { token: admin.token });
    expect(detail.body.data.status).toBe('CANCELLED');
    const logs = await call('GET', `/api/reservations/logs/?reservationId=${r.id}`, { token: admin.token });
    const cancelLine = (logs.body.logs ?? logs.body.data ?? []).find(
      (l: { action: string }) => l.action === 'CANCELLED',
    );
    expect(cancelLine?.actorName ?? cancelLine?.actor).toBe('Customer');
    // The item is free again at once: its booking row no longer holds the reservation.
    const book = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.entity(admin.tenant, 'ITEMBOOK', r.inventoryItemId!),
        ConsistentRead: true,
      }),
    );
    expect(Object.keys(book.Item?.active ?? {})).not.toContain(r.id);
    // The staff dashboard's stream gets the cancellation.
    const events = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :e)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(admin.tenant), ':e': 'EVENT#' },
      }),
    );
    expect(
      (events.Items ?? []).some((e) => e.type === 'reservation-cancelled' && JSON.stringify(e.payload).includes(r.id)),
    ).toBe(true);

    const again = await call('POST', `/public/reservations/cancel/${token}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already cancelled/);
    expect((await call('GET', `/public/reservations/cancel/${token}`)).body.data.state).toBe('cancelled');
  });

  it('after the cut-off says to contact the business and does not cancel', async () => {
    const { r, token } = await reminded('link.late@example.com', 10, [120]);
    const page = await call('GET', `/public/reservations/cancel/${token}`);
    expect(page.body.data.state).toBe('too-late');
    const refused = await call('POST', `/public/reservations/cancel/${token}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Please contact Harbor Bikes');
    expect(refused.body.message).toContain('(207) 555-0100');
    const detail = await call('GET', `/api/reservations/integration/${r.id}`, { token: admin.token });
    expect(detail.body.data.status).toBe('ACTIVE');
  });

  it('has expired once the booking starts, and an unknown token is a 404', async () => {
    const { r, token } = await reminded('link.expired@example.com', 30, [120]);
    await expect(cancelByLink(token, Date.parse(r.startTime) + MIN)).rejects.toMatchObject({ statusCode: 410 });
    const unknown = await call('GET', `/public/reservations/cancel/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect((await call('POST', '/public/reservations/cancel/short')).status).toBe(404);
  });
});
