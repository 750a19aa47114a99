import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, dayOf, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { db, tableName } from '../lib/db.js';
import { keys } from '../lib/keys.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

const ZONE = 'America/New_York'; // sessionFor writes no organization row: the default zone
const day = (n: number) => addDaysToDay(todayIn(ZONE), n);
const at = (n: number, hhmm: string) => zonedDateTime(day(n), hhmm, ZONE).toISOString();

let admin: TestSession;
let employee: TestSession;
let other: TestSession;

async function ok(p: Promise<{ status: number; body: any; raw: string }>) {
  const res = await p;
  expect(res.status, res.raw).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  employee = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'MANAGER' });
  other = await sessionFor({ role: 'BUSINESS_ADMIN' });
});

/** The reservations of a tenant as stored (test only: a Query on the tenant partition). */
async function rawReservations(s: TestSession): Promise<Record<string, any>[]> {
  const out: Record<string, any>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(s.tenant), ':p': 'RESERVATION#' },
        ExclusiveStartKey: startKey,
      }),
    );
    out.push(...(res.Items ?? []));
    startKey = res.LastEvaluatedKey;
  } while (startKey);
  return out.filter((r) => !r.deletedAt);
}

/** The tenant's report rows of one kind (test only). */
async function reportRows(s: TestSession, prefix: string): Promise<Record<string, any>[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(s.tenant), ':p': prefix },
    }),
  );
  return res.Items ?? [];
}

const withQuery = (path: string, q: Record<string, string>) => `${path}?${new URLSearchParams(q)}`;
const dollars = (c: number) => Math.round(c) / 100;

