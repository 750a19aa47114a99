/**
 * One meaning of revenue (R-REP-9, R-DASH-6, R-TS-5; shared/domain/revenue.ts): after a few bookings, a
 * payment and returns that pay money back, the dashboard, the reports and the employee metrics give the
 * same Booked, Collected, Refunded and Tax collected figures, and each equals the rows it names.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { db, tableName } from '../lib/db.js';
import { keys } from '../lib/keys.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

const ZONE = 'America/New_York';
const day = (n: number) => addDaysToDay(todayIn(ZONE), n);
const at = (n: number, hhmm: string) => zonedDateTime(day(n), hhmm, ZONE).toISOString();
const dollars = (c: number) => Math.round(c) / 100;

let admin: TestSession;
let employee: TestSession;

async function ok(p: Promise<{ status: number; body: any; raw: string }>) {
  const res = await p;
  expect(res.status, res.raw).toBeLessThan(300);
  return res.body;
}

/** Rows of the tenant partition under a prefix, as stored (test only). */
async function rows(prefix: string): Promise<Record<string, any>[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(admin.tenant), ':p': prefix },
    }),
  );
  return res.Items ?? [];
}

beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  employee = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'MANAGER' });
});

describe('one meaning of revenue', () => {
  it('dashboard, reports and employee metrics agree on booked, collected, refunded and tax collected', async () => {
    await ok(call('PUT', '/api/settings/financial/tax', { token: admin.token, body: { enabled: true, rate: 8.25 } }));
    const type = await ok(
      call('POST', '/api/inventory/product-types', {
        token: admin.token,
        body: { name: 'Cart', category: 'Carts', rates: [{ rate: 25, rateType: 'hourly' }] },
      }),
    );
    const items: { id: string }[] = [];
    for (let i = 0; i < 3; i++)
      items.push(
        await ok(
          call('POST', '/api/inventory/items', {
            token: admin.token,
            body: { productTypeId: type.id, itemNumber: `R-${i}` },
          }),
        ),
      );
    const customer = { firstName: 'Ada', lastName: 'Lovelace', phone: '5550100001' };
    const book = async (who: TestSession, item: number, n: number, hours: number, deposit: number) =>
      (
        await ok(
          call('POST', '/api/reservations/items/create', {
            token: who.token,
            body: {
              customer,
              reservation: {
                startTime: at(n, '10:00'),
                reservationDuration: hours,
                inventoryItemId: items[item]!.id,
                depositAmount: deposit,
              },
            },
          }),
        )
      ).data.id as string;
    // A: returned with a partial refund (1 h of 2, paid back with its tax).
    const a = await book(employee, 0, 0, 2, 10);
    await ok(
      call('POST', `/api/reservations/processing/${a}/return`, {
        token: admin.token,
        body: { actualReturnTime: at(0, '12:00'), refund: { hours: 1, cash: true } },
      }),
    );
    // B: a deposit above the rental cost, the rest paid back at the return.
    const b = await book(admin, 1, 0, 1, 50);
    await ok(
      call('POST', `/api/reservations/processing/${b}/return`, {
        token: admin.token,
        body: { actualReturnTime: at(0, '11:00') },
      }),
    );
    // C: still out; D: cancelled, its deposit kept.
    await book(employee, 2, 1, 1, 5);
    const d = await book(admin, 0, 2, 1, 5);
    await ok(call('POST', `/api/reservations/processing/${d}/cancel`, { token: admin.token }));
    // A service booking, paid.
    const svc = await ok(
      call('POST', '/api/inventory/services', {
        token: admin.token,
        body: {
          name: 'Tour',
          rate: 30,
          rateType: 'PER_PERSON',
          rsvpSettings: JSON.stringify({ maxParticipants: 10 }),
          availability: JSON.stringify([{ date: day(3), startTime: '14:00', endTime: '15:00', slotsAvailable: 10 }]),
        },
      }),
    );
    const s = await ok(
      call('POST', '/api/reservations/services/create', {
        token: employee.token,
        body: {
          customer,
          reservation: {
            serviceId: svc.id,
            availabilitySlots: [{ date: day(3), startTime: '14:00', endTime: '15:00' }],
            participantCount: 2,
          },
        },
      }),
    );
    await ok(
      call('PUT', `/api/payments/service-tracking/${s.data.id}`, {
        token: admin.token,
        body: { isPaid: true, amount: '60', source: 'Cash' },
      }),
    );

    // What the rows say.
    const reservations = (await rows('RESERVATION#')).filter((r) => !r.deletedAt);
    const payments = await rows('PAYMENT#');
    const sum = (rs: Record<string, any>[], f: (r: Record<string, any>) => number) => rs.reduce((t, r) => t + f(r), 0);
    const booked = sum(
      reservations.filter((r) => r.status !== 'CANCELLED'),
      (r) => r.totalAmountCents ?? 0,
    );
    const bookedCompleted = (by: string) =>
      sum(
        reservations.filter((r) => r.status === 'COMPLETED' && r.createdByEmployee?.id === by),
        (r) => r.totalAmountCents ?? 0,
      );
    const collected = sum(payments, (r) => r.amountCents);
    const refunded = -sum(
      payments.filter((p) => p.paymentType === 'REFUND'),
      (r) => r.amountCents,
    );
    const taxCollected = sum(
      reservations.filter((r) => r.status === 'COMPLETED'),
      (r) => r.taxAmountCents ?? 0,
    );
    // The scenario really has each kind of money: a refund with tax, a deposit paid back, a payment.
    expect(refunded).toBeGreaterThan(0);
    expect(payments.filter((p) => p.paymentType === 'REFUND')).toHaveLength(2);
    expect(taxCollected).toBeGreaterThan(0);
    expect(payments.some((p) => p.paymentType === 'SERVICE_PAYMENT' && p.amountCents === 6000)).toBe(true);

    // The dashboard: Collected and Refunded.
    const dash = await ok(call('GET', '/api/payments/stats/overview', { token: admin.token }));
    expect(dash).toMatchObject({ totalAmount: dollars(collected), refundedAmount: dollars(refunded) });

    // The reports: Booked, Refunded, Tax collected; per employee and per customer the same Booked.
    const q = `startDate=${day(0)}&endDate=${day(10)}`;
    const revenue = await ok(call('GET', `/api/reports/revenue?${q}`, { token: admin.token }));
    expect(revenue).toMatchObject({
      totalRevenue: dollars(booked),
      refundTotal: dollars(refunded),
      taxCollected: dollars(taxCollected),
    });
    const perf = await ok(call('GET', `/api/reports/employee-performance?${q}`, { token: admin.token }));
    const perfSum = (f: string) => perf.performanceData.reduce((t: number, e: Record<string, number>) => t + e[f]!, 0);
    expect(perfSum('totalRevenue')).toBeCloseTo(dollars(booked), 2);
    const customers = await ok(call('GET', `/api/reports/customer-activity?${q}`, { token: admin.token }));
    expect(customers.totalSpent).toBe(dollars(booked));

    // The employee metrics: Booked, completed, the same as the report's per employee.
    const metrics = await ok(call('GET', '/api/timesheets/admin/employees', { token: admin.token }));
    for (const who of [admin, employee]) {
      const m = metrics.employees.find((e: { id: string }) => e.id === who.userId);
      const p = perf.performanceData.find((e: { employeeId: string }) => e.employeeId === who.userId);
      expect(m.bookings.totalRevenue).toBe(dollars(bookedCompleted(who.userId)));
      expect(p.completedRevenue).toBe(m.bookings.totalRevenue);
    }
    expect(metrics.summary.totalRevenue).toBeCloseTo(perfSum('completedRevenue'), 2);
  });
});
