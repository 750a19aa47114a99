import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { numberKey } from '../reservation-rows/entity.js';
import { SERVICE_ROWS } from './model.js';
import { sweepSlotHolds } from './slot-hold-sweep.js';
import { HOLD_RELEASE_AFTER_MS, SLOT_HOLDS_INDEX_PK, slotHoldsPointer, takePlaces } from './slot-holds.js';
import { slotCount, slotRowKey, slotTag } from './slot-rows.js';
import { getServiceRow } from './store.js';

/**
 * Places taken before the booking transaction (docs/requirements/booking.md R-BOOK-5,
 * docs/decisions/0238-booking-rush.md, docs/decisions/0270-slot-rows.md): a rush decided by single writes on the
 * slot's own row, and the sweep that gives back the places of bookings that never landed, against DynamoDB Local.
 */
let ses: RunningSes;
let owner: TestSession;
let tenant: TenantId;

const day = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);
const SLOT = { date: day(4), startTime: '09:00', endTime: '10:00' };

async function service(places: number): Promise<{ id: string; token: string }> {
  const res = await call('POST', '/api/inventory/services', {
    token: owner.token,
    body: {
      name: 'Harbour tour',
      description: 'One hour',
      location: 'Pier 3',
      rate: '30',
      rateType: 'per_person',
      availability: JSON.stringify([{ ...SLOT, slotsAvailable: places }]),
      rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
      timeZone: 'UTC',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = (res.body as { id: string }).id;
  const share = await call('POST', `/api/inventory/services/${id}/generate-share-link`, { token: owner.token });
  return { id, token: share.body.shareToken as string };
}

const book = (token: string, i: number) =>
  call('POST', `/public/service/${token}/book`, {
    body: {
      selectedSlots: [SLOT],
      customer: {
        firstName: `P${i}`,
        lastName: 'Rush',
        phone: `555-300-${String(i).padStart(4, '0')}`,
        email: `p${i}@hold.example`,
      },
      participantCount: 1,
      isPublicBooking: true,
    },
  });

async function storedService(id: string): Promise<Record<string, unknown>> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.entity(tenant, SERVICE_ROWS.service, id),
      ConsistentRead: true,
    }),
  );
  return res.Item!;
}
async function slotRow(id: string): Promise<Record<string, unknown>> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: slotRowKey(tenant, id, SLOT), ConsistentRead: true }),
  );
  return res.Item ?? {};
}
/** The places left as every reader sees them: the service row with its slot rows. */
const placesLeft = async (id: string) => (await getServiceRow(tenant, id, true))!.availability[0]!.slotsAvailable;
const holdNames = async (id: string) => Object.keys(await slotRow(id)).filter((k) => k.startsWith('hold#'));
/** The count a booking would take from, as read. */
const countNow = async (id: string) => (await getServiceRow(tenant, id, true))!.counts![slotTag(SLOT)]!;
const take = async (id: string, holdId: string, at: number, places = 1) =>
  takePlaces(tenant, { serviceId: id, slot: SLOT, count: await countNow(id), places, holdId }, at);
/** The service row's size as DynamoDB counts it, near enough: its attribute names and values as JSON. */
const rowBytes = async (id: string) => Buffer.byteLength(JSON.stringify(await storedService(id)));

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('holds@test.example', { S3_ENDPOINT: 'http://127.0.0.1:9', UPLOADS_BUCKET: 'uploads' });
  owner = await sessionFor({ role: 'BUSINESS_ADMIN' });
  tenant = owner.tenant;
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

