import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { clockIn, clockOut } from './clock.js';

const ZONE = 'America/New_York'; // sessionFor's organization has no zone: the default
let admin: TestSession;
let emp: TestSession;
let other: TestSession;

beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  emp = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
  other = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
});

describe('the clock', () => {
  it('gives one open session to 10 parallel clock-ins (409 for the rest), then closes it once', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/api/timesheets/clock-in', { token: emp.token, body: { notes: 'start' } }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('You are already clocked in');
    }
    expect(ok[0]!.body).toMatchObject({
      message: 'Successfully clocked in!',
      locationCaptured: false,
      timesheet: { clockOut: null, totalHours: null, notes: 'start' },
    });
    const active = await call('GET', '/api/timesheets/active', { token: emp.token });
    expect(active.body.timesheet.id).toBe(ok[0]!.body.timesheet.id);
    const list = await call('GET', '/api/timesheets', { token: emp.token });
    expect(list.body.timesheets).toHaveLength(1);
    expect(list.body.summary.totalSessions).toBe(1);

    const outs = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', '/api/timesheets/clock-out', {
          token: emp.token,
          body: { notes: 'done', latitude: 40.7, longitude: -74 },
        }),
      ),
    );
    expect(outs.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of outs.filter((x) => x.status !== 200)) {
      expect([404, 409]).toContain(r.status);
      expect(r.body).toMatchObject({ message: 'You are not clocked in' });
    }
    expect((await call('POST', '/api/timesheets/clock-out', { token: emp.token, body: {} })).status).toBe(404);
    const closed = outs.find((r) => r.status === 200)!.body;
    expect(closed).toMatchObject({
      message: 'Successfully clocked out!',
      locationCaptured: true,
      timesheet: {
        notes: 'start\ndone',
        clockInNotes: 'start',
        clockOutNotes: 'done',
        clockOutLocation: { latitude: 40.7, longitude: -74 },
      },
    });
    expect(closed.timesheet.totalHours).toBe(
      Math.round(
        (new Date(closed.timesheet.clockOut).getTime() - new Date(closed.timesheet.clockIn).getTime()) / 36_000,
      ) / 100,
    );
    expect((await call('GET', '/api/timesheets/active', { token: emp.token })).body.timesheet).toBeNull();
  });

  it('answers 404 to a clock-out without an open session and 400 to a bad location', async () => {
    const s = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE' });
    const r = await call('POST', '/api/timesheets/clock-out', { token: s.token, body: {} });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('You are not clocked in');
    expect(
      (await call('POST', '/api/timesheets/clock-in', { token: s.token, body: { latitude: 200, longitude: 0 } }))
        .status,
    ).toBe(400);
  });

  it('shows each person only their own timesheets', async () => {
    const mine = await call('POST', '/api/timesheets/clock-in', {
      token: other.token,
      body: { notes: 'other person' },
    });
    expect(mine.status).toBe(200);
    const empList = await call('GET', '/api/timesheets', { token: emp.token });
    expect(empList.raw).not.toContain(mine.body.timesheet.id);
    expect(empList.raw).not.toContain('other person');
    expect((await call('GET', '/api/timesheets/active', { token: emp.token })).body.timesheet).toBeNull();
    await call('POST', '/api/timesheets/clock-out', { token: other.token, body: {} });
  });

  it('refuses the admin metrics to an employee', async () => {
    expect((await call('GET', '/api/timesheets/admin/employees', { token: emp.token })).status).toBe(403);
    expect((await call('GET', `/api/users/${emp.userId}/performance`, { token: emp.token })).status).toBe(403);
  });
});

