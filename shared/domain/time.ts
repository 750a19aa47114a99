/**
 * Dates and time zones (docs/decisions/0107-reservations-time.md) through date-fns 4 and @date-fns/tz: no hand-rolled offsets.
 * A "day" is a wall-clock date 'YYYY-MM-DD' in a named IANA zone (the organization's, see
 * functions/lib/organization.ts); an "instant" is a Date or epoch milliseconds.
 */
import { TZDate, tz } from '@date-fns/tz';
import { addDays, endOfDay, isExists, lightFormat, startOfDay } from 'date-fns';

export const DEFAULT_TIME_ZONE = 'America/New_York';

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HHMM_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

const checkedZones = new Map<string, boolean>();

/** An IANA zone this runtime knows ('Pacific/Auckland' yes, 'Mars/Olympus' and '' no). */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.trim() === '' || zone.length > 64) return false;
  const known = checkedZones.get(zone);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    valid = false;
  }
  // Building a formatter costs far more than the slot arithmetic it guards; a zone's validity never changes.
  if (checkedZones.size >= 1000) checkedZones.clear();
  checkedZones.set(zone, valid);
  return valid;
}

/** 'YYYY-MM-DD' naming a real calendar day (2030-02-31 and 2030-13-01 are not). */
export function isRealDate(day: unknown): day is string {
  if (typeof day !== 'string') return false;
  const m = DAY_RE.exec(day);
  if (!m) return false;
  // isExists, not parse(): date-fns' parse pulls its ~25 KB of parsers into every Lambda that checks
  // a date (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md); the format is already fixed by DAY_RE. isExists builds
  // `new Date(year, ...)`, which reads years 0-99 as 1900-1999: years 0001-0099 are checked 400
  // years later (the Gregorian calendar repeats every 400 years), so the answers stay parse()'s.
  const year = Number(m[1]);
  return isExists(year >= 1 && year < 100 ? year + 400 : year, Number(m[2]) - 1, Number(m[3]));
}

/** 'HH:MM' on a 24-hour clock. */
export function isClockTime(t: unknown): t is string {
  return typeof t === 'string' && HHMM_RE.test(t);
}

const ms = (instant: Date | number) => (typeof instant === 'number' ? instant : instant.getTime());

/** The wall-clock date of an instant in a zone. */
export function dayOf(instant: Date | number, zone: string): string {
  return lightFormat(new TZDate(ms(instant), zone), 'yyyy-MM-dd');
}

/** Today in a zone ('now' injectable for tests). */
export function todayIn(zone: string, now: Date | number = Date.now()): string {
  return dayOf(now, zone);
}

function midnightIn(day: string, zone: string): TZDate {
  const m = DAY_RE.exec(day);
  if (!m || !isRealDate(day)) throw new RangeError(`Not a date: ${day}`);
  return new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), zone);
}

/** The first instant of a day in a zone. */
export function startOfDayIn(day: string, zone: string): Date {
  return new Date(startOfDay(midnightIn(day, zone), { in: tz(zone) }).getTime());
}

/** The last millisecond of a day in a zone (23:59:59.999 wall clock). */
export function endOfDayIn(day: string, zone: string): Date {
  return new Date(endOfDay(midnightIn(day, zone), { in: tz(zone) }).getTime());
}

/** The instant a wall-clock day and 'HH:MM' name in a zone. */
export function zonedDateTime(day: string, hhmm: string, zone: string): Date {
  const m = DAY_RE.exec(day);
  const t = HHMM_RE.exec(hhmm);
  if (!m || !t || !isRealDate(day)) throw new RangeError(`Not a date and time: ${day} ${hhmm}`);
  return new Date(new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(t[1]), Number(t[2]), zone).getTime());
}

/** 'HH:MM' wall-clock time of an instant in a zone. */
export function clockOf(instant: Date | number, zone: string): string {
  return lightFormat(new TZDate(ms(instant), zone), 'HH:mm');
}

/** An instant as a datetime-local field shows it in a zone: 'YYYY-MM-DDTHH:MM' (the zone's wall clock). */
export function localDateTimeOf(instant: Date | number, zone: string): string {
  return lightFormat(new TZDate(ms(instant), zone), "yyyy-MM-dd'T'HH:mm");
}

/** The ISO weekday of an instant in a zone: 1 = Monday … 7 = Sunday. */
export function isoWeekdayOf(instant: Date | number, zone: string): number {
  return new TZDate(ms(instant), zone).getDay() || 7;
}

/** A day plus n days (calendar arithmetic on the wall-clock date). */
export function addDaysToDay(day: string, n: number): string {
  const m = DAY_RE.exec(day);
  if (!m || !isRealDate(day)) throw new RangeError(`Not a date: ${day}`);
  return lightFormat(addDays(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12), n), 'yyyy-MM-dd');
}

/**
 * Format an instant in a zone with a pattern of digits and AM/PM only (y, M, d, h, H, m, s, a:
 * date-fns `lightFormat`, no locale), e.g. 'M/d/yyyy, h:mm a' → '6/1/2030, 2:05 PM'. Server messages
 * use this one: it keeps the locale-aware `format` (~15 KB, in time-text.ts) out of the Lambdas' cold start.
 */
export function formatNumericIn(instant: Date | number, zone: string, pattern: string): string {
  return lightFormat(new TZDate(ms(instant), zone), pattern);
}
