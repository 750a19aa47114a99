import type { OpeningHours } from '../settings/hours.js';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const minutes = (hhmm: string | null | undefined) => {
  const m = /^(\d{2}):(\d{2})/.exec(hhmm ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/**
 * Minutes the store is open on a calendar day (cart utilisation's "hours open"): a special-hours row
 * for that date wins, then the row for that weekday, then weekdays/weekends, then every day; closed = 0.
 */
export function openMinutesOfDay(h: Pick<OpeningHours, 'hours' | 'specialHours'>, day: string): number {
  const special = h.specialHours.find((s) => s.date === day);
  const span = (r: { isClosed: boolean; openTime?: string | null; closeTime?: string | null } | undefined) => {
    if (!r || r.isClosed) return 0;
    const a = minutes(r.openTime);
    const b = minutes(r.closeTime);
    return a == null || b == null || b <= a ? 0 : b - a;
  };
  if (special) return span(special);
  const wd = WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()]!;
  const group = wd === 'saturday' || wd === 'sunday' ? 'weekends' : 'weekdays';
  const row =
    h.hours.find((r) => r.dayType === wd) ??
    h.hours.find((r) => r.dayType === group) ??
    h.hours.find((r) => r.dayType === 'everyday');
  return span(row);
}