describe('metrics from the data', () => {
  it('equal the figures computed from the raw sessions (hours, this week, location, bookings, performance)', async () => {
    const a = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const worker = await sessionFor({ tenant: a.tenant, role: 'EMPLOYEE' });
    const tenant = a.tenant as TenantId;
    const today = todayIn(ZONE);
    // 12 closed sessions, all before today so none depends on the hour the test runs: 9:00 and 9:04 count as
    // on time for a 09:00 opening, 9:20 as late. Days 1-5 are Monday to Friday of one week, 9 weeks before this
    // one (44.25 h: 4.25 h overtime); the first clock-in is 70 days ago, so the span is 11 calendar weeks.
    const thisMonday = addDaysToDay(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
    const overtimeWeek = (i: number) => addDaysToDay(thisMonday, -63 + i);
    const days = [
      addDaysToDay(today, -70),
      ...[0, 1, 2, 3, 4].map(overtimeWeek),
      ...[-30, -9, -6, -3, -1, -2].map((d) => addDaysToDay(today, d)),
    ];
    const plan = days.map((day, k) => ({
      day,
      start: ['09:00', '09:04', '09:20'][k % 3]!,
      hours: [8, 10.5, 12, 3.25][k % 4]!,
    }));
    for (const p of plan) {
      const inAt = zonedDateTime(p.day, p.start, ZONE);
      await clockIn(tenant, {
        userId: worker.userId,
        employee: { firstName: 'W', lastName: 'K' },
        notes: null,
        location: p.hours === 8 ? { latitude: 1, longitude: 2 } : null,
        onTime: p.start !== '09:20',
        zone: ZONE,
        at: inAt.toISOString(),
      });
      const outAt = new Date(inAt.getTime() + p.hours * 3_600_000);
      await clockOut(tenant, {
        userId: worker.userId,
        notes: null,
        location: null,
        zone: ZONE,
        at: outAt.toISOString(),
      });
    }
    // an open session now
    await call('POST', '/api/timesheets/clock-in', { token: worker.token, body: { latitude: 3, longitude: 4 } });
    // bookings the worker created: two, one cancelled
    const type = await call('POST', '/api/inventory/product-types', {
      token: a.token,
      body: { name: `T${randomUUID().slice(0, 6)}`, category: 'C', rates: [{ rate: 10, rateType: 'hourly' }] },
    });
    const made: string[] = [];
    for (const n of [1, 2]) {
      const item = await call('POST', '/api/inventory/items', {
        token: a.token,
        body: { productTypeId: type.body.id, itemNumber: `M-${n}-${randomUUID().slice(0, 4)}` },
      });
      const start = zonedDateTime(addDaysToDay(today, 3 + n), '10:00', ZONE).toISOString();
      const r = await call('POST', '/api/reservations/items/create', {
        token: worker.token,
        body: {
          customer: { firstName: 'C', lastName: `L${n}`, phone: `555000${n}${n}${n}${n}` },
          reservation: { startTime: start, reservationDuration: 2, inventoryItemId: item.body.id, depositAmount: 0 },
        },
      });
      expect(r.status, r.raw).toBe(201);
      made.push(r.body.data.id);
    }
    expect((await call('POST', `/api/reservations/processing/${made[0]}/cancel`, { token: a.token })).status).toBe(200);

    // the raw sessions
    const raw = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `TS#${worker.userId}#` },
      }),
    );
    const sessions = raw.Items ?? [];
    // Figures worked out by hand from the plan above (hours cycle 8, 10.5, 12, 3.25; starts cycle on time, on
    // time, late), not with the area's formulas.
    const expected = {
      totalSessions: 13, // 12 closed + the open one
      completedSessions: 12,
      totalHours: 101.25, // 3 × (8 + 10.5 + 12 + 3.25)
      weeklyHours: 33.75, // clock-ins of the last 7 days: -6, -3, -1, -2 days → 8 + 10.5 + 12 + 3.25
      sessionsWithLocation: 4, // the three 8-hour sessions and the open one
    };

    const res = await call('GET', '/api/timesheets/admin/employees', { token: a.token });
    expect(res.status, res.raw).toBe(200);
    const me = res.body.employees.find((e: { id: string }) => e.id === worker.userId);
    expect(me.timesheets).toMatchObject({ ...expected, isCurrentlyClockedIn: true });
    expect(me.timesheets.currentSession.clockIn).toBe(sessions.find((s) => s.clockOut === null)!.clockIn);
    expect(me.bookings).toMatchObject({ total: 2, active: 1, cancelled: 1, completed: 0, totalRevenue: 0 });
    expect(res.body.summary).toMatchObject({ totalEmployees: 2, currentlyClockedIn: 1, totalActiveBookings: 1 });

    // the worker's own summary cards read the same counters
    const own = await call('GET', '/api/timesheets', { token: worker.token });
    expect(own.body.summary).toEqual({
      totalSessions: expected.totalSessions,
      completedSessions: expected.completedSessions,
      totalHours: expected.totalHours,
      weeklyHours: expected.weeklyHours,
    });

    const perf = await call('GET', `/api/users/${worker.userId}/performance`, { token: a.token });
    expect(perf.status, perf.raw).toBe(200);
    // 11 weeks; 8 of the 12 planned clock-ins on time. The open one (made now) is judged against the
    // organization's hours at the hour the test runs: closed (not counted), on time or late.
    // score = 50 × (101.25 / 11) / 40 + 50 × share on time = 11.506 + 50 × share
    const openOnTime = sessions.find((s) => s.clockOut === null)!.onTime as boolean | null;
    const onTimeFigures = {
      null: { onTimePercentage: 66.7, productivityScore: 44.8 }, // 8 / 12
      false: { onTimePercentage: 61.5, productivityScore: 42.3 }, // 8 / 13
      true: { onTimePercentage: 69.2, productivityScore: 46.1 }, // 9 / 13
    }[String(openOnTime) as 'null' | 'false' | 'true'];
    expect(perf.body).toMatchObject({
      totalShifts: 12,
      weeks: 11,
      avgHoursPerWeek: 9.2, // 101.25 / 11 = 9.205
      shiftsPerWeek: 1.1, // 12 / 11
      overtimeHours: 4.25, // 10.5 + 12 + 3.25 + 8 + 10.5 = 44.25 in one week
      ...onTimeFigures,
    });
    expect((await call('GET', `/api/users/${randomUUID()}/performance`, { token: a.token })).status).toBe(404);
  });
});
