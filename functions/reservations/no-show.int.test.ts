/**
 * No-shows against DynamoDB Local (docs/requirements/reservations.md R-RES-12): refused before the start
 * and twice, CANCELLED with noShow after it, the item or the slot places freed, the customer's
 * noShowCount, the week's counter, the NO_SHOW log line, the list filter and the report; undone by restore.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import type { RunningSes } from '../local/ses.js';
import { ApiError } from '../lib/errors.js';
import { liveEventsSince } from '../lib/live-events.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { backdateReservation } from './isolation-fixtures.js';
import { readItemBook } from '../inventory/item-book.js';
import { markNoShow } from './no-show.js';

const ZONE = 'America/New_York'; // sessionFor writes no organization row: the default zone
const day = (n: number) => addDaysToDay(todayIn(ZONE), n);
const at = (n: number, hhmm: string) => zonedDateTime(day(n), hhmm, ZONE).toISOString();

let admin: TestSession;
let other: TestSession;
let ses: RunningSes;
let seq = 0;

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('rentals@test.example');
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  other = await sessionFor({ role: 'BUSINESS_ADMIN' });
});
afterAll(async () => {
  await ses?.stop();
});

async function newItem() {
  const type = await call('POST', '/api/inventory/product-types', {
    token: admin.token,
    body: { name: 'Kayak', category: 'Boats', rates: [{ rate: 20, rateType: 'hourly' }] },
  });
  expect(type.status).toBe(201);
  const item = await call('POST', '/api/inventory/items', {
    token: admin.token,
    body: { productTypeId: type.body.id, itemNumber: `NS-${++seq}` },
  });
  expect(item.status).toBe(201);
  return item.body as { id: string };
}

async function reserve(itemId: string, lastName: string) {
  const res = await call('POST', '/api/reservations/items/create', {
    token: admin.token,
    body: {
      customer: { firstName: 'Nora', lastName, phone: `555-010-${String(1000 + seq).slice(-4)}` },
      reservation: { startTime: at(2, '10:00'), reservationDuration: 2, inventoryItemId: itemId, depositAmount: 5 },
    },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body.data as { id: string; customerId: string; reservationNumber: string };
}

const noShow = (s: TestSession, id: string) =>
  call('POST', `/api/reservations/processing/${id}/no-show`, { token: s.token });
const customerOf = async (id: string) =>
  (await call('GET', `/api/customers/${id}`, { token: admin.token })).body.customer as {
    noShowCount: number;
    reservationCount: number;
  };
const stats = async () =>
  (await call('GET', '/api/reservations/integration/stats/overview', { token: admin.token })).body as {
    cancelled: number;
    active: number;
    noShowsThisWeek: number;
  };

describe('no-shows', () => {
  it('refuses before the start, marks after it, frees the item, counts, logs, filters, and restore undoes it', async () => {
    const item = await newItem();
    const r = await reserve(item.id, 'Absent');

    const early = await noShow(admin, r.id);
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/only once its start has passed/);
    expect((await call('GET', `/api/reservations/integration/${r.id}`, { token: admin.token })).body.data.status).toBe(
      'ACTIVE',
    );

    // Started two minutes ago (staff bookings cannot be made in the past).
    await backdateReservation(admin.tenant, r.id, new Date(Date.now() - 120_000).toISOString());
    const before = await stats();
    expect((await readItemBook(admin.tenant, item.id)).active[r.id]).toBeDefined();

    // Another tenant does not see it.
    expect((await noShow(other, r.id)).status).toBe(404);

    const done = await noShow(admin, r.id);
    expect(done.status, done.raw).toBe(200);
    expect(done.body.data).toMatchObject({ id: r.id, status: 'CANCELLED', noShow: true });
    expect((await readItemBook(admin.tenant, item.id)).active[r.id]).toBeUndefined();
    expect((await customerOf(r.customerId)).noShowCount).toBe(1);
    const after = await stats();
    expect(after.cancelled - before.cancelled).toBe(1);
    expect(after.active - before.active).toBe(-1);
    expect(after.noShowsThisWeek - before.noShowsThisWeek).toBe(1);

    const log = await call('GET', `/api/reservations/logs/?action=NO_SHOW&reservationId=${r.id}`, {
      token: admin.token,
    });
    expect(log.status).toBe(200);
    expect(log.body.data.map((l: { action: string }) => l.action)).toEqual(['NO_SHOW']);

    // The staff dashboard hears it as a cancellation that was a no-show (docs/decisions/0234-no-shows.md).
    const events = (await liveEventsSince(admin.tenant, undefined, 1000)).events.filter(
      (e) => (e.payload as { id?: string }).id === r.id && e.type === 'reservation-cancelled',
    );
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ id: r.id, status: 'CANCELLED', noShow: true, reservationNumber: r.reservationNumber }),
    ]);

    const listed = await call('GET', '/api/reservations/integration/all?kind=ITEM&noShow=true', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.reservations.map((x: { id: string }) => x.id)).toEqual([r.id]);
    expect(listed.body.counts.noShow).toBe(1);
    expect(listed.body.pagination.total).toBe(1);

    const report = await call('GET', `/api/reports/customer-activity?startDate=${day(-1)}&endDate=${day(1)}`, {
      token: admin.token,
    });
    expect(report.status).toBe(200);
    expect(report.body.noShows).toBe(1);
    expect(report.body.topCustomers.find((c: { customerId: string }) => c.customerId === r.customerId)).toMatchObject({
      noShows: 1,
      reservationCount: 0,
    });

    // Twice: refused, nothing counted again.
    const twice = await noShow(admin, r.id);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Only active reservations can be marked as a no-show (this one is cancelled)');
    expect((await customerOf(r.customerId)).noShowCount).toBe(1);

    const restored = await call('POST', `/api/reservations/processing/${r.id}/restore`, {
      token: admin.token,
      body: {},
    });
    expect(restored.status, restored.raw).toBe(200);
    expect(restored.body.data).toMatchObject({ status: 'ACTIVE', noShow: false });
    expect((await customerOf(r.customerId)).noShowCount).toBe(0);
    expect((await stats()).noShowsThisWeek).toBe(before.noShowsThisWeek);
    expect((await readItemBook(admin.tenant, item.id)).active[r.id]).toBeDefined();
    const none = await call('GET', '/api/reservations/integration/all?kind=ITEM&noShow=true', { token: admin.token });
    expect(none.body.reservations).toEqual([]);
    expect(none.body.counts.noShow).toBe(0);
    const report2 = await call('GET', `/api/reports/customer-activity?startDate=${day(-1)}&endDate=${day(1)}`, {
      token: admin.token,
    });
    expect(report2.body.noShows).toBe(0);
  });

  it('gives a service booking its slot places back, and judges the start on the clock it is given', async () => {
    const svc = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: {
        name: 'Dawn paddle',
        rate: 10,
        rateType: 'PER_PERSON',
        availability: JSON.stringify([{ date: day(3), startTime: '07:00', endTime: '08:00', slotsAvailable: 6 }]),
      },
    });
    expect(svc.status).toBe(201);
    const slots = async () =>
      JSON.parse(
        (await call('GET', `/api/inventory/services/${svc.body.id}`, { token: admin.token })).body.availability,
      )[0].slotsAvailable as number;
    const booked = await call('POST', '/api/reservations/services/create', {
      token: admin.token,
      body: {
        customer: { firstName: 'Sam', lastName: 'Late', phone: '555-777-0001' },
        reservation: {
          serviceId: svc.body.id,
          availabilitySlots: [{ date: day(3), startTime: '07:00', endTime: '08:00' }],
          participantCount: 4,
        },
      },
    });
    expect(booked.status, booked.raw).toBe(201);
    expect(await slots()).toBe(2);
    const id = booked.body.data.id as string;
    const actor = { id: admin.userId, firstName: 'Ann', lastName: 'Admin' };
    const start = Date.parse(at(3, '07:00'));

    const early = await markNoShow(admin.tenant, actor, id, start - 60_000).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(ApiError);
    expect((early as ApiError).statusCode).toBe(400);
    expect(await slots()).toBe(2);

    const row = await markNoShow(admin.tenant, actor, id, start + 5 * 60_000);
    expect(row).toMatchObject({ status: 'CANCELLED', noShow: true });
    expect(await slots()).toBe(6);
    const listed = await call('GET', '/api/reservations/integration/all?kind=SERVICE&noShow=true', {
      token: admin.token,
    });
    expect(listed.body.reservations.map((x: { id: string }) => x.id)).toEqual([id]);
    expect(listed.body.counts.noShow).toBe(1);
    const c = await customerOf(booked.body.data.customerId);
    expect(c.noShowCount).toBe(1);
  });

  it('needs the cancel permission', async () => {
    const employee = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
    const cancel = await call('POST', '/api/reservations/processing/unknown/cancel', { token: employee.token });
    const mark = await noShow(employee, 'unknown');
    // Whatever the matrix gives an employee for cancel, it gives the same for a no-show.
    expect(mark.status).toBe(cancel.status);
    expect((await noShow(admin, 'unknown')).status).toBe(404);
  });
});
