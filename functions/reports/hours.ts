import type { OpeningHours } from '../settings/hours.js';
import { hoursOnDay, minutesOfTime } from '../../shared/domain/opening-hours.js';

/** Minutes the store is open on a calendar day (cart utilisation's "hours open"); closed = 0. */
export function openMinutesOfDay(h: Pick<OpeningHours, 'hours' | 'specialHours'>, day: string): number {
  const on = hoursOnDay(day, h.hours, h.specialHours);
  const a = minutesOfTime(on?.open);
  const b = minutesOfTime(on?.close);
  return a == null || b == null || b <= a ? 0 : b - a;
}
