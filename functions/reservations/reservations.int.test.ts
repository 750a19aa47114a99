import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { db, tableName } from '../lib/db.js';
import type { RunningSes } from '../local/ses.js';
import { keys, type TenantId } from '../lib/keys.js';
import { sweepOverdue } from '../sweeps/overdue-reservations.js';
import { sweepUnpaid } from '../sweeps/unpaid-bookings.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { createItemReservation } from '../bookings/create.js';
import { readItem } from '../bookings/items.js';

const ZONE = 'America/New_York'; // sessionFor writes no organization row: the default zone
const day = (n: number) => addDaysToDay(todayIn(ZONE), n);
/** An instant at a wall-clock time n days from today in the organization's zone. */
const at = (n: number, hhmm: string) => zonedDateTime(day(n), hhmm, ZONE).toISOString();

let admin: TestSession;
let employee: TestSession;

async function newType(s: TestSession, hourly = 20) {
  const res = await call('POST', '/api/inventory/product-types', {
    token: s.token,
    body: { name: 'Kayak', category: 'Boats', rates: [{ rate: hourly, rateType: 'hourly' }] },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}
let seq = 0;
async function newItem(s: TestSession, productTypeId: string) {
  const res = await call('POST', '/api/inventory/items', {
    token: s.token,
    body: { productTypeId, itemNumber: `K-${++seq}` },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; itemNumber: string };
}
const customer = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '(555) 010-0199',
  email: 'ada@example.com',
  ...over,
});
const itemBody = (
  itemId: string,
  startTime: string,
  over: Record<string, unknown> = {},
  cust: Record<string, unknown> = {},
) => ({
  customer: customer(cust),
  reservation: {
    startTime,
    reservationDuration: 2,
    inventoryItemId: itemId,
    depositAmount: 10,
    depositType: { cash: true },
    paymentId: 'P-1',
    notes: 'Helmet',
    ...over,
  },
});
async function reserve(
  s: TestSession,
  itemId: string,
  startTime: string,
  over: Record<string, unknown> = {},
  cust: Record<string, unknown> = {},
) {
  const res = await call('POST', '/api/reservations/items/create', {
    token: s.token,
    body: itemBody(itemId, startTime, over, cust),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; reservationNumber: string; totalAmount: number; startTime: string };
}
const stats = async (s: TestSession) =>
  (await call('GET', '/api/reservations/integration/stats/overview', { token: s.token })).body;
const paymentsTotal = async (s: TestSession) =>
  (await call('GET', '/api/payments/stats/overview', { token: s.token })).body.totalAmount as number;

let ses: RunningSes;
beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('rentals@test.example');
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  employee = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
});

afterAll(async () => {
  await ses?.stop();
});

