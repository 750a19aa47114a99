import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetFiles } from '../lib/files.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { seedCustomer } from './fixtures.js';

let ses: RunningSes;
let admin: TestSession;

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('bookings@test.example', { S3_ENDPOINT: 'http://127.0.0.1:9', UPLOADS_BUCKET: 'uploads' });
  resetFiles();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

const list = (token: string, qs = '') => call('GET', `/api/customers${qs}`, { token });

describe('customers list and paging', () => {
  it('pages 20 at a time, newest first, with the kept total and page count', async () => {
    const s = await sessionFor();
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 45; i++) {
      await seedCustomer(s.tenant, {
        firstName: `P${i}`,
        lastName: 'Pager',
        phone: `555000${String(i).padStart(4, '0')}`,
        createdAt: new Date(base + i * 60_000).toISOString(),
      });
    }
    const p1 = await list(s.token);
    expect(p1.status).toBe(200);
    expect(p1.body.pagination).toEqual({ page: 1, limit: 20, total: 45, pages: 3 });
    expect(p1.body.customers).toHaveLength(20);
    expect(p1.body.customers[0].firstName).toBe('P44');
    const p3 = await list(s.token, '?page=3');
    expect(p3.body.customers.map((c: { firstName: string }) => c.firstName)).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);
    const all = new Set<string>();
    for (const p of [1, 2, 3]) for (const c of (await list(s.token, `?page=${p}`)).body.customers) all.add(c.id);
    expect(all.size).toBe(45);
    expect((await list(s.token, '?page=4')).body.customers).toEqual([]);
    expect((await call('GET', '/api/customers/stats/overview', { token: s.token })).body).toEqual({ total: 45 });
  });

  it('answers an empty tenant with no customers and zero pages', async () => {
    const s = await sessionFor();
    const res = await list(s.token);
    expect(res.body).toEqual({ customers: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } });
    expect((await call('GET', '/api/customers/stats/overview', { token: s.token })).body).toEqual({ total: 0 });
  });

  it('refuses bad paging with a 400 and callers without the permission or a token', async () => {
    expect((await list(admin.token, '?page=0')).status).toBe(400);
    expect((await list(admin.token, '?limit=abc')).status).toBe(400);
    expect((await list(admin.token, `?search=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await call('GET', '/api/customers')).status).toBe(401);
  });
});

describe('customer search', () => {
  let s: TestSession;
  let ada: { id: string };
  beforeAll(async () => {
    s = await sessionFor();
    ada = await seedCustomer(s.tenant, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '(555) 010-0199',
      email: 'ada.l@example.com',
      address: '1 Analytical Way',
    });
    await seedCustomer(s.tenant, {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 555 222 3333',
      email: 'grace@navy.example',
    });
    await seedCustomer(s.tenant, {
      firstName: 'Adam',
      lastName: 'Smith',
      phone: '555-444-5555',
      email: 'wealth@nations.example',
    });
  });
  const names = async (q: string) =>
    ((await list(s.token, `?search=${encodeURIComponent(q)}`)).body.customers as { lastName: string }[])
      .map((c) => c.lastName)
      .sort();

  it('matches a prefix of the first name, the last name or the full name', async () => {
    expect(await names('ada')).toEqual(['Lovelace', 'Smith']);
    expect(await names('ADA L')).toEqual(['Lovelace']);
    expect(await names('lovel')).toEqual(['Lovelace']);
    expect(await names('hopper grace')).toEqual(['Hopper']);
    expect(await names('  grace   hop ')).toEqual(['Hopper']);
  });

  it('matches phone digits from the start or the last 4 / 7, whatever the formatting', async () => {
    expect(await names('0199')).toEqual(['Lovelace']);
    expect(await names('(555) 010')).toEqual(['Lovelace']);
    expect(await names('5552223333')).toEqual(['Hopper']);
    expect(await names('1-555-222-3333')).toEqual(['Hopper']);
    expect(await names('2223333')).toEqual(['Hopper']);
    expect(await names('555')).toEqual(['Hopper', 'Lovelace', 'Smith']);
  });

  it('matches an e-mail prefix, and says how many matched', async () => {
    expect(await names('ada.l@')).toEqual(['Lovelace']);
    expect(await names('wealth')).toEqual(['Smith']);
    const res = await list(s.token, '?search=ada');
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1 });
    expect(res.body.customers.find((c: { id: string }) => c.id === ada.id)).toMatchObject({
      phone: '(555) 010-0199',
      email: 'ada.l@example.com',
      address: '1 Analytical Way',
      reservationCount: 0,
    });
  });

  it('finds nothing for text that matches no one (and never another tenant)', async () => {
    expect(await names('zzz')).toEqual([]);
    const other = await sessionFor();
    expect((await list(other.token, '?search=ada')).body.customers).toEqual([]);
  });
});

describe('customer details', () => {
  it('shows the customer with reservations: number, status, item or service, duration, total and overage', async () => {
    const s = await sessionFor();
    const c = await seedCustomer(s.tenant, { firstName: 'Det', lastName: 'Ails', phone: '5551112222' }, [
      {
        reservationNumber: 'RES-000001',
        status: 'COMPLETED',
        kind: 'ITEM',
        inventoryItem: {
          id: 'i1',
          name: 'Golf cart Deluxe',
          itemNumber: 'GC-1',
          productType: null,
          productVariant: null,
          condition: null,
          status: null,
          hourlyRate: 20,
          rates: [{ rate: 20, rateType: 'hourly' }],
        },
        reservationDuration: 3,
        totalAmountCents: 6450,
        overageAmountCents: 1225,
        startTime: '2026-03-01T10:00:00.000Z',
      },
      {
        reservationNumber: 'RES-000002',
        status: 'ACTIVE',
        kind: 'SERVICE',
        service: { id: 's1', name: 'Kayak tour', rate: 25.5, rateType: 'PER_PERSON' },
        reservationDuration: 2,
        totalAmountCents: 5100,
        startTime: '2026-04-01T10:00:00.000Z',
      },
    ]);
    const res = await call('GET', `/api/customers/${c.id}`, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({
      id: c.id,
      firstName: 'Det',
      lastName: 'Ails',
      reservationCount: 2,
      createdAt: c.createdAt,
    });
    expect(res.body.customer.reservations).toEqual([
      expect.objectContaining({
        reservationNumber: 'RES-000002',
        status: 'ACTIVE',
        kind: 'SERVICE',
        itemName: 'Kayak tour',
        reservationDuration: 2,
        totalAmount: 51,
        overageAmount: 0,
      }),
      expect.objectContaining({
        reservationNumber: 'RES-000001',
        status: 'COMPLETED',
        kind: 'ITEM',
        itemName: 'Golf cart Deluxe',
        reservationDuration: 3,
        totalAmount: 64.5,
        overageAmount: 12.25,
      }),
    ]);
    expect((await call('GET', '/api/customers/not-a-customer', { token: s.token })).status).toBe(404);
    const other = await sessionFor();
    expect((await call('GET', `/api/customers/${c.id}`, { token: other.token })).status).toBe(404);
  });
});

describe('customers from public bookings', () => {
  const day = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);
  it('one person is one customer (phone, then e-mail), counted once, searchable, with the booking in details', async () => {
    const s = await sessionFor();
    const svc = await call('POST', '/api/inventory/services', {
      token: s.token,
      body: {
        name: 'Harbour tour',
        rate: '30',
        rateType: 'per_person',
        timeZone: 'UTC',
        availability: JSON.stringify([{ date: day(3), startTime: '10:00', endTime: '12:00', slotsAvailable: 9 }]),
        rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
      },
    });
    expect(svc.status, JSON.stringify(svc.body)).toBe(201);
    const share = (await call('POST', `/api/inventory/services/${svc.body.id}/generate-share-link`, { token: s.token }))
      .body.shareToken;
    const book = (customer: Record<string, string>) =>
      call('POST', `/public/service/${share}/book`, {
        body: {
          selectedSlots: [{ date: day(3), startTime: '10:00', endTime: '12:00' }],
          customer,
          participantCount: 1,
          isPublicBooking: true,
        },
      });
    expect(
      (await book({ firstName: 'Mary', lastName: 'Shelley', phone: '(555) 303-4040', email: 'mary@frank.example' }))
        .status,
    ).toBe(201);
    expect(
      (await book({ firstName: 'Mary', lastName: 'Shelley', phone: '555.303.4040', email: 'other@frank.example' }))
        .status,
    ).toBe(201);
    expect(
      (await book({ firstName: 'M', lastName: 'Shelley', phone: '555 999 0000', email: 'MARY@frank.example' })).status,
    ).toBe(201);
    expect((await call('GET', '/api/customers/stats/overview', { token: s.token })).body).toEqual({ total: 1 });
    const found = await list(s.token, '?search=4040');
    expect(found.body.customers).toHaveLength(1);
    expect(found.body.customers[0]).toMatchObject({ firstName: 'Mary', lastName: 'Shelley', reservationCount: 3 });
    expect((await list(s.token, '?search=shel')).body.customers).toHaveLength(1);
    const details = await call('GET', `/api/customers/${found.body.customers[0].id}`, { token: s.token });
    expect(details.body.customer.reservations).toHaveLength(3);
    expect(details.body.customer.reservations[0]).toMatchObject({
      kind: 'SERVICE',
      itemName: 'Harbour tour',
      status: 'ACTIVE',
      totalAmount: 30,
    });
  });

  it('one phone shared by people with different names makes different customers; the same name and phone is one (docs/decisions/0012-right-about-money.md)', async () => {
    const s = await sessionFor();
    const svc = await call('POST', '/api/inventory/services', {
      token: s.token,
      body: {
        name: 'Family kayak',
        rate: '20',
        rateType: 'per_person',
        timeZone: 'UTC',
        availability: JSON.stringify([{ date: day(4), startTime: '09:00', endTime: '10:00', slotsAvailable: 20 }]),
        rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
      },
    });
    expect(svc.status, JSON.stringify(svc.body)).toBe(201);
    const share = (await call('POST', `/api/inventory/services/${svc.body.id}/generate-share-link`, { token: s.token }))
      .body.shareToken;
    const book = (customer: Record<string, string>) =>
      call('POST', `/public/service/${share}/book`, {
        body: {
          selectedSlots: [{ date: day(4), startTime: '09:00', endTime: '10:00' }],
          customer,
          participantCount: 1,
          isPublicBooking: true,
        },
      });
    expect(
      (await book({ firstName: 'Ann', lastName: 'Reed', phone: '555-700-1000', email: 'ann@reed.example' })).status,
    ).toBe(201);
    expect(
      (await book({ firstName: 'Ben', lastName: 'Reed', phone: '555-700-1000', email: 'ben@reed.example' })).status,
    ).toBe(201);
    expect(
      (await book({ firstName: 'Cleo', lastName: 'Marsh', phone: '(555) 700 1000', email: 'cleo@marsh.example' }))
        .status,
    ).toBe(201);
    expect(
      (await book({ firstName: 'ann', lastName: 'REED', phone: '5557001000', email: 'ann.work@reed.example' })).status,
    ).toBe(201);
    expect((await call('GET', '/api/customers/stats/overview', { token: s.token })).body).toEqual({ total: 3 });
    const people = (await list(s.token, '?search=1000')).body.customers as {
      firstName: string;
      reservationCount: number;
    }[];
    expect(people.map((p) => [p.firstName, p.reservationCount]).sort()).toEqual([
      ['Ann', 2],
      ['Ben', 1],
      ['Cleo', 1],
    ]);
  });
});