describe('slot holds', () => {
  it('a rush of 30 on 3 places books the first 3 numbers and refuses 27 at once as fully booked', async () => {
    const s = await service(3);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => book(s.token, i)));
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status !== 201);
    expect(won).toHaveLength(3);
    expect(lost.map((r) => [r.status, r.body.message])).toEqual(
      Array.from({ length: 27 }, () => [409, 'This time slot is fully booked']),
    );
    // Refused people never draw a reservation number: the winners hold the tenant's first three.
    expect(won.map((r) => r.body.reservation.reservationNumber).sort()).toEqual([
      'RES-000001',
      'RES-000002',
      'RES-000003',
    ]);
    expect(await placesLeft(s.id)).toBe(0);
    // The winners' holds wait for the sweep, which forgets them together: their places stay taken.
    expect(await holdNames(s.id)).toHaveLength(3);
    expect((await sweepSlotHolds(Date.now() + HOLD_RELEASE_AFTER_MS + 1000)).released).toBe(0);
    expect(await holdNames(s.id)).toEqual([]);
    expect(await placesLeft(s.id)).toBe(0);
    expect((await slotRow(s.id)).gsi1pk).toBeUndefined();
    // The service row never carried a hold or a sweep pointer, nor its stored count changed.
    const row = await storedService(s.id);
    expect(Object.keys(row).filter((k) => k.startsWith('hold#'))).toEqual([]);
    expect(row.gsi1pk).toBeUndefined();
    expect((row.availability as { slotsAvailable: number }[])[0]!.slotsAvailable).toBe(3);
  }, 120_000);

  it('gives back the places of a booking that took them and never landed, once, after the release delay', async () => {
    const s = await service(4);
    const at = Date.now();
    const taken = await take(s.id, 'dead-booking-1', at, 2);
    expect(taken.kind).toBe('taken');
    expect(await placesLeft(s.id)).toBe(2);
    const stored = await slotRow(s.id);
    // The pointer is sharded by slot: a tenant's slots spread over the index partitions.
    expect(stored.gsi1pk).toBe(shardedIndexKey(SLOT_HOLDS_INDEX_PK, `${tenant}#${s.id}#${slotTag(SLOT)}`));
    expect(stored.taken).toBe(2);

    // Too young: the booking may still land.
    expect((await sweepSlotHolds(at + 60_000)).released).toBe(0);
    expect(await placesLeft(s.id)).toBe(2);

    const later = at + HOLD_RELEASE_AFTER_MS + 60_000;
    const [a, b] = await Promise.all([sweepSlotHolds(later), sweepSlotHolds(later)]);
    expect(a.released + b.released).toBe(1);
    expect(await placesLeft(s.id)).toBe(4);
    expect(await holdNames(s.id)).toEqual([]);
    const after = await slotRow(s.id);
    expect([after.gsi1pk, after.taken]).toEqual([undefined, 0]);
    expect((await sweepSlotHolds(later)).released).toBe(0);
    expect(await placesLeft(s.id)).toBe(4);
  }, 60_000);

  it('keeps the sweep pointer on the oldest hold left, so a slot booked all along is settled as it goes', async () => {
    const s = await service(4);
    const at = Date.now();
    await take(s.id, 'dead-early', at);
    await take(s.id, 'dead-late', at + 90_000);
    // The second take leaves the pointer where the first set it.
    expect(String((await slotRow(s.id)).gsi1sk)).toBe(slotHoldsPointer(tenant, s.id, SLOT, at).gsi1sk);
    expect((await sweepSlotHolds(at + HOLD_RELEASE_AFTER_MS + 5000)).released).toBe(1);
    expect(await holdNames(s.id)).toEqual(['hold#dead-late']);
    expect(String((await slotRow(s.id)).gsi1sk)).toBe(slotHoldsPointer(tenant, s.id, SLOT, at + 90_000).gsi1sk);
    expect((await sweepSlotHolds(at + 90_000 + HOLD_RELEASE_AFTER_MS + 5000)).released).toBe(1);
    expect(await placesLeft(s.id)).toBe(4);
    expect((await slotRow(s.id)).gsi1pk).toBeUndefined();
  }, 60_000);

  it('a hold whose reservation landed is only forgotten: its places stay taken', async () => {
    const s = await service(3);
    const res = await book(s.token, 100);
    expect(res.status).toBe(201);
    expect(await placesLeft(s.id)).toBe(2);
    // A hold as a landed booking leaves it, however the row got it.
    const holdAt = Date.now();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: slotRowKey(tenant, s.id, SLOT),
        UpdateExpression: 'SET #h = :h, gsi1pk = :pk, gsi1sk = :sk',
        ExpressionAttributeNames: { '#h': `hold#${res.body.reservation.id}` },
        ExpressionAttributeValues: {
          ':h': { places: 1, at: holdAt },
          ':pk': SLOT_HOLDS_INDEX_PK,
          ':sk': `${new Date(holdAt).toISOString()}#${tenant}#${s.id}`,
        },
      }),
    );
    const swept = await sweepSlotHolds(holdAt + HOLD_RELEASE_AFTER_MS + 1000);
    expect(swept.released).toBe(0);
    expect(await placesLeft(s.id)).toBe(2);
    expect(await holdNames(s.id)).toEqual([]);
  }, 60_000);

  it('a staff edit of the service leaves the slot row alone: a pending hold stays and its places still come back', async () => {
    const s = await service(5);
    const at = Date.now();
    await take(s.id, 'dead-booking-2', at);
    const got = await call('GET', `/api/inventory/services/${s.id}`, { token: owner.token });
    const edit = await call('PUT', `/api/inventory/services/${s.id}`, {
      token: owner.token,
      body: {
        name: 'Harbour tour (renamed)',
        description: 'One hour',
        location: 'Pier 3',
        rate: '30',
        rateType: 'per_person',
        availability: got.body.availability,
        rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
        timeZone: 'UTC',
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await holdNames(s.id)).toEqual(['hold#dead-booking-2']);
    expect(await placesLeft(s.id)).toBe(4);
    await sweepSlotHolds(at + HOLD_RELEASE_AFTER_MS + 1000);
    expect(await placesLeft(s.id)).toBe(5);
  }, 60_000);

  it('a booking whose transaction is refused gives its places back at once', async () => {
    const other = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const saved = { owner, tenant };
    owner = other;
    tenant = other.tenant;
    try {
      const s = await service(2);
      // The tenant's next number is taken already (a row no booking would write): the transaction's
      // 'number' part fails, which no retry can mend.
      await db().send(
        new PutCommand({ TableName: tableName(), Item: { ...numberKey(tenant, 'RES-000001'), reservationId: 'x' } }),
      );
      const res = await book(s.token, 200);
      expect(res.status).not.toBe(201);
      expect(await placesLeft(s.id)).toBe(2);
      expect(await holdNames(s.id)).toEqual([]);
    } finally {
      ({ owner, tenant } = saved);
    }
  }, 60_000);

  it('refuses with the places left when a booking asks for more than remain', async () => {
    const s = await service(2);
    const res = await call('POST', `/public/service/${s.token}/book`, {
      body: {
        selectedSlots: [SLOT],
        customer: { firstName: 'Big', lastName: 'Group', phone: '555-300-9999', email: 'group@hold.example' },
        participantCount: 3,
        isPublicBooking: true,
      },
    });
    expect([res.status, res.body.message]).toEqual([409, 'Only 2 places left in this time slot']);
    expect(await placesLeft(s.id)).toBe(2);
  }, 60_000);

  it('200 bookings of one slot leave the service row as it was: same bytes, no hold, same version', async () => {
    const s = await service(250);
    const before = await storedService(s.id);
    const bytes = await rowBytes(s.id);
    for (let wave = 0; wave < 10; wave++) {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => book(s.token, 1000 + wave * 20 + i)));
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201));
    }
    expect(await rowBytes(s.id)).toBe(bytes);
    expect((await storedService(s.id)).version).toBe(before.version);
    expect(await placesLeft(s.id)).toBe(50);
    // The slot row holds the count and, until the sweep, one hold per booking: bounded by the slot's capacity.
    const row = await slotRow(s.id);
    expect(row.taken).toBe(200);
    expect(await holdNames(s.id)).toHaveLength(200);
    await sweepSlotHolds(Date.now() + HOLD_RELEASE_AFTER_MS + 1000);
    expect(await holdNames(s.id)).toEqual([]);
    expect(await placesLeft(s.id)).toBe(50);
  }, 300_000);

  it('two bookings of the last place at once: one is booked, the other refused as fully booked', async () => {
    const s = await service(1);
    const results = await Promise.all([book(s.token, 2001), book(s.token, 2002)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('This time slot is fully booked');
    expect(await placesLeft(s.id)).toBe(0);
  }, 60_000);

  it('the slot row decides: a take from a count read before another took the last place is refused', async () => {
    const s = await service(1);
    const seen = await countNow(s.id);
    const first = await takePlaces(tenant, { serviceId: s.id, slot: SLOT, count: seen, places: 1, holdId: 'a' });
    const second = await takePlaces(tenant, { serviceId: s.id, slot: SLOT, count: seen, places: 1, holdId: 'b' });
    expect([first.kind, second]).toEqual(['taken', { kind: 'refused', left: 0 }]);
    expect(await holdNames(s.id)).toEqual(['hold#a']);
  }, 60_000);

  it('a capacity edited by staff counts the places taken on the slot row (R-SVC-12)', async () => {
    const s = await service(5);
    for (const i of [3001, 3002, 3003]) expect((await book(s.token, i)).status).toBe(201);
    expect(await placesLeft(s.id)).toBe(2);
    const edit = async (capacity: number) =>
      call('PUT', `/api/inventory/services/${s.id}`, {
        token: owner.token,
        body: {
          name: 'Harbour tour',
          description: 'One hour',
          location: 'Pier 3',
          rate: '30',
          rateType: 'per_person',
          availability: JSON.stringify([{ ...SLOT, slotsAvailable: capacity, originalSlotsAvailable: capacity }]),
          rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
          timeZone: 'UTC',
        },
      });
    expect((await edit(3)).status).toBe(200);
    expect(await placesLeft(s.id)).toBe(0);
    expect((await book(s.token, 3004)).status).toBe(409);
    expect((await edit(6)).status).toBe(200);
    expect(await placesLeft(s.id)).toBe(3);
    const got = await call('GET', `/api/inventory/services/${s.id}`, { token: owner.token });
    expect(JSON.parse(got.body.availability)[0]).toMatchObject({ slotsAvailable: 3, originalSlotsAvailable: 6 });
  }, 60_000);

  it('places taken before slot rows (on the service row) still count, and a hold left there is still settled', async () => {
    const s = await service(4);
    // As the old booking left a row: one place out of the stored count, its hold and pointer on the service row.
    const holdAt = Date.now();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(tenant, SERVICE_ROWS.service, s.id),
        UpdateExpression: 'SET availability[0].slotsAvailable = :left, #h = :h, gsi1pk = :pk, gsi1sk = :sk',
        ExpressionAttributeNames: { '#h': 'hold#old-dead-booking' },
        ExpressionAttributeValues: {
          ':left': 3,
          ':h': { slot: SLOT, places: 1, at: holdAt },
          ':pk': shardedIndexKey(SLOT_HOLDS_INDEX_PK, tenant),
          ':sk': `${new Date(holdAt + HOLD_RELEASE_AFTER_MS).toISOString()}#${tenant}#${s.id}`,
        },
      }),
    );
    expect(await placesLeft(s.id)).toBe(3);
    expect((await book(s.token, 4001)).status).toBe(201);
    expect(await placesLeft(s.id)).toBe(2);
    expect(slotCount((await getServiceRow(tenant, s.id, true, false))!.availability[0]!).stored).toBe(3);
    // (The sweep also settles holds other tests left: only this service's count is asserted.)
    await sweepSlotHolds(holdAt + HOLD_RELEASE_AFTER_MS + 1000);
    expect(await placesLeft(s.id)).toBe(3);
    expect(Object.keys(await storedService(s.id)).filter((k) => k.startsWith('hold#'))).toEqual([]);
  }, 60_000);
});
