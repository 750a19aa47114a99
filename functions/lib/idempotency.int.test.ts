import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from './config.js';
import { resetFiles } from './files.js';
import { resetMail } from './mail.js';
import { IDEMPOTENCY_MISMATCH } from './idempotency.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

/**
 * Idempotency-Key on the public booking (docs/decisions/0126-house-idempotency-our-own-small-implementation.md): a retry returns the first answer and books
 * nothing more, parallel duplicates wait for the first and answer the same, no key books again.
 * The slot's remaining places count the reservations actually made.
 */
let admin: TestSession;
const day = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);

async function bookableService(places: number): Promise<{ id: string; token: string }> {
  const created = await call('POST', '/api/inventory/services', {
    token: admin.token,
    body: {
      name: 'Harbour tour',
      rate: '20',
      rateType: 'PER_PERSON',
      timeZone: 'UTC',
      availability: JSON.stringify([{ date: day(5), startTime: '10:00', endTime: '12:00', slotsAvailable: places }]),
      rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
    },
  });
  expect(created.status, created.raw).toBe(201);
  const link = await call('POST', `/api/inventory/services/${created.body.id}/generate-share-link`, {
    token: admin.token,
  });
  return { id: created.body.id as string, token: link.body.shareToken as string };
}

const booking = (email = 'ada@example.com') => ({
  selectedSlots: [{ date: day(5), startTime: '10:00', endTime: '12:00' }],
  customer: { firstName: 'Ada', lastName: 'Lovelace', phone: '(555) 010-0001', email },
  participantCount: 1,
  isPublicBooking: true,
});

const book = (token: string, body: unknown, key?: string) =>
  call('POST', `/public/service/${token}/book`, { body, headers: key ? { 'idempotency-key': key } : {} });

async function placesLeft(serviceId: string): Promise<number> {
  const res = await call('GET', `/api/inventory/services/${serviceId}`, { token: admin.token });
  return (JSON.parse(res.body.availability as string) as { slotsAvailable: number }[])[0]!.slotsAvailable;
}

beforeAll(async () => {
  await useTestTable();
  // Mail goes nowhere: a failed confirmation never undoes a booking.
  Object.assign(process.env, {
    SES_ENDPOINT: 'http://127.0.0.1:9',
    S3_ENDPOINT: 'http://127.0.0.1:9',
    UPLOADS_BUCKET: 'uploads',
  });
  resetConfig();
  resetMail();
  resetFiles();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
}, 60_000);

describe('Idempotency-Key on the public booking', () => {
  it('answers a retry with the first answer and books once', async () => {
    const s = await bookableService(5);
    const key = randomUUID();
    const first = await book(s.token, booking(), key);
    expect(first.status, first.raw).toBe(201);
    const again = await book(s.token, booking(), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await placesLeft(s.id)).toBe(4);
  });

  it('gives ten parallel sends with one key one reservation and ten identical answers', async () => {
    const s = await bookableService(5);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => book(s.token, booking(), key)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const ids = new Set(answers.map((a) => a.body.reservation.reservationNumber));
    expect(ids.size).toBe(1);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(await placesLeft(s.id)).toBe(4);
  });

  it('books twice without a key, as before', async () => {
    const s = await bookableService(5);
    const a = await book(s.token, booking());
    const b = await book(s.token, booking());
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.reservation.reservationNumber).not.toBe(b.body.reservation.reservationNumber);
    expect(await placesLeft(s.id)).toBe(3);
  });

  it('refuses the same key with a different request (422) and a malformed key (400)', async () => {
    const s = await bookableService(5);
    const key = randomUUID();
    expect((await book(s.token, booking(), key)).status).toBe(201);
    const other = await book(s.token, booking('grace@example.com'), key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'IdempotencyKeyReused', message: IDEMPOTENCY_MISMATCH });
    expect((await book(s.token, booking(), 'short')).status).toBe(400);
    expect(await placesLeft(s.id)).toBe(4);
  });

  it('lets a retry run again after a refusal (nothing is stored for a failed request)', async () => {
    const s = await bookableService(1);
    const key = randomUUID();
    expect((await book(s.token, booking('first@example.com'))).status).toBe(201);
    const full = await book(s.token, booking(), key);
    expect(full.status).toBe(409);
    // Staff add a place; the customer's retry with the same key now books.
    const svc = await call('GET', `/api/inventory/services/${s.id}`, { token: admin.token });
    const slots = JSON.parse(svc.body.availability as string) as Record<string, unknown>[];
    const put = await call('PUT', `/api/inventory/services/${s.id}`, {
      token: admin.token,
      body: {
        name: svc.body.name,
        rate: svc.body.rate,
        rateType: svc.body.rateType,
        timeZone: 'UTC',
        availability: JSON.stringify(slots.map((x) => ({ ...x, slotsAvailable: 1, originalSlotsAvailable: 2 }))),
      },
    });
    expect(put.status, put.raw).toBe(200);
    expect((await book(s.token, booking(), key)).status).toBe(201);
  });

  it('keys are per caller on tenant routes: the same key from two users creates for each', async () => {
    const other = await sessionFor({ role: 'BUSINESS_ADMIN', tenant: admin.tenant });
    const key = randomUUID();
    const body = { name: 'Kayak', category: 'Boats' };
    const a = await call('POST', '/api/inventory/product-types', {
      token: admin.token,
      body,
      headers: { 'idempotency-key': key },
    });
    const a2 = await call('POST', '/api/inventory/product-types', {
      token: admin.token,
      body,
      headers: { 'idempotency-key': key },
    });
    expect(a.status).toBe(201);
    expect(a2.body.id).toBe(a.body.id);
    const b = await call('POST', '/api/inventory/product-types', {
      token: other.token,
      body: { name: 'Canoe', category: 'Boats' },
      headers: { 'idempotency-key': key },
    });
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
  });
});