describe('item reservations', () => {
  it('creates a reservation priced on the server with its deposit, counters, log line and customer', async () => {
    const type = await newType(admin, 20);
    const item = await newItem(admin, type.id);
    const before = await stats(admin);
    const res = await call('POST', '/api/reservations/items/create', {
      token: admin.token,
      body: itemBody(item.id, at(1, '10:00')),
    });
    expect(res.status).toBe(201);
    const r = res.body.data;
    expect(r).toMatchObject({
      status: 'ACTIVE',
      kind: 'ITEM',
      reservationDuration: 2,
      baseAmount: 40,
      subtotal: 40,
      taxAmount: 0,
      totalAmount: 40,
      hourlyRateAtBooking: 20,
      depositAmount: 10,
      depositTypeCash: true,
      depositTypeCredit: false,
      paymentId: 'P-1',
      isOverdue: false,
      inventoryItem: { id: item.id, itemNumber: item.itemNumber, name: 'Kayak', hourlyRate: 20 },
      customer: { firstName: 'Ada', phone: '(555) 010-0199' },
    });
    expect(r.reservationNumber).toMatch(/^RES-\d{6}$/);
    expect(r.endTime).toBe(at(1, '12:00'));
    const after = await stats(admin);
    expect(after.active - before.active).toBe(1);
    expect(after.total - before.total).toBe(1);
    const detail = await call('GET', `/api/reservations/integration/${r.id}`, { token: admin.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.payments).toEqual([
      expect.objectContaining({ amount: 10, paymentType: 'DEPOSIT', method: 'Cash', paymentId: 'P-1' }),
    ]);
    // the item is booked for tomorrow: it stays AVAILABLE today
    expect((await readItem(admin.tenant as TenantId, item.id))?.item.status).toBe('AVAILABLE');
    const log = await call('GET', `/api/reservations/logs/?reservationId=${r.id}`, { token: admin.token });
    expect(log.body.data).toEqual([
      expect.objectContaining({
        action: 'CREATED',
        reservationNumber: r.reservationNumber,
        customerName: 'Ada Lovelace',
        itemLabel: `${item.itemNumber} Kayak`,
      }),
    ]);
    expect(log.body.pagination.total).toBe(1);
  });

  it('refuses bad input with clear 4xx answers', async () => {
    const type = await newType(admin);
    const item = await newItem(admin, type.id);
    const post = (body: unknown) => call('POST', '/api/reservations/items/create', { token: admin.token, body });
    // R-RES-15: whole hours up to 30 days
    expect((await post(itemBody(item.id, at(1, '10:00'), { reservationDuration: 721 }))).status).toBe(400);
    expect((await post(itemBody(item.id, at(1, '10:00'), { reservationDuration: 1.5 }))).status).toBe(400);
    expect((await post(itemBody(item.id, '2030-02-31T10:00:00Z'))).status).toBe(400);
    expect((await post(itemBody(item.id, at(1, '10:00'), { depositAmount: -1 }))).status).toBe(400);
    const early = await post(itemBody(item.id, at(0, '08:30')));
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/^Start time must be today \(\d{1,2}\/\d{1,2}\/\d{4}\) at 9:00 AM or later$/);
    const late = await post(itemBody(item.id, at(366, '10:00')));
    expect([late.status, late.body.message]).toEqual([400, 'Start time must be within 365 days from today']);
    const missing = await post(itemBody('no-such-item', at(1, '10:00')));
    expect(missing.status).toBe(404);
    const noItem = await post({
      customer: customer(),
      reservation: { startTime: at(1, '10:00'), reservationDuration: 2, depositAmount: 0 },
    });
    expect(noItem.status).toBe(400);
    expect(noItem.body.message).toContain('Please select either an inventory item or a service.');
    await call('PATCH', `/api/inventory/items/${item.id}/status`, {
      token: admin.token,
      body: { status: 'MAINTENANCE' },
    });
    const maint = await post(itemBody(item.id, at(1, '10:00')));
    expect(maint.status).toBe(409);
  });

  it('never double books: overlaps get 409 naming the reservation, adjacent times are fine', async () => {
    const type = await newType(admin);
    const item = await newItem(admin, type.id);
    const first = await reserve(admin, item.id, at(2, '12:00'));
    const overlap = await call('POST', '/api/reservations/items/create', {
      token: admin.token,
      body: itemBody(item.id, at(2, '13:00')),
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(
      `This item is already reserved at that time (reservation ${first.reservationNumber}).`,
    );
    // The refused booking took no number (docs/decisions/0012-right-about-money.md): the next one follows the first.
    const next = await reserve(admin, item.id, at(2, '14:00'));
    expect(Number(next.reservationNumber.slice(4))).toBe(Number(first.reservationNumber.slice(4)) + 1);
    await reserve(admin, item.id, at(2, '10:00'));
    const free = await call(
      'GET',
      `/api/reservations/available-items?startTime=${encodeURIComponent(at(2, '11:00'))}&hours=1`,
      { token: admin.token },
    );
    expect(free.status).toBe(200);
    expect(free.body.items.map((i: { id: string }) => i.id)).not.toContain(item.id);
    const later = await call(
      'GET',
      `/api/reservations/available-items?startTime=${encodeURIComponent(at(2, '16:00'))}&hours=2`,
      { token: admin.token },
    );
    expect(later.body.items.map((i: { id: string }) => i.id)).toContain(item.id);
  });

  it('20 simultaneous requests for the same item and time: exactly one succeeds', async () => {
    const type = await newType(admin);
    const item = await newItem(admin, type.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/reservations/items/create', {
          token: admin.token,
          body: itemBody(
            item.id,
            at(3, '10:00'),
            {},
            { phone: `555-300-${String(i).padStart(4, '0')}`, email: `rush${i}@example.com` },
          ),
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    expect(ok).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused)
      expect(r.body.message).toBe(
        `This item is already reserved at that time (reservation ${ok[0]!.body.data.reservationNumber}).`,
      );
  }, 120_000);

  it('marks the item IN_USE when the reservation is under way, and AVAILABLE after the return', async () => {
    const type = await newType(admin, 20);
    const item = await newItem(admin, type.id);
    const start = Date.parse(at(1, '10:00'));
    const row = await createItemReservation(
      admin.tenant as TenantId,
      { userId: admin.userId, username: 'a@x', role: 'BUSINESS_ADMIN', accessLevel: 'MANAGER', tenantId: admin.tenant },
      itemBody(item.id, at(1, '10:00')) as never,
      start + 60_000,
    );
    const status = async () => (await readItem(admin.tenant as TenantId, item.id))?.item.status;
    expect(await status()).toBe('IN_USE');
    const ret = await call('POST', `/api/reservations/processing/${row.id}/return`, {
      token: admin.token,
      body: { actualReturnTime: at(1, '12:00') },
    });
    expect(ret.status).toBe(200);
    expect(await status()).toBe('AVAILABLE');
  });
});

describe('returns, refunds and the lifecycle', () => {
  it('returns late with a refund by hours and answers the charges', async () => {
    const type = await newType(admin, 20);
    const item = await newItem(admin, type.id);
    const r = await reserve(admin, item.id, at(1, '10:00'));
    const total0 = await paymentsTotal(admin);
    const early = await call('POST', `/api/reservations/processing/${r.id}/return`, {
      token: admin.token,
      body: { actualReturnTime: at(1, '10:04') },
    });
    expect(early.status).toBe(400);
    // The start as the organization's wall clock, spelled out from the day string, not by the formatter.
    const [yyyy, mm, dd] = day(1).split('-').map(Number);
    expect(early.body.message).toBe(
      `Return time must be at least 5 minutes after the reservation start time (${mm}/${dd}/${yyyy}, 10:00 AM). Please select a valid return time.`,
    );
    const tooMuch = await call('POST', `/api/reservations/processing/${r.id}/return`, {
      token: admin.token,
      body: { actualReturnTime: at(1, '13:30'), refund: { amount: 70.01, cash: true } },
    });
    expect(tooMuch.body.message).toBe(
      'Refund amount cannot exceed the total reservation amount ($70.00). Please adjust the refund amount.',
    );
    const noMethod = await call('POST', `/api/reservations/processing/${r.id}/return`, {
      token: admin.token,
      body: { actualReturnTime: at(1, '13:30'), refund: { hours: 1 } },
    });
    expect(noMethod.body.message).toBe('Please select either Cash or Credit (or both) for the refund payment method.');
    expect(
      (
        await call('POST', `/api/reservations/processing/${r.id}/return`, {
          token: admin.token,
          body: { actualReturnTime: at(1, '13:30'), refund: { hours: 0.3, cash: true } },
        })
      ).status,
    ).toBe(400);
    // 1.5 h late at $20: overage $30; refund 0.5 h: $10 -> subtotal 40 + 30 - 10 = 60
    const ret = await call('POST', `/api/reservations/processing/${r.id}/return`, {
      token: admin.token,
      body: {
        actualReturnTime: at(1, '13:30'),
        notes: 'Scratched',
        refund: { hours: 0.5, cash: true, manualEntry: 'hours', paymentId: 'R-9' },
      },
    });
    expect(ret.status).toBe(200);
    expect(ret.body.charges).toEqual({
      reservationDuration: 2,
      baseAmount: 40,
      overageHours: 1.5,
      overageAmount: 30,
      refundHours: 0.5,
      refundAmount: 10,
      hourlyRate: 20,
      subtotal: 60,
      taxRate: 0,
      taxAmount: 0,
      totalAmount: 60,
    });
    expect(ret.body.data).toMatchObject({ status: 'COMPLETED', totalAmount: 60, actualReturnTime: at(1, '13:30') });
    expect(await paymentsTotal(admin)).toBeCloseTo(total0 + 50, 2); // balance after the $10 deposit
    // docs/decisions/0012-right-about-money.md: the charge and the refund are each their own row, the refund with its method and reference.
    const paid = (await call('GET', `/api/reservations/integration/${r.id}`, { token: admin.token })).body.data
      .payments as { paymentType: string; amount: number; method: string | null; paymentId: string | null }[];
    expect(
      paid
        .map(({ paymentType, amount, method, paymentId }) => ({ paymentType, amount, method, paymentId }))
        .sort((a, b) => a.amount - b.amount),
    ).toEqual([
      { paymentType: 'REFUND', amount: -10, method: 'Cash', paymentId: 'R-9' },
      { paymentType: 'DEPOSIT', amount: 10, method: 'Cash', paymentId: 'P-1' },
      { paymentType: 'CHARGE', amount: 60, method: null, paymentId: null },
    ]);
    const again = await call('POST', `/api/reservations/processing/${r.id}/return`, {
      token: admin.token,
      body: { actualReturnTime: at(1, '13:30') },
    });
    expect(again.status).toBe(400);

    // reprocess undoes the return and its payment
    const rep = await call('POST', `/api/reservations/processing/${r.id}/reprocess`, { token: admin.token });
    expect(rep.status).toBe(200);
    expect(rep.body.data).toMatchObject({
      status: 'ACTIVE',
      actualReturnTime: null,
      totalAmount: 40,
      overageAmount: 0,
      refundAmount: 0,
    });
    expect(rep.body.data.reprocessedByEmployee).not.toBeNull();
    expect(await paymentsTotal(admin)).toBeCloseTo(total0, 2);
    const detail = await call('GET', `/api/reservations/integration/${r.id}`, { token: admin.token });
    expect(detail.body.data.payments.map((p: { paymentType: string }) => p.paymentType).sort()).toEqual([
      'CHARGE',
      'DEPOSIT',
      'REFUND',
      'REVERSAL',
    ]);
    const log = await call('GET', `/api/reservations/logs/?reservationId=${r.id}`, { token: admin.token });
    expect(log.body.data.map((e: { action: string }) => e.action)).toEqual(['REPROCESSED', 'RETURNED', 'CREATED']);
    expect(log.body.data[1].paymentId).toBe('R-9');
  });

  it('applies the organization tax rate at booking', async () => {
    const other = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const put = await call('PUT', '/api/settings/financial/tax', {
      token: other.token,
      body: { enabled: true, rate: 8.25 },
    });
    expect(put.status).toBeLessThan(300);
    const type = await newType(other, 16.66);
    const item = await newItem(other, type.id);
    const r = await reserve(other, item.id, at(1, '10:00'), { reservationDuration: 1 });
    // $16.66 x 8.25 % = 137.445 cents -> 137
    expect(r).toMatchObject({ subtotal: 16.66, taxRate: 8.25, taxAmount: 1.37, totalAmount: 18.03 });
  });

  it('cancels, restores (409 when the item was taken since) and deletes softly with a 410', async () => {
    const type = await newType(admin);
    const item = await newItem(admin, type.id);
    const r = await reserve(admin, item.id, at(4, '10:00'));
    expect((await call('DELETE', `/api/reservations/processing/${r.id}`, { token: admin.token })).status).toBe(400);
    const c = await call('POST', `/api/reservations/processing/${r.id}/cancel`, { token: admin.token });
    expect(c.status).toBe(200);
    expect(c.body.data.status).toBe('CANCELLED');
    expect((await call('POST', `/api/reservations/processing/${r.id}/cancel`, { token: admin.token })).status).toBe(
      400,
    );
    const taker = await reserve(admin, item.id, at(4, '11:00'));
    const blocked = await call('POST', `/api/reservations/processing/${r.id}/restore`, {
      token: admin.token,
      body: { notes: 'Customer called back' },
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(`The item has been reserved since (reservation ${taker.reservationNumber}).`);
    await call('POST', `/api/reservations/processing/${taker.id}/cancel`, { token: admin.token });
    const restored = await call('POST', `/api/reservations/processing/${r.id}/restore`, {
      token: admin.token,
      body: { notes: 'Customer called back' },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data.status).toBe('ACTIVE');
    await call('POST', `/api/reservations/processing/${r.id}/cancel`, { token: admin.token });
    // an employee cannot delete, reprocess or restore
    expect((await call('DELETE', `/api/reservations/processing/${r.id}`, { token: employee.token })).status).toBe(403);
    expect(
      (await call('POST', `/api/reservations/processing/${r.id}/restore`, { token: employee.token, body: {} })).status,
    ).toBe(403);
    const del = await call('DELETE', `/api/reservations/processing/${r.id}`, { token: admin.token });
    expect(del.status).toBe(200);
    const gone = await call('GET', `/api/reservations/integration/${r.id}`, { token: admin.token });
    expect(gone.status).toBe(410);
    expect(gone.body.message).toMatch(
      /^This reservation was deleted by .+ at \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2} (AM|PM)\.$/,
    );
    expect((await call('GET', '/api/reservations/integration/nope', { token: admin.token })).status).toBe(404);
    expect(
      (await call('POST', `/api/reservations/processing/${r.id}/restore`, { token: admin.token, body: {} })).status,
    ).toBe(410);
    const log = await call('GET', '/api/reservations/logs/?action=DELETED', { token: admin.token });
    expect(log.body.data.some((e: { reservationId: string }) => e.reservationId === r.id)).toBe(true);
  });
});

describe('service reservations by staff', () => {
  it('takes places from the slot, gives them back once on cancel, and tracks payment', async () => {
    const svc = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: {
        name: 'Sunset tour',
        rate: 25,
        rateType: 'PER_PERSON',
        rsvpSettings: JSON.stringify({ maxParticipants: 10, enablePublicBookings: true }),
        availability: JSON.stringify([{ date: day(5), startTime: '18:00', endTime: '20:00', slotsAvailable: 6 }]),
      },
    });
    expect(svc.status).toBe(201);
    const slots = async () =>
      JSON.parse(
        (await call('GET', `/api/inventory/services/${svc.body.id}`, { token: admin.token })).body.availability,
      )[0].slotsAvailable;
    const book = (participantCount: number) =>
      call('POST', '/api/reservations/services/create', {
        token: admin.token,
        body: {
          customer: customer({ phone: '555-444-1234', email: '' }),
          reservation: {
            serviceId: svc.body.id,
            availabilitySlots: [{ date: day(5), startTime: '18:00', endTime: '20:00' }],
            participantCount,
            notes: 'Walk-in',
          },
        },
      });
    const res = await book(3);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: 'SERVICE',
      totalAmount: 75,
      participantCount: 3,
      service: { name: 'Sunset tour' },
      createdByEmployee: { id: admin.userId },
    });
    expect(await slots()).toBe(3);
    expect((await book(4)).status).toBe(409);
    const noSlot = await call('POST', '/api/reservations/services/create', {
      token: admin.token,
      body: { customer: customer(), reservation: { serviceId: svc.body.id, availabilitySlots: [] } },
    });
    expect(noSlot.body.message).toContain('Please select a time slot for the service.');
    const bad = await call('POST', '/api/reservations/services/create', {
      token: admin.token,
      body: {
        customer: customer(),
        reservation: {
          serviceId: svc.body.id,
          availabilitySlots: [{ date: '2030-02-31', startTime: '18:00', endTime: '20:00' }],
        },
      },
    });
    expect(bad.status).toBe(400);

    const id = res.body.data.id;
    const total0 = await paymentsTotal(admin);
    const paid = await call('PUT', `/api/payments/service-tracking/${id}`, {
      token: admin.token,
      body: { isPaid: true, amount: '75', source: 'Venmo' },
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ reservationId: id, isPaid: true, amount: 75, source: 'Venmo' });
    expect(await paymentsTotal(admin)).toBeCloseTo(total0 + 75, 2);
    expect(
      (
        await call('PUT', `/api/payments/service-tracking/${id}`, {
          token: admin.token,
          body: { isPaid: true, amount: 5, source: 'Bitcoin' },
        })
      ).status,
    ).toBe(400);
    const batch = await call('POST', '/api/payments/service-tracking/batch', {
      token: admin.token,
      body: { reservationIds: [id, 'unknown'] },
    });
    expect(batch.body).toEqual({ [id]: { isPaid: true, amount: 75, source: 'Venmo' } });
    await call('PUT', `/api/payments/service-tracking/${id}`, { token: admin.token, body: { isPaid: false } });
    expect(await paymentsTotal(admin)).toBeCloseTo(total0, 2);

    // no return for services; cancel gives the places back once; restore is for items only
    expect(
      (
        await call('POST', `/api/reservations/processing/${id}/return`, {
          token: admin.token,
          body: { actualReturnTime: at(5, '20:00') },
        })
      ).status,
    ).toBe(400);
    const [c1, c2] = await Promise.all([
      call('POST', `/api/reservations/processing/${id}/cancel`, { token: admin.token }),
      call('POST', `/api/reservations/processing/${id}/cancel`, { token: admin.token }),
    ]);
    expect([c1.status, c2.status].sort()).toEqual([200, 400]);
    expect(await slots()).toBe(6);
    expect(
      (await call('POST', `/api/reservations/processing/${id}/restore`, { token: admin.token, body: {} })).status,
    ).toBe(400);
  });
});

