import { formatIn, zoneAbbreviation } from './time-text.js';

/**
 * A booking's start and end as a reminder writes them (R-SET-7): in `zone`, with the zone's short
 * name at each instant and its IANA name, so a reader never doubts the clock and a DST change inside
 * the booking shows (Europe/Berlin: 'Sun, Oct 25, 2026, 1:00 AM GMT+2 – 4:00 AM GMT+1 (Europe/Berlin)').
 * Kept apart from shared/domain/reminders.ts: date-fns stays out of the settings routes' bundle.
 */
export function bookingWhenText(start: string | number, end: string | number, zone: string): string {
  const s = typeof start === 'number' ? start : Date.parse(start);
  const e = typeof end === 'number' ? end : Date.parse(end);
  const day = (t: number) => formatIn(t, zone, 'yyyy-MM-dd');
  const startText = formatIn(s, zone, 'EEE, MMM d, yyyy, h:mm a');
  const endText = formatIn(e, zone, day(e) === day(s) ? 'h:mm a' : 'EEE, MMM d, yyyy, h:mm a');
  const zs = zoneAbbreviation(zone, s);
  const ze = zoneAbbreviation(zone, e);
  const range = zs === ze ? `${startText} – ${endText} ${zs}` : `${startText} ${zs} – ${endText} ${ze}`;
  return `${range} (${zone})`;
}

/** One instant with both zone names: 'Sat, Oct 24, 2026, 10:00 AM GMT+2 (Europe/Berlin)'. */
export function instantText(at: string | number, zone: string): string {
  const t = typeof at === 'number' ? at : Date.parse(at);
  return `${formatIn(t, zone, 'EEE, MMM d, yyyy, h:mm a')} ${zoneAbbreviation(zone, t)} (${zone})`;
}
