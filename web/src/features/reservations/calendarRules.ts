/**
 * The service calendar's rules (R-RES-4): slots grouped by day, each day's free share and colour, which
 * slots can be picked. Plain functions shared by ServiceCalendar and its tests. No React, no fetch.
 */

export interface CalendarSlot {
  date: string;
  startTime: string;
  endTime: string;
  slotsAvailable: number;
  originalSlotsAvailable?: number | null;
}

/** A missing original count is estimated from the current one: 0 gives 5, up to 2 gives max(4, 2x), else x + 2. */
export function estimateOriginal(current: number): number {
  const c = Math.max(0, Math.floor(Number(current) || 0));
  if (c === 0) return 5;
  if (c <= 2) return Math.max(4, 2 * c);
  return c + 2;
}

function originalOf(s: Pick<CalendarSlot, 'slotsAvailable' | 'originalSlotsAvailable'>): number {
  const o = s.originalSlotsAvailable;
  if (typeof o === 'number' && Number.isFinite(o) && o > 0) return Math.max(o, s.slotsAvailable);
  return estimateOriginal(s.slotsAvailable);
}

export type DayColour = 'green' | 'yellow' | 'red';

export interface CalendarDay {
  date: string;
  slots: CalendarSlot[];
  free: number;
  original: number;
  colour: DayColour;
  /** Clickable only with a slot above 0. */
  clickable: boolean;
}

/** Green at 50 % or more free, yellow below, red when fully booked. */
export function dayColour(free: number, original: number): DayColour {
  if (free <= 0) return 'red';
  return original > 0 && free / original >= 0.5 ? 'green' : 'yellow';
}

/** The service's slots grouped by date, sorted, with their free share and colour. */
export function calendarDays(slots: readonly CalendarSlot[]): CalendarDay[] {
  const byDate = new Map<string, CalendarSlot[]>();
  for (const s of slots) {
    if (!s?.date) continue;
    const list = byDate.get(s.date) ?? [];
    list.push({ ...s, slotsAvailable: Math.max(0, Number(s.slotsAvailable) || 0) });
    byDate.set(s.date, list);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, list]) => {
      const sorted = list.sort((a, b) => a.startTime.localeCompare(b.startTime));
      const free = sorted.reduce((n, s) => n + s.slotsAvailable, 0);
      const original = sorted.reduce((n, s) => n + originalOf(s), 0);
      return {
        date,
        slots: sorted,
        free,
        original,
        colour: dayColour(free, original),
        clickable: sorted.some((s) => s.slotsAvailable > 0),
      };
    });
}

export const slotDisabled = (s: Pick<CalendarSlot, 'slotsAvailable'>) => !(Number(s.slotsAvailable) > 0);
