/** Display formatting shared by every area (R-PLAT-4). */
import { isClockTime, isRealDate, isValidTimeZone, zonedDateTime } from '../../../shared/domain/time.js';
import {
  formatCalendarDay,
  formatClock,
  formatDateIn,
  formatDateTimeIn,
  formatTimeIn,
  zoneAbbreviation,
  type ZoneTextOptions,
} from '../../../shared/domain/time-text.js';
import { fromCents } from '../../../shared/domain/money.js';
import { pluralize } from '../../../shared/domain/words.js';

export function formatCurrency(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  const v = typeof n === 'number' && Number.isFinite(n) ? n : 0;
  return v.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** A date, or null when invalid or earlier than 1970 (such values display as empty). */
function toDisplayDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  const t = d.getTime();
  if (Number.isNaN(t) || t < 0) return null;
  return d;
}

/**
 * Dates and times go through the one formatting module (shared/domain/time-text.ts), always in a named
 * zone — the organization's (app/time-zone.ts `useOrgTimeZone`), never the browser's
 * (docs/decisions/0008-one-time-zone.md). A 'YYYY-MM-DD' value is a calendar day (a birthday, a start date) and reads
 * as that day in any zone.
 */
const isCalendarDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** "Mar 5, 2024", the day of the instant in `zone`. */
export function formatDate(value: string | number | Date | null | undefined, zone: string): string {
  if (isCalendarDay(value)) return isRealDate(value) && value >= '1970-01-01' ? formatCalendarDay(value) : '';
  const d = toDisplayDate(value);
  return d ? formatDateIn(d, zone) : '';
}

/** "Mar 5, 2024, 3:07 PM" in `zone` ("… 3:07 PM EST" with `zoneName`). */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  zone: string,
  o?: ZoneTextOptions,
): string {
  const d = toDisplayDate(value);
  return d ? formatDateTimeIn(d, zone, o) : '';
}

/** "3:07 PM" in `zone` ("3:07 PM EST" with `zoneName`). */
export function formatTime(
  value: string | number | Date | null | undefined,
  zone: string,
  o?: ZoneTextOptions,
): string {
  const d = toDisplayDate(value);
  return d ? formatTimeIn(d, zone, o) : '';
}

/** A wall-clock 'HH:mm' as people read it: '14:30' → '2:30 PM', '00:05' → '12:05 AM'; other text unchanged. */
export const formatClock12 = formatClock;

/**
 * A calendar day 'YYYY-MM-DD' as people read it: 'Sat, Dec 5, 2026'. The day is already the
 * wall-clock date of its zone (a slot's day in the service's zone), so no zone shifts it.
 */
export function formatDay(day: string | null | undefined): string {
  return formatCalendarDay(day, { weekday: true });
}

/**
 * A slot: 'Sat, Dec 5, 2026 · 10:00 AM – 12:00 PM' (R-BOOK-1, docs/decisions/0171-web-dates-on-the-public-page.md), its clock
 * times wall-clock in `zone`; with `zone` given, the zone is named ('… 12:00 PM EST').
 */
export function formatSlot(day: string, start: string, end?: string | null, zone?: string | null): string {
  return `${formatDay(day)} · ${formatSlotTimes(day, start, end, zone)}`;
}

/** A slot's clock times: '10:00 AM – 12:00 PM', with `zone` given '10:00 AM – 12:00 PM EST'. */
export function formatSlotTimes(day: string, start: string, end?: string | null, zone?: string | null): string {
  const times = end ? `${formatClock(start)} – ${formatClock(end)}` : formatClock(start);
  const named =
    zone && isValidTimeZone(zone) && isRealDate(day) && isClockTime(start)
      ? ` ${zoneAbbreviation(zone, zonedDateTime(day, start, zone))}`
      : '';
  return `${times}${named}`;
}

/** Money from integer cents with thousands separators: 123456 → '$1,234.56'. */
export function formatMoneyCents(cents: number | null | undefined): string {
  const c = typeof cents === 'number' && Number.isFinite(cents) ? Math.round(cents) : 0;
  return formatCurrency(fromCents(c));
}

export { noun, pluralize } from '../../../shared/domain/words.js';

function plural(n: number, unit: string): string {
  return `${pluralize(n, unit)} ago`;
}

/** 'Just now', then minutes, hours, days. */
export function timeAgo(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  const d = toDisplayDate(value);
  if (!d) return '';
  const seconds = Math.floor((now.getTime() - d.getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

function trimZero(n: number): string {
  return n.toFixed(1).replace(/\.0$/, '');
}

/** K from 1000, M from 1,000,000. */
export function formatCount(value: number | null | undefined): string {
  const n = value ?? 0;
  const abs = Math.abs(n);
  if (abs >= 1_000_000) return `${trimZero(n / 1_000_000)}M`;
  if (abs >= 1000) return `${trimZero(n / 1000)}K`;
  return String(n);
}

/** Bytes shown in MB, or in GB from 1024 MB. */
export function formatSize(bytes: number | null | undefined): string {
  const mb = (bytes ?? 0) / (1024 * 1024);
  if (mb >= 1024) return `${(mb / 1024).toFixed(2)} GB`;
  return `${mb.toFixed(2)} MB`;
}

/** (xxx) xxx-xxxx for ten-digit numbers (a leading country code 1 is dropped); other input unchanged. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
