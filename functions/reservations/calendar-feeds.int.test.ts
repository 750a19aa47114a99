import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant } from '../lib/keys.js';
import { forgetModules, modulesKey } from '../lib/modules.js';
import { hashToken } from '../lib/secure-token.js';
import { pointerKey } from './calendar-feed-rows.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

/**
 * R-SET-8 against DynamoDB Local: feeds made through the API, read as a calendar app reads them and
 * parsed by an independent iCalendar parser (Mozilla's ical.js). Expected instants are written out
 * by hand, never derived with the code's own conversion.
 */

let admin: TestSession;
let other: TestSession;
const unique = (what: string) => `${what}${randomUUID().replace(/\D/g, '').slice(0, 8)}`;

async function ok<T = any>(p: Promise<{ status: number; body: T; raw: string }>): Promise<T> {
  const res = await p;
  if (res.status >= 300) throw new Error(`setup call failed: ${res.status} ${res.raw}`);
  return res.body;
}

async function seedItem(owner: TestSession, typeName: string) {
  const type = await ok(
    call('POST', '/api/inventory/product-types', {
      token: owner.token,
      body: { name: typeName, category: 'Water', rates: [{ rate: 10, rateType: 'hourly' }] },
    }),
  );
  return ok<{ id: string; itemNumber: string }>(
    call('POST', '/api/inventory/items', {
      token: owner.token,
      body: { productTypeId: type.id, itemNumber: unique('K-') },
    }),
  );
}

const customer = (lastName: string, phone: string) => ({
  firstName: 'Ada',
  lastName,
  phone,
  email: `${lastName.toLowerCase()}@private.example`,
});

async function bookItem(owner: TestSession, itemId: string, startTime: string, hours: number, lastName: string) {
  const res = await ok(
    call('POST', '/api/reservations/items/create', {
      token: owner.token,
      body: {
        customer: customer(lastName, '5550101234'),
        reservation: {
          startTime,
          reservationDuration: hours,
          inventoryItemId: itemId,
          depositAmount: 0,
          notes: 'Secret gate code 4321',
        },
      },
    }),
  );
  return { id: res.data.id as string, number: res.data.reservationNumber as string };
}

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      status: v.getFirstPropertyValue('status'),
    };
  });
}

const feedPath = (url: string) => new URL(url).pathname;

// The world: two kayaks (one booked twice, once cancelled), a tour with a slot on each side of the US
// change to daylight time on Sunday 2027-03-14 (America/New_York, the organization's zone).
let kayak: { id: string; itemNumber: string };
let canoe: { id: string; itemNumber: string };
let tour: { id: string };
let kayakBooking: { id: string; number: string };
let canoeBooking: { id: string; number: string };
let cancelledBooking: { id: string; number: string };
let farBooking: { id: string; number: string };
let tourBefore: { id: string; number: string };
let tourAfter: { id: string; number: string };

beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  other = await sessionFor({ role: 'BUSINESS_ADMIN' });
  kayak = await seedItem(admin, unique('Kayak'));
  canoe = await seedItem(admin, unique('Canoe'));
  // 2027-01-10 09:30 New York (EST, UTC-5) for 2 hours
  kayakBooking = await bookItem(admin, kayak.id, '2027-01-10T14:30:00.000Z', 2, 'Lovelace');
  // Across the DST change: 01:30 EST to 04:30 EDT on 2027-03-14 is 2 real hours
  canoeBooking = await bookItem(admin, canoe.id, '2027-03-14T06:30:00.000Z', 2, 'Byron');
  cancelledBooking = await bookItem(admin, kayak.id, '2027-01-20T14:30:00.000Z', 2, 'Cancelled');
  await ok(call('POST', `/api/reservations/processing/${cancelledBooking.id}/cancel`, { token: admin.token }));
  // Started 40 days ago (staff cannot book the past: the row is moved there, index key included)
  farBooking = await bookItem(admin, kayak.id, '2027-02-01T14:30:00.000Z', 1, 'Faraway');
  const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entity(admin.tenant, 'RESERVATION', farBooking.id),
      UpdateExpression: 'SET startTime = :s, endTime = :s, gsi1sk = :k',
      ExpressionAttributeValues: { ':s': longAgo, ':k': `${longAgo}#${farBooking.id}` },
    }),
  );

  tour = await ok(
    call('POST', '/api/inventory/services', {
      token: admin.token,
      body: {
        name: 'Harbour Tour',
        rate: 25,
        rateType: 'FIXED',
        availability: JSON.stringify([
          { date: '2027-03-12', startTime: '10:00', endTime: '11:00', slotsAvailable: 5 },
          { date: '2027-03-15', startTime: '10:00', endTime: '11:30', slotsAvailable: 5 },
        ]),
      },
    }),
  );
  const bookTour = async (date: string, startTime: string, endTime: string, lastName: string) => {
    const res = await ok(
      call('POST', '/api/reservations/services/create', {
        token: admin.token,
        body: {
          customer: customer(lastName, '5550109876'),
          reservation: { serviceId: tour.id, availabilitySlots: [{ date, startTime, endTime }] },
        },
      }),
    );
    return { id: res.data.id as string, number: res.data.reservationNumber as string };
  };
  tourBefore = await bookTour('2027-03-12', '10:00', '11:00', 'Shelley');
  tourAfter = await bookTour('2027-03-15', '10:00', '11:30', 'Keats');
});

