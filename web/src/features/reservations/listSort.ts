/** The reservation lists' column sorting (R-RES-1): Start Time by the server across pages, the others on the page shown. */
import { bookedLabel, customerName, employeeName, hoursOf } from './display.js';
import type { Reservation } from './types.js';

export type SortKey = 'customer' | 'service' | 'start' | 'hours' | 'end' | 'createdBy';
export interface SortState {
  key: SortKey;
  dir: 'asc' | 'desc';
}

export const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'customer', label: 'Customer' },
  { key: 'service', label: 'Service' },
  { key: 'start', label: 'Start Time' },
  { key: 'hours', label: 'Hours' },
  { key: 'end', label: 'End Time' },
  { key: 'createdBy', label: 'Created By' },
];

function sortValue(r: Reservation, k: SortKey): string | number {
  switch (k) {
    case 'customer':
      return customerName(r).toLowerCase();
    case 'service':
      return bookedLabel(r).toLowerCase();
    case 'start':
      return Date.parse(r.startTime) || 0;
    case 'hours':
      return hoursOf(r) ?? 0;
    case 'end':
      return Date.parse(r.endTime ?? '') || 0;
    case 'createdBy':
      return employeeName(r.createdByEmployee).toLowerCase();
  }
}

export function sortRows(rows: readonly Reservation[], sort: SortState | null): Reservation[] {
  if (!sort) return [...rows];
  const f = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    return (x < y ? -1 : x > y ? 1 : 0) * f;
  });
}
