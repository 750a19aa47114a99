/**
 * Dates as people read them (docs/decisions/0008-one-time-zone.md): the one formatting module for every screen, e-mail,
 * PDF and spreadsheet. Every function takes the zone to read in — the organization's, or a service's
 * own when it carries one — and never falls back to the reader's (browser's or server's) zone, so a
 * manager's laptop in UTC and the shop in New York read the same clock (docs/requirements/time-and-money.md).
 *
 * Month and weekday names are the English short ones ('Mar', 'Tue') from two constant lists beside
 * date-fns' `lightFormat` (digits and AM/PM), not date-fns' locale-aware `format`: that one and its
 * English locale (6.3 KB gzip) were on the first load of the share page and of every app page that
 * shows a date (docs/decisions/0221-first-load-route-preload-and-compression.md). A module of its own, apart
 * from time.ts, because esbuild assigns whole files to chunks by which entry points reach them (docs/architecture.md,
 * "Lambda bundles"); server code reaches it on first use through import(). Digits-only: time.ts formatNumericIn.
 */
import { TZDate, tzName } from '@date-fns/tz';
import { lightFormat } from 'date-fns';
import { isClockTime, isRealDate, zonedDateTime } from './time.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A date-fns pattern read by `lightFormat` once 'MMM' (short month) and 'E'/'EE'/'EEE' (short weekday)
 * are replaced by quoted names; quoted text stays as written. Longer names ('MMMM', 'EEEE') and
 * every other letter lightFormat lacks throw a RangeError rather than print something else.
 */
function patternText(date: Date, pattern: string): string {
  const named = pattern.replace(/'(?:''|[^'])*'?|M{3,}|E+/g, (token) => {
    if (token.startsWith("'")) return token;
    if (token === 'MMM') return `'${MONTHS[date.getMonth()]}'`;
    if (token.length <= 3 && token.startsWith('E')) return `'${WEEKDAYS[date.getDay()]}'`;
    throw new RangeError(`Unsupported date pattern token: ${token}`);
  });
  return lightFormat(date, named);
}

/** An instant: a Date, epoch milliseconds or an ISO string. */
type InstantInput = Date | number | string;

/** Epoch milliseconds, or null for what names no instant. */
function instantOf(value: InstantInput | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const t = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : value.getTime();
  return Number.isFinite(t) ? t : null;
}

/** Format an instant in a zone with a date-fns pattern of y M MMM d E h H m s a and quoted text. */
export function formatIn(instant: Date | number, zone: string, pattern: string): string {
  return patternText(new TZDate(typeof instant === 'number' ? instant : instant.getTime(), zone), pattern);
}

/**
 * The zone's short name at that instant, as en-US readers know it: 'EST' in January and 'EDT' in July
 * for America/New_York, 'UTC', else the offset ('GMT+1' for Europe/Berlin: Intl has no letters for it).
 */
export function zoneAbbreviation(zone: string, at: InstantInput = Date.now()): string {
  const t = instantOf(at) ?? Date.now();
  return tzName(zone, new Date(t), 'short');
}

export interface ZoneTextOptions {
  /** Append the zone's abbreviation ('3:07 PM EST'): where a reader could doubt which clock is meant. */
  zoneName?: boolean;
}

const withZone = (text: string, t: number, zone: string, o?: ZoneTextOptions) =>
  o?.zoneName ? `${text} ${zoneAbbreviation(zone, t)}` : text;

/** 'Mar 5, 2024, 3:07 PM' in the zone ('' for no instant). */
export function formatDateTimeIn(value: InstantInput | null | undefined, zone: string, o?: ZoneTextOptions): string {
  const t = instantOf(value);
  return t === null ? '' : withZone(formatIn(t, zone, 'MMM d, yyyy, h:mm a'), t, zone, o);
}

/** 'Mar 5, 2024': the instant's day in the zone ('' for no instant). */
export function formatDateIn(value: InstantInput | null | undefined, zone: string): string {
  const t = instantOf(value);
  return t === null ? '' : formatIn(t, zone, 'MMM d, yyyy');
}

/** '3:07 PM' in the zone ('' for no instant). */
export function formatTimeIn(value: InstantInput | null | undefined, zone: string, o?: ZoneTextOptions): string {
  const t = instantOf(value);
  return t === null ? '' : withZone(formatIn(t, zone, 'h:mm a'), t, zone, o);
}

/**
 * A calendar day 'YYYY-MM-DD' as 'Mar 5, 2024' (or with `weekday`, 'Thu, Mar 5, 2024'). A day is
 * already a wall-clock date (a birthday, a slot's day): no zone shifts it. Other text unchanged.
 */
export function formatCalendarDay(day: string | null | undefined, o?: { weekday?: boolean }): string {
  if (!isRealDate(day)) return day ?? '';
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return patternText(new Date(y, m - 1, d, 12), o?.weekday ? 'EEE, MMM d, yyyy' : 'MMM d, yyyy');
}

/** A wall-clock 'HH:mm' as '2:30 PM' ('00:05' → '12:05 AM'); other text unchanged. */
export function formatClock(hhmm: string | null | undefined): string {
  // Lenient on purpose ('9:00', '14:30:00'): older rows were not all stored as strict 'HH:MM'.
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? '');
  const h = Number(m?.[1]);
  if (!m || h > 23) return hhmm ?? '';
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * A slot (wall-clock day and times in `zone`): 'Mon, Jun 3, 2030, 5:00 PM – 7:00 PM EDT'. The zone is
 * named by default: a customer reading a booking from elsewhere must not doubt which clock is meant.
 */
export function formatSlotIn(
  slot: { date: string; startTime: string; endTime?: string | null },
  zone: string,
  o: ZoneTextOptions = { zoneName: true },
): string {
  const times = slot.endTime
    ? `${formatClock(slot.startTime)} – ${formatClock(slot.endTime)}`
    : formatClock(slot.startTime);
  const text = `${formatCalendarDay(slot.date, { weekday: true })}, ${times}`;
  if (!o.zoneName || !isRealDate(slot.date) || !isClockTime(slot.startTime)) return text;
  return `${text} ${zoneAbbreviation(zone, zonedDateTime(slot.date, slot.startTime, zone))}`;
}