describe('public bookings paid through tracking', () => {
  it('are spared by the 24-hour sweep', async () => {
    const svc = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: {
        name: 'Paid tour',
        rate: 30,
        rateType: 'FIXED',
        availability: JSON.stringify([{ date: day(6), startTime: '09:00', endTime: '10:00', slotsAvailable: 4 }]),
      },
    });
    const link = await call('POST', `/api/inventory/services/${svc.body.id}/generate-share-link`, {
      token: admin.token,
    });
    const token = String(
      link.body.shareToken ??
        link.body.token ??
        String(link.body.shareUrl ?? link.body.url)
          .split('/')
          .pop(),
    );
    const booked = await call('POST', `/public/service/${token}/book`, {
      body: {
        selectedSlots: [{ date: day(6), startTime: '09:00', endTime: '10:00' }],
        customer: { firstName: 'Pay', lastName: 'Later', phone: '555-909-0001', email: 'pay@example.com' },
        participantCount: 1,
      },
    });
    expect(booked.status, booked.raw).toBe(201);
    const id = booked.body.reservation.id;
    const paid = await call('PUT', `/api/payments/service-tracking/${id}`, {
      token: admin.token,
      body: { isPaid: true, source: 'Zelle' },
    });
    expect(paid.body).toEqual({ reservationId: id, isPaid: true, amount: 30, source: 'Zelle' });
    await sweepUnpaid(Date.now() + 25 * 3600_000);
    const after = await call('GET', `/api/reservations/integration/${id}`, { token: admin.token });
    expect(after.body.data).toMatchObject({
      status: 'ACTIVE',
      isPaid: true,
      paymentStatus: 'PAID',
      source: 'PUBLIC_BOOKING',
    });
    expect(after.body.data.payments).toEqual([
      expect.objectContaining({ amount: 30, paymentType: 'SERVICE_PAYMENT', method: 'Zelle' }),
    ]);
  });
});

