/**
 * Which opening hours apply on a calendar day (R-SET-4), the one rule that timesheets' on-time
 * figure and the reports' hours open both read: a special-hours row for the date wins; then the
 * most specific weekly row (the day's name, then weekdays/weekends, then every day). Closed, or a
 * row without an opening time, is no hours.
 */
import type { DayType } from './settings.js';
import { clockOf, dayOf } from './time.js';
import { formatCalendarDay, formatClock } from './time-text.js';

interface Row {
  id?: string;
  isClosed: boolean;
  openTime?: string | null;
  closeTime?: string | null;
}
interface WeeklyRow extends Row {
  dayType: DayType;
}
interface SpecialRow extends Row {
  date: string;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** Opening and closing time ('HH:MM'; closing may be '' when never set) on `day` (YYYY-MM-DD), or null when closed. */
export function hoursOnDay(
  day: string,
  hours: readonly WeeklyRow[],
  special: readonly SpecialRow[],
): { open: string; close: string } | null {
  const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
  const group = dow === 0 || dow === 6 ? 'weekends' : 'weekdays';
  const row =
    special.find((r) => r.date === day) ??
    hours.find((r) => r.dayType === WEEKDAYS[dow]) ??
    hours.find((r) => r.dayType === group) ??
    hours.find((r) => r.dayType === 'everyday');
  if (!row || row.isClosed || !row.openTime) return null;
  return { open: row.openTime, close: row.closeTime ?? '' };
}

/** Minutes of 'HH:MM' past midnight, or null when it is not a time. */
export function minutesOfTime(hhmm: string | null | undefined): number | null {
  const m = /^(\d{2}):(\d{2})/.exec(hhmm ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * Why a rental from `startMs` to `endMs` falls outside opening hours, or null (R-RES-16): the pick-up
 * and the return each on an open day, between opening and closing, in the organization's zone. Staff
 * are warned, not stopped: a shop owner may hand a kayak over before opening.
 */
export function openingHoursNote(
  startMs: number,
  endMs: number,
  zone: string,
  hours: readonly WeeklyRow[],
  special: readonly SpecialRow[],
): string | null {
  const note = (ms: number, verb: string) => {
    const day = dayOf(ms, zone);
    const when = formatCalendarDay(day, { weekday: true });
    const on = hoursOnDay(day, hours, special);
    if (!on) return `${verb} on ${when}, when the store is closed`;
    const at = clockOf(ms, zone);
    if (at >= on.open && (!on.close || at <= on.close)) return null;
    const open = on.close ? `${formatClock(on.open)} – ${formatClock(on.close)}` : `from ${formatClock(on.open)}`;
    return `${verb} at ${formatClock(at)} on ${when}, outside opening hours (${open})`;
  };
  const notes = [note(startMs, 'Starts'), note(endMs, 'Ends')].filter((n) => n !== null);
  return notes.length ? notes.join('; ') : null;
}