async function createFeed(body: Record<string, unknown>, who: TestSession = admin) {
  const res = await call('POST', '/api/settings/calendar-feeds', { token: who.token, body });
  expect(res.status, res.raw).toBe(201);
  return res.body as { id: string; url: string };
}

describe('calendar feeds (R-SET-8)', () => {
  it('shows every active booking once, at its instants, with a stable UID and no contact details', async () => {
    const feed = await createFeed({ name: 'Everything', scope: 'all' });
    expect(feed.url).toMatch(/^http:\/\/localhost:3000\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await call('GET', feedPath(feed.url));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);

    const events = parse(res.raw);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const uid = (id: string) => `${id}.${admin.tenant}@bookings`;
    expect([...byUid.keys()].sort()).toEqual(
      [kayakBooking.id, canoeBooking.id, tourBefore.id, tourAfter.id].map(uid).sort(),
    );
    expect(events).toHaveLength(4);
    expect(byUid.get(uid(kayakBooking.id))).toMatchObject({
      start: '2027-01-10T14:30:00.000Z',
      end: '2027-01-10T16:30:00.000Z',
      status: 'CONFIRMED',
    });
    expect(byUid.get(uid(canoeBooking.id))).toMatchObject({
      start: '2027-03-14T06:30:00.000Z',
      end: '2027-03-14T08:30:00.000Z',
    });
    // 10:00 in New York is 15:00 UTC before the change (EST) and 14:00 UTC after it (EDT).
    expect(byUid.get(uid(tourBefore.id))).toMatchObject({
      start: '2027-03-12T15:00:00.000Z',
      end: '2027-03-12T16:00:00.000Z',
    });
    expect(byUid.get(uid(tourAfter.id))).toMatchObject({
      start: '2027-03-15T14:00:00.000Z',
      end: '2027-03-15T15:30:00.000Z',
    });
    expect(byUid.get(uid(tourAfter.id))!.summary).toBe(`${tourAfter.number} · Harbour Tour · Ada K.`);
    expect(byUid.get(uid(kayakBooking.id))!.summary).toMatch(
      new RegExp(`^${kayakBooking.number} · Kayak\\d+ · Ada L\\.$`),
    );

    // Privacy: a feed address can leak.
    for (const secret of ['5550101234', '5550109876', '@private.example', 'Lovelace', 'Secret gate code', 'Byron'])
      expect(res.raw).not.toContain(secret);
    // Cancelled and out-of-window bookings are not there.
    expect(res.raw).not.toContain(cancelledBooking.id);
    expect(res.raw).not.toContain(farBooking.id);

    // The same answer again has the same body and tag; a poll with the tag gets 304 and no body.
    const again = await call('GET', feedPath(feed.url));
    expect(again.raw).toBe(res.raw);
    const cached = await call('GET', feedPath(feed.url), { headers: { 'if-none-match': res.headers.etag! } });
    expect(cached.status).toBe(304);
    expect(cached.raw).toBe('');
    expect(cached.headers.etag).toBe(res.headers.etag);
    const stale = await call('GET', feedPath(feed.url), { headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
  });

  // R-PLAT-12: a name with CR/LF is refused; one stored before the rule stays on its line.
  it('refuses a feed name with a line break, and keeps a stored one inside one VCALENDAR', async () => {
    const injection = 'Team\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\nMETHOD:REQUEST';
    const refused = await call('POST', '/api/settings/calendar-feeds', {
      token: admin.token,
      body: { name: injection, scope: 'all' },
    });
    expect(refused.status).toBe(400);
    expect(refused.raw).toContain('Feed name must be a single line without control characters');

    const feed = await createFeed({ name: 'Legacy', scope: 'all' });
    const token = feedPath(feed.url).split('/').pop()!.replace('.ics', '');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: pointerKey(hashToken(token)),
        UpdateExpression: 'SET #n = :n',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':n': injection },
      }),
    );
    const res = await call('GET', feedPath(feed.url));
    expect(res.status).toBe(200);
    const lines = res.raw.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines.filter((l) => l === 'BEGIN:VCALENDAR')).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('METHOD:'))).toEqual(['METHOD:PUBLISH']);
    expect(lines).toContain('X-WR-CALNAME:Team\\nEND:VCALENDAR\\nBEGIN:VCALENDAR\\nMETHOD:REQUEST');
    expect(parse(res.raw)).toHaveLength(4);
  });

  it('narrows to one service or one item', async () => {
    const svc = await createFeed({ name: 'Tours', scope: 'service', serviceId: tour.id });
    const svcEvents = parse((await call('GET', feedPath(svc.url))).raw);
    expect(svcEvents.map((e) => e.uid).sort()).toEqual(
      [tourBefore.id, tourAfter.id].map((id) => `${id}.${admin.tenant}@bookings`).sort(),
    );
    const item = await createFeed({ name: 'Canoe', scope: 'item', inventoryItemId: canoe.id });
    const itemEvents = parse((await call('GET', feedPath(item.url))).raw);
    expect(itemEvents.map((e) => e.uid)).toEqual([`${canoeBooking.id}.${admin.tenant}@bookings`]);

    const list = await call('GET', '/api/settings/calendar-feeds', { token: admin.token });
    expect(list.status).toBe(200);
    const listed = list.body.feeds.find((f: { id: string }) => f.id === item.id);
    expect(listed).toMatchObject({ name: 'Canoe', scope: 'item', inventoryItemId: canoe.id, serviceId: null });
    expect(listed.targetName).toContain(canoe.itemNumber);
    // The address is answered once: the list never carries it.
    expect(list.raw).not.toContain(new URL(item.url).pathname.split('/').pop()!.replace('.ics', ''));
  });

  it('refuses a target the tenant does not have, and a scope without its target', async () => {
    const missing = await call('POST', '/api/settings/calendar-feeds', {
      token: admin.token,
      body: { name: 'Ghost', scope: 'service', serviceId: randomUUID() },
    });
    expect(missing.status).toBe(404);
    // Another tenant's item is not this tenant's.
    const theirs = await call('POST', '/api/settings/calendar-feeds', {
      token: other.token,
      body: { name: 'Theirs', scope: 'item', inventoryItemId: kayak.id },
    });
    expect(theirs.status).toBe(404);
    const noTarget = await call('POST', '/api/settings/calendar-feeds', {
      token: admin.token,
      body: { name: 'Half', scope: 'item' },
    });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.details?.[0]?.path).toBe('body.inventoryItemId');
  });

  it('answers 404 for a revoked feed at once, for unknown tokens, and to another tenant revoking', async () => {
    const feed = await createFeed({ name: 'Short-lived', scope: 'all' });
    expect((await call('GET', feedPath(feed.url))).status).toBe(200);

    const byOther = await call('DELETE', `/api/settings/calendar-feeds/${feed.id}`, { token: other.token });
    expect(byOther.status).toBe(404);
    expect((await call('GET', feedPath(feed.url))).status).toBe(200);
    const otherList = await call('GET', '/api/settings/calendar-feeds', { token: other.token });
    expect(otherList.raw).not.toContain(feed.id);

    const revoked = await call('DELETE', `/api/settings/calendar-feeds/${feed.id}`, { token: admin.token });
    expect(revoked.status).toBe(200);
    const after = await call('GET', feedPath(feed.url));
    expect(after.status).toBe(404);
    expect(after.headers['content-type']).toMatch(/json/);
    expect((await call('DELETE', `/api/settings/calendar-feeds/${feed.id}`, { token: admin.token })).status).toBe(404);

    for (const bad of [
      '/public/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
      '/public/calendar/not-a-token',
      `/public/calendar/${new URL(feed.url).pathname.split('/').pop()!.replace('.ics', '')}`,
    ])
      expect((await call('GET', bad)).status, bad).toBe(404);
  });

  it('stops when its creator is deactivated', async () => {
    const feed = await createFeed({ name: 'Mine', scope: 'all' });
    expect((await call('GET', feedPath(feed.url))).status).toBe(200);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(admin.tenant, admin.userId),
        UpdateExpression: 'SET isActive = :f',
        ExpressionAttributeValues: { ':f': false },
      }),
    );
    try {
      expect((await call('GET', feedPath(feed.url))).status).toBe(404);
    } finally {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.user(admin.tenant, admin.userId),
          UpdateExpression: 'SET isActive = :t',
          ExpressionAttributeValues: { ':t': true },
        }),
      );
    }
  });

  it('is for staff leads who may view reservations', async () => {
    const employee = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE' });
    const res = await call('POST', '/api/settings/calendar-feeds', {
      token: employee.token,
      body: { name: 'Sneaky', scope: 'all' },
    });
    expect(res.status).toBe(403);
  });

  it('is managed on the settings screen with the reservations module off, and its address answers 404 then', async () => {
    // Served by the reservations Lambda, yet not gated by its module (module: null in the contract),
    // as when the settings area served it (docs/decisions/0260-areas-depend-one-way.md).
    const lead = await sessionFor();
    const feed = await createFeed({ name: 'Switched off', scope: 'all' }, lead);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...modulesKey(trustedTenant(lead.tenant)), states: { reservations: false }, version: 1 },
      }),
    );
    forgetModules();
    const list = await call('GET', '/api/settings/calendar-feeds', { token: lead.token });
    expect(list.status, list.raw).toBe(200);
    expect(list.raw).toContain(feed.id);
    expect((await call('GET', feedPath(feed.url))).status).toBe(404);
    expect((await call('GET', '/api/reservations/integration/stats/overview', { token: lead.token })).status).toBe(403);
    const revoked = await call('DELETE', `/api/settings/calendar-feeds/${feed.id}`, { token: lead.token });
    expect(revoked.status, revoked.raw).toBe(200);
  });
});