describe('lists, searches, the log and counters', () => {
  it('pages 25 at a time with a cursor, searches by number, phone and name, and keeps counters equal to a full count', async () => {
    const s = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const type = await newType(s);
    const items = await Promise.all(Array.from({ length: 8 }, () => newItem(s, type.id)));
    const made: { id: string; reservationNumber: string }[] = [];
    for (let i = 0; i < 32; i++) {
      const item = items[i % items.length]!;
      made.push(
        await reserve(
          s,
          item.id,
          at(6 + Math.floor(i / items.length), '10:00'),
          {},
          {
            firstName: i % 2 ? 'Grace' : 'Alan',
            lastName: i % 2 ? 'Hopper' : 'Turing',
            phone: i % 2 ? '555-200-1001' : '555-200-1000',
            email: '',
          },
        ),
      );
    }
    // a mixed run: cancel some, return some, delete one
    for (const r of made.slice(0, 4))
      expect((await call('POST', `/api/reservations/processing/${r.id}/cancel`, { token: s.token })).status).toBe(200);
    for (const r of made.slice(4, 7))
      expect(
        (
          await call('POST', `/api/reservations/processing/${r.id}/return`, {
            token: s.token,
            body: { actualReturnTime: at(30, '10:00') },
          })
        ).status,
      ).toBe(200);
    expect((await call('DELETE', `/api/reservations/processing/${made[0]!.id}`, { token: s.token })).status).toBe(200);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: {
        status: number;
        body: {
          reservations: { id: string; startTime: string }[];
          counts: Record<string, number>;
          pagination: { nextCursor: string | null; total: number };
        };
      } = await call('GET', `/api/reservations/integration/all?kind=ITEM${cursor ? `&cursor=${cursor}` : ''}`, {
        token: s.token,
      });
      expect(page.status).toBe(200);
      expect(page.body.reservations.length).toBeLessThanOrEqual(25);
      expect(page.body.counts).toEqual({ all: 31, active: 25, completed: 3, cancelled: 3, overdue: 0, noShow: 0 });
      const starts = page.body.reservations.map((r) => r.startTime);
      expect([...starts].sort().reverse()).toEqual(starts);
      seen.push(...page.body.reservations.map((r) => r.id));
      cursor = page.body.pagination.nextCursor;
      pages++;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(31);
    expect(seen).not.toContain(made[0]!.id);

    const active = await call('GET', '/api/reservations/integration/all?status=ACTIVE&kind=ITEM&limit=100', {
      token: s.token,
    });
    expect(active.body.reservations).toHaveLength(25);
    const completed = await call(
      'GET',
      `/api/reservations/integration/all?status=COMPLETED&kind=ITEM&startDate=${day(30)}&endDate=${day(30)}`,
      { token: s.token },
    );
    expect(completed.body.reservations).toHaveLength(3);
    const none = await call(
      'GET',
      `/api/reservations/integration/all?status=COMPLETED&kind=ITEM&startDate=${day(31)}&endDate=${day(32)}`,
      { token: s.token },
    );
    expect(none.body.reservations).toHaveLength(0);
    expect(
      (await call('GET', '/api/reservations/integration/all?startDate=2030-02-31', { token: s.token })).status,
    ).toBe(400);
    expect((await call('GET', '/api/reservations/integration/all?cursor=garbage', { token: s.token })).status).toBe(
      400,
    );

    const byNumber = await call('GET', `/api/reservations/integration/all?search=${made[5]!.reservationNumber}`, {
      token: s.token,
    });
    expect(byNumber.body.reservations.map((r: { id: string }) => r.id)).toEqual([made[5]!.id]);
    const byLast4 = await call('GET', '/api/reservations/integration/all?search=1001', { token: s.token });
    expect(byLast4.body.reservations.length).toBe(16);
    expect(
      byLast4.body.reservations.every((r: { customer: { phone: string } }) => r.customer.phone === '555-200-1001'),
    ).toBe(true);
    const byName = await call('GET', '/api/reservations/integration/all?customer=hop&limit=100', { token: s.token });
    expect(byName.body.reservations.length).toBe(16);
    expect(
      byName.body.reservations.every((r: { customer: { lastName: string } }) => r.customer.lastName === 'Hopper'),
    ).toBe(true);

    // counters against a full count of the rows
    const rows: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
          ExpressionAttributeValues: { ':pk': keys.tenantPartition(s.tenant as TenantId), ':p': 'RESERVATION#' },
          ExclusiveStartKey: start,
        }),
      );
      rows.push(...(res.Items ?? []));
      start = res.LastEvaluatedKey;
    } while (start);
    const live = rows.filter((r) => !r.deletedAt);
    const st = await stats(s);
    expect(st).toEqual({
      total: live.length,
      active: live.filter((r) => r.status === 'ACTIVE').length,
      completed: live.filter((r) => r.status === 'COMPLETED').length,
      cancelled: live.filter((r) => r.status === 'CANCELLED').length,
      overdue: 0,
      noShowsThisWeek: 0,
    });

    // payments total against the payment rows
    const pay = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(s.tenant as TenantId), ':p': 'PAYMENT#' },
      }),
    );
    const sum = (pay.Items ?? []).reduce((t, r) => t + Number(r.amountCents), 0);
    expect(sum).toBeGreaterThan(0);
    expect(Math.round((await paymentsTotal(s)) * 100)).toBe(sum);

    // the log: 25 a page, totals from counters, filters
    const log1 = await call('GET', '/api/reservations/logs/?limit=25', { token: s.token });
    expect(log1.body.pagination).toMatchObject({ page: 1, limit: 25, total: 32 + 4 + 3 + 1, totalPages: 2 });
    const log2 = await call('GET', '/api/reservations/logs/?limit=25&page=2', { token: s.token });
    expect(log2.body.data).toHaveLength(15);
    const viaCursor = await call('GET', `/api/reservations/logs/?limit=25&cursor=${log1.body.pagination.nextCursor}`, {
      token: s.token,
    });
    expect(viaCursor.body.data.map((e: { id: string }) => e.id)).toEqual(
      log2.body.data.map((e: { id: string }) => e.id),
    );
    expect(new Set([...log1.body.data, ...log2.body.data].map((e: { id: string }) => e.id)).size).toBe(40);
    const returned = await call('GET', '/api/reservations/logs/?action=RETURNED', { token: s.token });
    expect(returned.body.pagination.total).toBe(3);
    expect(returned.body.data).toHaveLength(3);
    const mine = await call('GET', `/api/reservations/logs/?employeeId=${s.userId}`, { token: s.token });
    expect(mine.body.pagination.total).toBe(40);
  }, 180_000);
});

