import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { clockIn, clockOut } from './entity.js';
import { hundredthsBetween, weekStartOf } from './rules.js';

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
    // 12 sessions over the last ~10 weeks: 9:00 (on time for 09:00), 9:04 (on time), 9:20 (late), some 10-12 h days
    const plan = [-70, -63, -62, -61, -60, -59, -30, -9, -6, -3, -1, 0].map((d, k) => ({
      day: addDaysToDay(today, d),
      start: ['09:00', '09:04', '09:20'][k % 3]!,
      hours: [8, 10.5, 12, 3.25][k % 4]!,
    }));
    for (const p of plan) {
      const inAt = zonedDateTime(p.day, p.start, ZONE);
      if (inAt.getTime() > Date.now()) continue;
      const { onTimeOf } = await import('./rules.js');
      const onTime = onTimeOf(
        inAt.toISOString(),
        ZONE,
        [{ id: 'd', dayType: 'everyday', openTime: '09:00', closeTime: '17:00', isClosed: false }],
        [],
      );
      await clockIn(tenant, {
        userId: worker.userId,
        employee: { firstName: 'W', lastName: 'K' },
        notes: null,
        location: p.hours === 8 ? { latitude: 1, longitude: 2 } : null,
        onTime,
        zone: ZONE,
        at: inAt.toISOString(),
      });
      const outAt = new Date(Math.min(inAt.getTime() + p.hours * 3_600_000, Date.now()));
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
    const closed = sessions.filter((s) => typeof s.clockOut === 'string');
    const h = (s: Record<string, unknown>) => hundredthsBetween(s.clockIn as string, s.clockOut as string);
    const weekFrom = addDaysToDay(today, -6);
    const dayOfNy = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(iso));
    const expected = {
      totalSessions: sessions.length,
      completedSessions: closed.length,
      totalHours: closed.reduce((t, s) => t + h(s), 0) / 100,
      weeklyHours: closed.filter((s) => dayOfNy(s.clockIn as string) >= weekFrom).reduce((t, s) => t + h(s), 0) / 100,
      sessionsWithLocation: sessions.filter((s) => s.clockInLocation || s.clockOutLocation).length,
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

    // performance from the raw sessions
    const perWeek = new Map<string, number>();
    for (const s of closed)
      perWeek.set(
        weekStartOf(s.clockIn as string, ZONE),
        (perWeek.get(weekStartOf(s.clockIn as string, ZONE)) ?? 0) + h(s),
      );
    const first = sessions.map((s) => s.clockIn as string).sort()[0]!;
    const weeks =
      Math.floor(
        (Date.parse(weekStartOf(Date.now(), ZONE)) - Date.parse(weekStartOf(first, ZONE))) / (7 * 86_400_000),
      ) + 1;
    const onTimeEligible = sessions.filter((s) => s.onTime !== null).length;
    const onTimeCount = sessions.filter((s) => s.onTime === true).length;
    const perf = await call('GET', `/api/users/${worker.userId}/performance`, { token: a.token });
    expect(perf.status, perf.raw).toBe(200);
    const avg = expected.totalHours / weeks;
    expect(perf.body).toMatchObject({
      totalShifts: closed.length,
      weeks,
      avgHoursPerWeek: Math.round(avg * 10) / 10,
      shiftsPerWeek: Math.round((closed.length / weeks) * 10) / 10,
      overtimeHours: Math.round([...perWeek.values()].reduce((t, x) => t + Math.max(0, x - 4000), 0)) / 100,
      onTimePercentage: Math.round((onTimeCount / onTimeEligible) * 1000) / 10,
      productivityScore: Math.round((50 * (Math.min(avg, 40) / 40) + 50 * (onTimeCount / onTimeEligible)) * 10) / 10,
    });
    expect(perf.body.overtimeHours).toBeGreaterThan(0);
    expect((await call('GET', `/api/users/${randomUUID()}/performance`, { token: a.token })).status).toBe(404);
  });
});
