import { createAreaHandler } from '../lib/pipeline.js';
import { notFound } from '../lib/errors.js';
import { organizationTimeZone } from '../lib/organization.js';
import { fromCents } from '../../shared/domain/money.js';
import {
  ON_TIME_DEFINITION,
  PRODUCTIVITY_DEFINITION,
  TIMESHEET_MESSAGES,
} from '../../shared/contract/timesheet-models.js';
import { readOpeningHours } from '../settings/hours.js';
import { getEmployee, listEmployees } from '../users/store.js';
import { bookingCounterRow, bookingsOf } from './bookings.js';
import { clockIn, clockOut } from './clock.js';
import {
  getSession,
  getStat,
  listSessions,
  listStats,
  myWeeklyHundredths,
  statOf,
  weekHundredths,
  weeklyHundredths,
} from './entity.js';
import { hoursOf, onTimeOf, performanceOf, weekStartOf } from './rules.js';

/** Coordinates kept to 7 decimals (about 1 cm): DynamoDB numbers cannot hold 5e-324 and nothing finer means anything here. */
const coord = (n: number) => Math.round(n * 1e7) / 1e7 || 0;
const locationOf = (b: { latitude?: number; longitude?: number }) =>
  typeof b.latitude === 'number' && typeof b.longitude === 'number'
    ? { latitude: coord(b.latitude), longitude: coord(b.longitude) }
    : null;
const notesOf = (n: string | null | undefined) => (n && n.trim() ? n.trim() : null);

/** Lambda entry of the timesheets area (R-TS-4, R-REP-6): the clock, my history, the admin metrics and performance. */
export const handler = createAreaHandler('timesheets', {
  'timesheets.list': async ({ tenant, auth }) => {
    const zone = await organizationTimeZone(tenant);
    const [timesheets, stat, week] = await Promise.all([
      listSessions(tenant, auth.userId),
      getStat(tenant, auth.userId),
      myWeeklyHundredths(tenant, auth.userId, zone),
    ]);
    return {
      timesheets,
      summary: {
        totalSessions: stat.totalSessions,
        completedSessions: stat.completedSessions,
        totalHours: hoursOf(stat.totalHundredths),
        weeklyHours: hoursOf(week),
      },
    };
  },

  'timesheets.active': async ({ tenant, auth }) => {
    const stat = await getStat(tenant, auth.userId);
    if (!stat.openSessionId || !stat.openClockIn) return { timesheet: null };
    return { timesheet: await getSession(tenant, auth.userId, stat.openClockIn, stat.openSessionId) };
  },

  'timesheets.clockIn': async ({ tenant, auth, body }) => {
    const at = new Date().toISOString();
    const [zone, hours, me] = await Promise.all([
      organizationTimeZone(tenant),
      readOpeningHours(tenant),
      getEmployee(tenant, auth.userId),
    ]);
    const location = locationOf(body);
    const timesheet = await clockIn(tenant, {
      userId: auth.userId,
      employee: { firstName: me?.firstName ?? '', lastName: me?.lastName ?? '' },
      notes: notesOf(body.notes),
      location,
      onTime: onTimeOf(at, zone, hours.hours, hours.specialHours),
      zone,
      at,
    });
    return { message: TIMESHEET_MESSAGES.clockedIn, timesheet, locationCaptured: !!location };
  },

  'timesheets.clockOut': async ({ tenant, auth, body }) => {
    const zone = await organizationTimeZone(tenant);
    const location = locationOf(body);
    const timesheet = await clockOut(tenant, {
      userId: auth.userId,
      notes: notesOf(body.notes),
      location,
      zone,
      at: new Date().toISOString(),
    });
    return { message: TIMESHEET_MESSAGES.clockedOut, timesheet, locationCaptured: !!location };
  },

  'timesheets.adminEmployees': async ({ tenant }) => {
    const zone = await organizationTimeZone(tenant);
    const [people, stats, weekly, bookingRow] = await Promise.all([
      listEmployees(tenant),
      listStats(tenant),
      weeklyHundredths(tenant, zone),
      bookingCounterRow(tenant),
    ]);
    const employees = people.map((p) => {
      const s = stats.get(p.id) ?? statOf(p.id, undefined);
      const b = bookingsOf(bookingRow, p.id);
      return {
        id: p.id,
        firstName: p.firstName,
        lastName: p.lastName,
        username: p.status === 'PENDING' ? 'pending-setup' : p.username,
        email: p.email,
        role: p.role,
        createdAt: p.createdAt,
        timesheets: {
          isCurrentlyClockedIn: !!s.openSessionId,
          currentSession: s.openSessionId && s.openClockIn ? { id: s.openSessionId, clockIn: s.openClockIn } : null,
          totalSessions: s.totalSessions,
          completedSessions: s.completedSessions,
          totalHours: hoursOf(s.totalHundredths),
          weeklyHours: hoursOf(weekly.get(p.id) ?? 0),
          sessionsWithLocation: s.sessionsWithLocation,
        },
        bookings: {
          total: b.total,
          active: b.active,
          completed: b.completed,
          cancelled: b.cancelled,
          totalRevenue: fromCents(b.revenueCents),
        },
        revenueCents: b.revenueCents,
      };
    });
    const summary = {
      totalEmployees: employees.length,
      currentlyClockedIn: employees.filter((e) => e.timesheets.isCurrentlyClockedIn).length,
      totalActiveBookings: employees.reduce((t, e) => t + e.bookings.active, 0),
      totalRevenue: fromCents(employees.reduce((t, e) => t + e.revenueCents, 0)),
    };
    return { employees: employees.map(({ revenueCents: _r, ...e }) => e), summary };
  },

  'timesheets.performance': async ({ tenant, params }) => {
    const person = await getEmployee(tenant, params.id);
    if (!person) throw notFound('Employee not found');
    const zone = await organizationTimeZone(tenant);
    const [stat, weeks] = await Promise.all([getStat(tenant, person.id), weekHundredths(tenant, person.id)]);
    return {
      userId: person.id,
      ...performanceOf({
        completedSessions: stat.completedSessions,
        totalHundredths: stat.totalHundredths,
        onTimeCount: stat.onTimeCount,
        onTimeEligible: stat.onTimeEligible,
        firstWeek: stat.firstWeek,
        currentWeek: weekStartOf(Date.now(), zone),
        weekHundredths: weeks,
      }),
      definitions: { onTimePercentage: ON_TIME_DEFINITION, productivityScore: PRODUCTIVITY_DEFINITION },
    };
  },
});