describe('reports after a scripted mixed month', () => {
  it('equal a computation over the raw reservations (returns with overage, refunds, cancellations, restores, deletes, service bookings)', async () => {
    const type = await ok(
      call('POST', '/api/inventory/product-types', {
        token: admin.token,
        body: { name: 'Cart', category: 'Carts', rates: [{ rate: 25, rateType: 'hourly' }] },
      }),
    );
    const items = [];
    for (let i = 0; i < 3; i++)
      items.push(
        await ok(
          call('POST', '/api/inventory/items', {
            token: admin.token,
            body: { productTypeId: type.id, itemNumber: `C-${i}` },
          }),
        ),
      );
    const svc = await ok(
      call('POST', '/api/inventory/services', {
        token: admin.token,
        body: {
          name: 'Tour',
          rate: 30,
          rateType: 'PER_PERSON',
          rsvpSettings: JSON.stringify({ maxParticipants: 10 }),
          availability: JSON.stringify([{ date: day(6), startTime: '14:00', endTime: '15:00', slotsAvailable: 10 }]),
        },
      }),
    );
    const customers = [
      { firstName: 'Ada', lastName: 'Lovelace', phone: '5550100001' },
      { firstName: 'Alan', lastName: 'Turing', phone: '5550100002' },
      { firstName: 'Grace', lastName: 'Hopper', phone: '5550100003' },
    ];
    const ids: string[] = [];
    for (let d = 0; d < 24; d++) {
      const who = d % 2 ? employee : admin;
      const r = await ok(
        call('POST', '/api/reservations/items/create', {
          token: who.token,
          body: {
            customer: customers[d % 3],
            reservation: {
              startTime: at(d, d % 4 === 0 ? '10:00' : '13:00'),
              reservationDuration: 1 + (d % 2),
              inventoryItemId: items[d % 3].id,
              depositAmount: 5,
            },
          },
        }),
      );
      ids.push(r.data.id);
    }
    // returns: on time, late (overage), with a refund by hours
    await ok(
      call('POST', `/api/reservations/processing/${ids[0]}/return`, {
        token: admin.token,
        body: { actualReturnTime: at(0, '11:00') },
      }),
    );
    await ok(
      call('POST', `/api/reservations/processing/${ids[1]}/return`, {
        token: employee.token,
        body: { actualReturnTime: at(1, '17:30') },
      }),
    );
    await ok(
      call('POST', `/api/reservations/processing/${ids[2]}/return`, {
        token: admin.token,
        body: { actualReturnTime: at(2, '16:00'), refund: { hours: 1, cash: true } },
      }),
    );
    await ok(
      call('POST', `/api/reservations/processing/${ids[3]}/return`, {
        token: admin.token,
        body: { actualReturnTime: at(3, '18:00') },
      }),
    );
    await ok(call('POST', `/api/reservations/processing/${ids[3]}/reprocess`, { token: admin.token }));
    // cancellations, a restore, a delete
    for (const i of [4, 5, 6, 7])
      await ok(call('POST', `/api/reservations/processing/${ids[i]}/cancel`, { token: admin.token }));
    await ok(
      call('POST', `/api/reservations/processing/${ids[5]}/restore`, { token: admin.token, body: { notes: 'back' } }),
    );
    await ok(call('DELETE', `/api/reservations/processing/${ids[6]}`, { token: admin.token }));
    await ok(
      call('POST', `/api/reservations/processing/${ids[8]}/return`, {
        token: admin.token,
        body: { actualReturnTime: at(8, '12:00') },
      }),
    );
    await ok(call('DELETE', `/api/reservations/processing/${ids[8]}`, { token: admin.token }));
    // service bookings, one cancelled
    const booking = (n: number, c: number) =>
      call('POST', '/api/reservations/services/create', {
        token: employee.token,
        body: {
          customer: customers[c],
          reservation: {
            serviceId: svc.id,
            availabilitySlots: [{ date: day(6), startTime: '14:00', endTime: '15:00' }],
            participantCount: n,
          },
        },
      });
    await ok(booking(2, 0));
    const b2 = await ok(booking(3, 1));
    await ok(call('POST', `/api/reservations/processing/${b2.data.id}/cancel`, { token: admin.token }));

    const start = day(0);
    const end = day(30);
    const q = { startDate: start, endDate: end };
    const raw = (await rawReservations(admin)).filter(
      (r) =>
        dayOf(Date.parse(r.startTime), r.timeZone ?? ZONE) >= start &&
        dayOf(Date.parse(r.startTime), r.timeZone ?? ZONE) <= end,
    );
    const booked = raw.filter((r) => r.status !== 'CANCELLED');
    const sum = (rs: Record<string, any>[], f: string) => rs.reduce((s, r) => s + (r[f] ?? 0), 0);
    expect(booked.length).toBeGreaterThan(15);
    expect(
      raw.some((r) => r.overageAmountCents > 0) &&
        raw.some((r) => r.refundAmountCents > 0) &&
        raw.some((r) => r.kind === 'SERVICE'),
    ).toBe(true);

    const revenue = await ok(call('GET', withQuery('/api/reports/revenue', q), { token: admin.token }));
    expect(revenue).toMatchObject({
      totalRevenue: dollars(sum(booked, 'totalAmountCents')),
      overageRevenue: dollars(sum(booked, 'overageAmountCents')),
      refundTotal: dollars(sum(booked, 'refundPaidCents')),
      totalReservations: booked.length,
      averageRevenue: dollars(Math.round(sum(booked, 'totalAmountCents') / booked.length)),
      completedReservations: raw.filter((r) => r.status === 'COMPLETED').length,
      cancelledReservations: raw.filter((r) => r.status === 'CANCELLED').length,
      serviceReservations: booked.filter((r) => r.kind === 'SERVICE').length,
    });
    expect(revenue.overageRevenue).toBeGreaterThan(0);

    const perf = await ok(call('GET', withQuery('/api/reports/employee-performance', q), { token: admin.token }));
    for (const s of [admin, employee]) {
      const mine = raw.filter((r) => r.createdByEmployee?.id === s.userId);
      const completed = mine.filter((r) => r.status === 'COMPLETED').length;
      const rev = sum(
        mine.filter((r) => r.status !== 'CANCELLED'),
        'totalAmountCents',
      );
      const row = perf.performanceData.find((p: any) => p.employeeId === s.userId);
      expect(row).toMatchObject({
        totalReservations: mine.length,
        completedReservations: completed,
        totalRevenue: dollars(rev),
        completionRate: Math.round((completed / mine.length) * 1000) / 10,
      });
    }

    const activity = await ok(call('GET', withQuery('/api/reports/customer-activity', q), { token: admin.token }));
    for (const c of customers) {
      const theirs = booked.filter((r) => r.customer.phone === c.phone);
      const row = activity.topCustomers.find((t: any) => t.phone === c.phone);
      expect(row).toMatchObject({
        name: `${c.firstName} ${c.lastName}`,
        reservationCount: theirs.length,
        totalSpent: dollars(sum(theirs, 'totalAmountCents')),
      });
    }

    const util = await ok(call('GET', withQuery('/api/reports/cart-utilization', q), { token: admin.token }));
    const openHours = 31 * 8; // default opening hours: every day 09:00-17:00
    expect(util.hoursOpenPerItem).toBe(openHours);
    for (const it of items) {
      const theirs = booked.filter((r) => r.inventoryItemId === it.id);
      const hours = theirs.reduce((s, r) => s + r.reservationDuration + (r.overageHours ?? 0), 0);
      const row = util.items.find((i: any) => i.itemId === it.id);
      expect(row).toMatchObject({
        reservations: theirs.length,
        hoursReserved: hours,
        revenue: dollars(sum(theirs, 'totalAmountCents')),
        utilizationRate: Math.round((hours / openHours) * 1000) / 10,
      });
    }
    expect(util.productTypes).toHaveLength(1);
    expect(util.productTypes[0]).toMatchObject({ productType: 'Cart', items: 3, hoursOpen: openHours * 3 });

    const log = await ok(call('GET', withQuery('/api/reports/daily-log', { date: day(6) }), { token: admin.token }));
    const ofDay = (await rawReservations(admin)).filter((r) => dayOf(Date.parse(r.startTime), ZONE) === day(6));
    expect(log.reservations.map((r: any) => r.id).sort()).toEqual(ofDay.map((r) => r.id).sort());
    expect(log.reservations.some((r: any) => r.kind === 'SERVICE')).toBe(true);

    // The day rows keep only the tenant-wide totals; each customer, item and creator has its own rows
    // (R-REP-8), so no row grows with the day's bookers.
    const dayRows = await reportRows(admin, 'REPDAY#');
    expect(dayRows.length).toBeGreaterThan(10);
    for (const row of dayRows) expect(Object.keys(row).filter((k) => /^(N#)?[eci]#/.test(k))).toEqual([]);
    const customerRows = await reportRows(admin, 'REPC#');
    expect(customerRows.length).toBeGreaterThan(10);
    for (const row of customerRows)
      expect(Object.keys(row).sort()).toEqual(expect.arrayContaining(['n', 'name', 'rev']));

    // another tenant sees none of it
    const theirs = await ok(call('GET', withQuery('/api/reports/revenue', q), { token: other.token }));
    expect(theirs.totalReservations).toBe(0);
  }, 120_000);

  it('add the figures that day rows written before the split carry to the rows written since (R-REP-8)', async () => {
    const owner = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const type = await ok(
      call('POST', '/api/inventory/product-types', {
        token: owner.token,
        body: { name: 'Kayak', category: 'Boats', rates: [{ rate: 10, rateType: 'hourly' }] },
      }),
    );
    const item = await ok(
      call('POST', '/api/inventory/items', { token: owner.token, body: { productTypeId: type.id, itemNumber: 'K-1' } }),
    );
    const created = await ok(
      call('POST', '/api/reservations/items/create', {
        token: owner.token,
        body: {
          customer: { firstName: 'Mary', lastName: 'Somerville', phone: '5550100009' },
          reservation: {
            startTime: at(2, '10:00'),
            reservationDuration: 2,
            inventoryItemId: item.id,
            depositAmount: 0,
          },
        },
      }),
    );
    const r = created.data;
    const total = (await rawReservations(owner))[0]!.totalAmountCents as number;
    // What the day row held for the same customer, item and creator before the split: one earlier
    // booking of one hour for 1,500 cents, with the names of then.
    const legacy: Record<string, number | string> = {
      n: 1,
      b: 1,
      rev: 1500,
      [`c#${r.customerId}#n`]: 1,
      [`c#${r.customerId}#rev`]: 1500,
      [`N#c#${r.customerId}`]: JSON.stringify({ name: 'Mary Fairfax', phone: '5550100009' }),
      [`i#${item.id}#n`]: 1,
      [`i#${item.id}#min`]: 60,
      [`i#${item.id}#rev`]: 1500,
      [`N#i#${item.id}`]: JSON.stringify({
        name: 'Old kayak',
        itemNumber: 'K-1',
        productTypeId: type.id,
        productType: 'Kayak',
      }),
      [`e#${owner.userId}#n`]: 1,
      [`e#${owner.userId}#rev`]: 1500,
      [`N#e#${owner.userId}`]: 'Old Name',
    };
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const adds: string[] = [];
    const sets: string[] = [];
    Object.entries(legacy).forEach(([k, v], i) => {
      names[`#k${i}`] = k;
      values[`:v${i}`] = v;
      (typeof v === 'number' ? adds : sets).push(typeof v === 'number' ? `#k${i} :v${i}` : `#k${i} = :v${i}`);
    });
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: keys.tenantPartition(owner.tenant), sk: `REPDAY#${day(2)}` },
        UpdateExpression: `ADD ${adds.join(', ')} SET ${sets.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );

    const q = { startDate: day(0), endDate: day(5) };
    const revenue = await ok(call('GET', withQuery('/api/reports/revenue', q), { token: owner.token }));
    expect(revenue).toMatchObject({ totalReservations: 2, totalRevenue: dollars(total + 1500) });
    const activity = await ok(call('GET', withQuery('/api/reports/customer-activity', q), { token: owner.token }));
    expect(activity.topCustomers).toEqual([
      expect.objectContaining({
        customerId: r.customerId,
        name: 'Mary Somerville',
        reservationCount: 2,
        totalSpent: dollars(total + 1500),
      }),
    ]);
    const util = await ok(call('GET', withQuery('/api/reports/cart-utilization', q), { token: owner.token }));
    expect(util.items).toEqual([expect.objectContaining({ itemId: item.id, reservations: 2, hoursReserved: 3 })]);
    expect(util.items[0].name).not.toBe('Old kayak');
    const perf = await ok(call('GET', withQuery('/api/reports/employee-performance', q), { token: owner.token }));
    expect(perf.performanceData).toEqual([
      expect.objectContaining({ employeeId: owner.userId, totalReservations: 2, totalRevenue: dollars(total + 1500) }),
    ]);
    expect(perf.performanceData[0].employeeName).not.toBe('Old Name');
  }, 60_000);
});

describe('report parameters', () => {
  const msg = async (path: string, query: Record<string, string>) => {
    const res = await call('GET', withQuery(path, query), { token: admin.token });
    expect(res.status).toBe(400);
    // The query's shape is the route's schema (a ValidationError whose field detail is the spec message,
    // docs/decisions/0239-openapi-a-document-a-client-can-trust.md); the order and the length, the handler's.
    return res.body.details?.[0]?.msg ?? res.body.message;
  };
  it('refuse with the spec messages', async () => {
    expect(await msg('/api/reports/daily-log', {})).toBe('Date parameter is required for daily log report');
    expect(await msg('/api/reports/daily-log', { date: '2026-02-30' })).toBe('Invalid date format');
    expect(await msg('/api/reports/revenue', { startDate: '2026-01-01' })).toBe(
      'Both startDate and endDate are required',
    );
    expect(await msg('/api/reports/customer-activity', { startDate: 'yesterday', endDate: '2026-01-01' })).toBe(
      'Invalid date format',
    );
    expect(await msg('/api/reports/employee-performance', { startDate: '2026-02-01', endDate: '2026-01-01' })).toBe(
      'Start date must be before end date',
    );
    expect(await msg('/api/reports/cart-utilization', { startDate: '2025-01-01', endDate: '2026-01-03' })).toBe(
      'Date range cannot exceed 1 year',
    );
    const year = await call(
      'GET',
      withQuery('/api/reports/revenue', { startDate: '2025-01-01', endDate: '2025-12-31' }),
      { token: admin.token },
    );
    expect(year.status).toBe(200);
  });
  it('need a token', async () => {
    const res = await call(
      'GET',
      withQuery('/api/reports/revenue', { startDate: '2026-01-01', endDate: '2026-01-31' }),
      {},
    );
    expect(res.status).toBe(401);
  });
});
