/**
 * Plain rules of the timesheets area (no AWS): hours in hundredths, the organization-zone day and
 * week of a clock-in, on-time against opening hours, and the performance figures.
 */
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { hoursOnDay } from '../../shared/domain/opening-hours.js';
import { addDaysToDay, dayOf, isoWeekdayOf, zonedDateTime } from '../../shared/domain/time.js';
import type { HoursRow, SpecialHoursRow } from '../../shared/contract/settings-models.js';

/** Hours between two instants in hundredths of an hour (totalHours = this / 100, 2 decimals). */
export function hundredthsBetween(from: string | number, to: string | number): number {
  const ms = new Date(to).getTime() - new Date(from).getTime();
  return Math.max(0, Math.round(ms / 36_000));
}
export const hoursOf = (hundredths: number) => Math.round(hundredths) / 100;
const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The Monday (ISO week start) of the week holding `day`. */
export function weekStartOf(instant: string | number, zone: string): string {
  const t = new Date(instant).getTime();
  const isoDay = isoWeekdayOf(t, zone); // 1 = Monday … 7 = Sunday
  return addDaysToDay(dayOf(t, zone), -(isoDay - 1));
}

const ON_TIME_GRACE_MS = 5 * 60_000;

/** True/false for a clock-in on a day with opening hours (no later than 5 minutes after opening), null when closed. */
export function onTimeOf(clockIn: string, zone: string, hours: HoursRow[], special: SpecialHoursRow[]): boolean | null {
  const day = dayOf(new Date(clockIn), zone);
  const open = hoursOnDay(day, hours, special)?.open;
  if (!open) return null;
  return new Date(clockIn).getTime() <= zonedDateTime(day, open, zone).getTime() + ON_TIME_GRACE_MS;
}

interface PerformanceInput {
  completedSessions: number;
  totalHundredths: number;
  onTimeCount: number;
  onTimeEligible: number;
  /** The week (Monday) of the first clock-in, or null without sessions. */
  firstWeek: string | null;
  /** The current week (Monday) in the organization's zone. */
  currentWeek: string;
  /** Hundredths of an hour per week (all weeks with any hours). */
  weekHundredths: number[];
}

const FULL_WEEK_HOURS = 40;

/**
 * Performance (R-TS-6), decisions in docs/decisions/0186-timesheets-productivityscore.md (Timesheets):
 * weeks = calendar weeks from the first clock-in's week to this week inclusive; avgHoursPerWeek and
 * shiftsPerWeek divide by it; overtime is the hours beyond 40 in each week; onTimePercentage is the
 * share of clock-ins on open days made no later than 5 minutes after opening (null when none);
 * productivityScore = 50 × min(avg, 40)/40 + 50 × onTime/100, or 100 × min(avg, 40)/40 without on-time data.
 */
export function performanceOf(p: PerformanceInput) {
  const weeks = p.firstWeek
    ? Math.max(1, Math.floor(differenceInCalendarDays(parseISO(p.currentWeek), parseISO(p.firstWeek)) / 7) + 1)
    : 0;
  const totalHours = p.totalHundredths / 100;
  const avg = weeks ? totalHours / weeks : 0;
  const overtime = p.weekHundredths.reduce((t, h) => t + Math.max(0, h - FULL_WEEK_HOURS * 100), 0) / 100;
  const onTime = p.onTimeEligible > 0 ? round1((p.onTimeCount / p.onTimeEligible) * 100) : null;
  const hoursPart = Math.min(avg, FULL_WEEK_HOURS) / FULL_WEEK_HOURS;
  const score = onTime === null ? 100 * hoursPart : 50 * hoursPart + 50 * (p.onTimeCount / p.onTimeEligible);
  return {
    avgHoursPerWeek: round1(avg),
    shiftsPerWeek: weeks ? round1(p.completedSessions / weeks) : 0,
    totalShifts: p.completedSessions,
    onTimePercentage: onTime,
    overtimeHours: round2(overtime),
    productivityScore: round1(score),
    weeks,
  };
}