describe('the overdue sweep', () => {
  it('marks ACTIVE item reservations past their end once, keeps the count and clears it on return', async () => {
    const s = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const type = await newType(s);
    const item = await newItem(s, type.id);
    const email = `late-${Date.now()}@example.com`;
    const r = await reserve(s, item.id, at(1, '10:00'), {}, { email, phone: '555-818-0001' });
    const later = Date.parse(at(1, '12:30'));
    // the sweep is cross-tenant: other tests' reservations may be marked too; this tenant's count is exact
    await Promise.all([sweepOverdue(later), sweepOverdue(later)]);
    expect((await stats(s)).overdue).toBe(1);
    await sweepOverdue(later + 600_000);
    expect((await stats(s)).overdue).toBe(1);
    expect((await call('GET', `/api/reservations/integration/${r.id}`, { token: s.token })).body.data.isOverdue).toBe(
      true,
    );
    // one e-mail, from the template, however many runs
    const inbox = (await (await fetch(`${ses.endpoint}/store`)).json()) as {
      emails: { destination: { to: string[] }; subject: string; body: { text: string } }[];
    };
    const mine = inbox.emails.filter((m) => m.destination.to.includes(email));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe(`Your rental ${r.reservationNumber} is overdue`);
    expect(mine[0]!.body.text).toContain('This reservation is overdue and may incur additional charges.');
    // the due time in the organization's zone, named (docs/decisions/0008-one-time-zone.md)
    expect(mine[0]!.body.text).toMatch(/was due back at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T\./);
    expect(
      (await call('GET', '/api/reservations/integration/all?kind=ITEM', { token: s.token })).body.counts.overdue,
    ).toBe(1);
    await call('POST', `/api/reservations/processing/${r.id}/return`, {
      token: s.token,
      body: { actualReturnTime: at(1, '12:45') },
    });
    expect((await stats(s)).overdue).toBe(0);
  });
});
