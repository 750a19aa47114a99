/**
 * Bookings per employee (R-TS-5 Employee metrics): the reservations that person created, kept
 * on write by the reservations area in its counter row (`emp#{userId}#{STATUS}`, `emp#{userId}#total`,
 * `emp#{userId}#revenueCents`: functions/bookings/create.ts and reservations/lifecycle.ts `counters`).
 * Revenue is the final total (tax, overage and refunds included) of the completed ones.
 */
import { count, counterRow } from '../reservations/counts.js';

interface BookingCounts {
  total: number;
  active: number;
  completed: number;
  cancelled: number;
  revenueCents: number;
}

/** The reservations' counter row, parsed by their area (reservations/counts.ts). */
export const bookingCounterRow = counterRow;

export function bookingsOf(row: Record<string, number>, userId: string): BookingCounts {
  const active = count(row[`emp#${userId}#ACTIVE`]);
  const completed = count(row[`emp#${userId}#COMPLETED`]);
  const cancelled = count(row[`emp#${userId}#CANCELLED`]);
  return {
    total: active + completed + cancelled,
    active,
    completed,
    cancelled,
    revenueCents: Math.round(row[`emp#${userId}#revenueCents`] ?? 0),
  };
}
