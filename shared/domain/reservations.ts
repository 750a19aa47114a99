/**
 * Reservation constants and the rules both sides apply (overdue, the start and return windows), zod-free
 * so the SPA reads them without loading the contract's schemas; shared/contract/reservation-models.ts
 * re-exports the constants.
 */
import { addDaysToDay, dayOf, formatNumericIn, isoWeekdayOf, todayIn, zonedDateTime } from './time.js';

export const RESERVATION_STATUSES = ['ACTIVE', 'COMPLETED', 'CANCELLED'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** How people read a reservation status (document 3: the status chips read Active, Completed, Cancelled). */
export const RESERVATION_STATUS_LABEL: Record<ReservationStatus, string> = {
  ACTIVE: 'Active',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};
/** The label of a status; a status this build does not know shows as it came rather than blank. */
export const reservationStatusLabel = (s: string): string => RESERVATION_STATUS_LABEL[s as ReservationStatus] ?? s;
export const RESERVATION_KINDS = ['ITEM', 'SERVICE'] as const;
export type ReservationKind = (typeof RESERVATION_KINDS)[number];
export const LOG_ACTIONS = [
  'CREATED',
  'CANCELLED',
  'RETURNED',
  'REPROCESSED',
  'RESTORED',
  'DELETED',
  'NO_SHOW',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];
/** How people read a log action (R-INV-11: words on screen and in exports, never the code). */
const LOG_ACTION_LABEL: Record<LogAction, string> = {
  CREATED: 'Created',
  CANCELLED: 'Cancelled',
  RETURNED: 'Returned',
  REPROCESSED: 'Reprocessed',
  RESTORED: 'Restored',
  DELETED: 'Deleted',
  NO_SHOW: 'No-show',
};
export const logActionLabel = (a: string): string => LOG_ACTION_LABEL[a as LogAction] ?? a;
/** R-RES-9: service payment sources. */
export const PAYMENT_SOURCES = ['Venmo', 'Zelle', 'PayPal', 'CashApp', 'Cash'] as const;
export const PAYMENT_TYPES = ['DEPOSIT', 'CHARGE', 'REFUND', 'REVERSAL', 'SERVICE_PAYMENT'] as const;
type PaymentType = (typeof PAYMENT_TYPES)[number];
/** How people read a payment's type (R-INV-11). */
const PAYMENT_TYPE_LABEL: Record<PaymentType, string> = {
  DEPOSIT: 'Deposit',
  CHARGE: 'Charge',
  REFUND: 'Refund',
  REVERSAL: 'Reversal',
  SERVICE_PAYMENT: 'Service payment',
};
export const paymentTypeLabel = (t: string): string => PAYMENT_TYPE_LABEL[t as PaymentType] ?? t;
/**
 * A reservation number as people type it: 'RES-000123', 'res-123', '#123' or just '123' all read as
 * 'RES-000123' (the log's filter); anything else is null.
 */
export function reservationNumberFrom(text: string): string | null {
  const m = /^\s*(?:res[-\s]?)?#?0*(\d{1,9})\s*$/i.exec(text);
  return m ? `RES-${m[1]!.padStart(6, '0')}` : null;
}
/** R-RES-1: page sizes. */
export const RESERVATIONS_PAGE_SIZE = 25;
export const LOG_PAGE_SIZE = 25;

/**
 * Overdue (docs/requirements/reservations.md R-RES-8): an ACTIVE item reservation whose end has
 * passed, or that the overdue sweep has already marked. A service booking is never overdue: nothing
 * is handed out, so nothing comes back late (it has no return).
 */
export function isOverdue(
  r: { status: string; kind: string; endTime?: string | null; isOverdue?: boolean | null },
  now: number = Date.now(),
): boolean {
  if (r.status !== 'ACTIVE' || r.kind !== 'ITEM') return false;
  if (r.isOverdue === true) return true;
  const end = r.endTime ? Date.parse(r.endTime) : Number.NaN;
  return Number.isFinite(end) && now > end;
}

/** How far ahead a start or a return may be: "about one year" (docs/requirements/time-and-money.md R-TIME-10). */
const MAX_DAYS_AHEAD = 365;
/** R-RES-15: the longest item rental staff may book, in hours (30 days). */
export const MAX_RENTAL_HOURS = 720;
const MAX_AHEAD_MS = MAX_DAYS_AHEAD * 86_400_000;
/** A staff booking starts today at this wall-clock time (the organization's zone) or later. */
export const FIRST_START_TIME = '09:00';
/** ... and on the window's last day at this time or earlier. */
export const LAST_START_TIME = '23:59';

/** The start window as the zone's wall-clock days, for date pickers: today .. today + MAX_DAYS_AHEAD. */
export function startWindowDays(zone: string, now: number = Date.now()): { firstDay: string; lastDay: string } {
  const today = todayIn(zone, now);
  return { firstDay: today, lastDay: addDaysToDay(today, MAX_DAYS_AHEAD) };
}

/** The earliest and latest start instant of a staff booking: today 09:00 to the last day's 23:59, in the zone. */
export function startWindow(zone: string, now: number = Date.now()): { min: number; max: number } {
  const { firstDay, lastDay } = startWindowDays(zone, now);
  return {
    min: zonedDateTime(firstDay, FIRST_START_TIME, zone).getTime(),
    max: zonedDateTime(lastDay, LAST_START_TIME, zone).getTime(),
  };
}

/** Why a start is outside the window (the form's and the server's one message), or null. */
export function startTimeError(start: number, zone: string, now: number = Date.now()): string | null {
  const { min, max } = startWindow(zone, now);
  if (start < min) {
    const [day, time] = [formatNumericIn(min, zone, 'M/d/yyyy'), formatNumericIn(min, zone, 'h:mm a')];
    return `Start time must be today (${day}) at ${time} or later`;
  }
  if (start > max) return `Start time must be within ${MAX_DAYS_AHEAD} days from today`;
  return null;
}

/** The latest return time a form offers and the server accepts. */
export const latestReturn = (now: number): number => now + MAX_AHEAD_MS;

/** Why a return time is refused (the form's and the server's one message), or null. */
export function returnTimeError(
  returnAt: number,
  startAt: number,
  zone: string,
  now: number = Date.now(),
): string | null {
  if (returnAt < startAt + MIN_RETURN_AFTER_START_MS) {
    const start = formatNumericIn(startAt, zone, 'M/d/yyyy, h:mm a');
    return `Return time must be at least ${MIN_RETURN_AFTER_START_MS / 60_000} minutes after the reservation start time (${start}). Please select a valid return time.`;
  }
  if (returnAt > latestReturn(now)) return `Return time must be within ${MAX_DAYS_AHEAD} days from now`;
  return null;
}

// ---------------------------------------------------------------- no-shows (R-RES-12)

/**
 * Why a reservation may not be marked a no-show now (the server's 400 and the details dialog's
 * button), or null: only an ACTIVE reservation whose start has passed (docs/requirements/reservations.md R-RES-12).
 */
export function noShowError(
  r: { status: string; startTime: string },
  zone: string,
  now: number = Date.now(),
): string | null {
  if (r.status !== 'ACTIVE')
    return `Only active reservations can be marked as a no-show (this one is ${r.status.toLowerCase()})`;
  const start = Date.parse(r.startTime);
  if (!Number.isFinite(start) || now < start)
    return `A reservation can be marked as a no-show only once its start has passed (${Number.isFinite(start) ? formatNumericIn(start, zone, 'M/d/yyyy, h:mm a') : 'unknown start'})`;
  return null;
}

/** How people read a no-show (the list's badge and filter chip, the details dialog). */
export const NO_SHOW_LABEL = 'No-show';

/** R-RES-12: may this reservation be marked a no-show now (ACTIVE, start passed). */
export const mayMarkNoShow = (r: { status: string; startTime: string }, now: number = Date.now()): boolean =>
  noShowError(r, 'UTC', now) === null;

/** The Monday (YYYY-MM-DD, in `zone`) of the week an instant falls in: the key of the weekly no-show counter. */
export function weekStartOf(instant: Date | number, zone: string): string {
  return addDaysToDay(dayOf(instant, zone), 1 - isoWeekdayOf(instant, zone));
}

/**
 * R-RES-6: the minimum return time after the start. Here, not in charges.ts, with depositTypeLabel: the
 * reservations list and detail use them, and charges.ts (create and return only) stays out of their cold start.
 */
export const MIN_RETURN_AFTER_START_MS = 5 * 60_000;

/** R-RES-2: 'Cash', 'Credit', 'Cash & Credit', or 'Not specified'. */
export function depositTypeLabel(cash: boolean | null | undefined, credit: boolean | null | undefined): string {
  if (cash && credit) return 'Cash & Credit';
  if (cash) return 'Cash';
  if (credit) return 'Credit';
  return 'Not specified';
}
