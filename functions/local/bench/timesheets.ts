import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { addDaysToDay, dayOf, todayIn, zonedDateTime } from '../../../shared/domain/time.js';
import { keys, trustedTenant, type TenantId } from '../../lib/keys.js';
import { tsKeys } from '../../timesheets/entity.js';
import { hundredthsBetween, weekStartOf } from '../../timesheets/rules.js';
import { newTenant, putRows } from './helpers.js';
import type { BenchCase, BenchContext } from './types.js';

/**
 * Timesheets (docs/decisions/README.md#timesheets-and-employee-performance): the Employees page's Metrics tab (GET /api/timesheets/admin/employees) for
 * 50 employees with a year of sessions each (5 shifts a week, 52 weeks: 13,000 sessions). The read
 * is the users Query, the counter rows, the last 7 days' day rows and the bookings counter row: it
 * does not grow with the history. Rows are written the way clock-in/clock-out write them.
 */
const tenantOf = (token: string): TenantId => trustedTenant(String(decodeJwt(token).tenantId));
const ZONE = 'America/New_York';

let seeded: Promise<string> | undefined;
function timesheetsTenant(ctx: BenchContext): Promise<string> {
  seeded ??= (async () => {
    const token = await newTenant(ctx, 'timesheets-50x1y');
    const tenant = tenantOf(token);
    const puts: Record<string, unknown>[] = [];
    const today = todayIn(ZONE);
    for (let e = 0; e < 50; e++) {
      const userId = randomUUID();
      const createdAt = new Date(Date.now() - 400 * 86_400_000).toISOString();
      const email = `bench-${e}-${userId.slice(0, 6)}@bench.example`;
      puts.push({
        ...keys.user(tenant, userId),
        id: userId,
        username: email,
        email,
        firstName: 'Bench',
        lastName: `Worker${e}`,
        role: 'EMPLOYEE',
        accessLevel: 'EMPLOYEE',
        organizationId: tenant,
        isActive: true,
        status: 'ACTIVE',
        createdAt,
      });
      const days = new Map<string, number>();
      const weeks = new Map<string, number>();
      let total = 0;
      let count = 0;
      let firstWeek: string | null = null;
      for (let d = 364; d >= 1; d--) {
        const day = addDaysToDay(today, -d);
        if (new Date(`${day}T12:00:00Z`).getUTCDay() % 6 === 0) continue; // weekdays only
        const inAt = zonedDateTime(day, e % 3 === 0 ? '09:10' : '08:58', ZONE).toISOString();
        const outAt = new Date(Date.parse(inAt) + (8 + (e % 4) * 0.75) * 3_600_000).toISOString();
        const h = hundredthsBetween(inAt, outAt);
        const id = randomUUID();
        puts.push({
          ...tsKeys.session(tenant, userId, inAt, id),
          id,
          userId,
          employee: { firstName: 'Bench', lastName: `Worker${e}` },
          clockIn: inAt,
          clockOut: outAt,
          totalHundredths: h,
          notes: null,
          clockInLocation: null,
          clockOutLocation: null,
          onTime: e % 3 !== 0,
          createdAt: inAt,
        });
        const dd = dayOf(new Date(inAt), ZONE);
        days.set(dd, (days.get(dd) ?? 0) + h);
        const w = weekStartOf(inAt, ZONE);
        weeks.set(w, (weeks.get(w) ?? 0) + h);
        firstWeek ??= w;
        total += h;
        count++;
      }
      // day rows of the last 14 days only: older ones are never read (the 7-day Query is a key range), so seeding them measures nothing
      for (const [day, h] of days)
        if (day >= addDaysToDay(today, -14))
          puts.push({ ...tsKeys.day(tenant, day, userId), userId, day, hundredths: h });
      for (const [w, h] of weeks) puts.push({ ...tsKeys.week(tenant, userId, w), userId, week: w, hundredths: h });
      puts.push({
        ...tsKeys.stat(tenant, userId),
        userId,
        totalSessions: count,
        completedSessions: count,
        totalHundredths: total,
        sessionsWithLocation: 0,
        onTimeCount: e % 3 !== 0 ? count : 0,
        onTimeEligible: count,
        firstWeek,
      });
    }
    await putRows(puts);
    return token;
  })();
  return seeded;
}

export const cases: BenchCase[] = [
  {
    name: 'timesheetsAdminEmployees50x1y',
    description:
      'GET /api/timesheets/admin/employees (Metrics tab) for 50 employees with a year of sessions each (13,000 sessions)',
    request: async (ctx) => ({
      url: `${ctx.url}/api/timesheets/admin/employees`,
      method: 'GET',
      headers: { authorization: `Bearer ${await timesheetsTenant(ctx)}` },
    }),
  },
];
