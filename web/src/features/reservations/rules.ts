/**
 * The Reservations page's rules (R-RES-1, R-RES-5, R-RES-2, R-RES-11; R-RES-8), as plain functions so
 * that the dialogs and the tests share one reading of the spec. No React, no fetch.
 */
import { roleFlags, type RoleHolder } from '../../../../shared/domain/roles.js';
import { decimalText, multiplyCents, toCents } from '../../../../shared/domain/money.js';
import { checkRefund, REFUND_HOURS_MAX, REFUND_HOURS_STEP } from '../../../../shared/domain/pricing.js';
import { ApiRequestError } from '../../api/client.js';
import { pluralize } from '../../components/format.js';

// ---------------------------------------------------------------- constants (R-RES-2)

export { RESERVATIONS_PAGE_SIZE as PAGE_SIZE, LOG_PAGE_SIZE } from '../../../../shared/domain/reservations.js';
export const ITEM_DURATIONS = [1, 2] as const;
export const DEFAULT_ITEM_DURATION = 2;
export { REFUND_HOURS_MAX, REFUND_HOURS_STEP };
/** After a return the page reloads after about a second (R-RES-5). */
export const RELOAD_AFTER_RETURN_MS = 1000;
export {
  LOG_ACTIONS,
  PAYMENT_SOURCES,
  RESERVATION_STATUSES as STATUSES,
} from '../../../../shared/domain/reservations.js';
import { returnTimeError } from '../../../../shared/domain/reservations.js';

// ---------------------------------------------------------------- texts (R-RES-2, R-RES-11; R-RES-8)

export const TEXT = {
  authRequired: 'Authentication Required - Please log in to view reservations.',
  loadFailed: 'Failed to load reservations',
  logsFailed: 'Failed to load reservation logs',
  deleteFailed: 'Failed to delete reservation',
  createFailedPrefix: 'Failed to create reservation: ',
  returnFailed: 'Failed to process return',
  detailsFailed: 'Failed to load reservation details',
  detailsGone: 'This reservation no longer exists (it may have been deleted).',
  reprocessConfirm:
    'Are you sure you want to reprocess this reservation? This will reactivate the golf cart and undo the return.',
  reprocessDone: 'Reservation reprocessed successfully! The golf cart has been reactivated.',
  reprocessFailed: 'Failed to reprocess reservation',
  restoreConfirm: 'Are you sure you want to restore this cancelled reservation to active status?',
  restoreFailed: 'Failed to restore reservation',
  /** R-RES-12. */
  noShowConfirm:
    'Mark this reservation as a no-show? It will be cancelled, its item or places freed, and the customer’s no-show count raised. Restore undoes it.',
  noShowDone: 'Reservation marked as a no-show',
  noShowFailed: 'Failed to mark the reservation as a no-show',
  noRates: 'No rates available for this item',
  noReservations: 'No Reservations Found',
  noActivity: 'No Activity Found',
  overdue: 'This reservation is overdue and may incur additional charges',
  selectService: 'Please select a service.',
  selectSlot: 'Please select a time slot for the service.',
  selectItemOrService: 'Please select either an inventory item or a service.',
  refundMethod: 'Please select either Cash or Credit (or both) for the refund payment method.',
  noAvailability: 'No availability configured for this service.',
  calendarFailed: 'Error loading availability calendar.',
  durationActive: 'Active (no end time set)',
  durationInvalid: 'Invalid (end time before start time)',
} as const;

export const refundTooLarge = (total: string) =>
  `Refund amount cannot exceed the total reservation amount (${total}). Please adjust the refund amount.`;
export const deletedBy = (user: string, time: string) => `This reservation was deleted by ${user} at ${time}.`;

// ---------------------------------------------------------------- visibility (R-RES-5)

export interface RowLike {
  status: string;
  serviceId?: string | null;
  inventoryItemId?: string | null;
}

export interface RowActions {
  details: boolean;
  processReturn: boolean;
  cancel: boolean;
  delete: boolean;
  reprocess: boolean;
  restore: boolean;
}

/**
 * Which actions a row (or the details dialog) offers. Return: active and not a service; in the mobile
 * card layout only with the return permission. Cancel: any active. Delete: completed or cancelled, with
 * the return permission. Reprocess (completed) and Restore (cancelled, with an inventory item) need the
 * privilege flag: the routes' capability is processReturns, so the same flag.
 */
export function rowActions(r: RowLike, user: RoleHolder, opts: { mobile?: boolean } = {}): RowActions {
  const canReturn = roleFlags(user).canProcessReturns;
  const active = r.status === 'ACTIVE';
  const isService = !!r.serviceId;
  return {
    details: true,
    processReturn: active && !isService && (!opts.mobile || canReturn),
    cancel: active,
    delete: (r.status === 'COMPLETED' || r.status === 'CANCELLED') && canReturn,
    reprocess: r.status === 'COMPLETED' && canReturn,
    restore: r.status === 'CANCELLED' && !!r.inventoryItemId && canReturn,
  };
}

// ---------------------------------------------------------------- list display

export { isOverdue } from '../../../../shared/domain/reservations.js';

/** Lists show only the last 4 digits of a phone (R-RES-1). */
export function phoneLast4(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return '';
  return `•••-${digits.slice(-4)}`;
}

export { depositTypeLabel } from '../../../../shared/domain/pricing.js';

/** Hours between start and end for the details dialog, with the spec's texts for odd rows. */
export function durationText(startTime: string | null | undefined, endTime: string | null | undefined): string {
  if (!endTime) return TEXT.durationActive;
  const s = Date.parse(startTime ?? '');
  const e = Date.parse(endTime);
  if (!Number.isFinite(s) || !Number.isFinite(e)) return TEXT.durationActive;
  if (e < s) return TEXT.durationInvalid;
  const h = (e - s) / 36e5;
  return pluralize(h, 'hour', undefined, (x) => (Number.isInteger(x) ? String(x) : x.toFixed(2)));
}

// ---------------------------------------------------------------- calendar (R-RES-4)

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

export function originalOf(s: Pick<CalendarSlot, 'slotsAvailable' | 'originalSlotsAvailable'>): number {
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

// ---------------------------------------------------------------- refund entry (R-RES-6)

export interface RefundEntry {
  hours: string;
  amount: string;
  /** Which field the person typed in: the other one is locked and derived. */
  manualEntry: 'hours' | 'amount' | 'none';
  cash: boolean;
  credit: boolean;
}

export const EMPTY_REFUND: RefundEntry = { hours: '', amount: '', manualEntry: 'none', cash: false, credit: false };

/** Refund from hours: hours x hourly rate, capped at the total (all in cents). */
export function refundFromHours(hours: number, hourlyRateCents: number, totalCents: number): number {
  if (!(hours > 0) || !(hourlyRateCents > 0)) return 0;
  return Math.min(multiplyCents(hourlyRateCents, hours), Math.max(0, totalCents));
}

export type RefundEvent =
  | { type: 'hours'; value: string }
  | { type: 'amount'; value: string }
  | { type: 'cash'; checked: boolean }
  | { type: 'credit'; checked: boolean }
  /** The rate or the cap changed (another return time): an hours-based amount is derived again. */
  | { type: 'rederive' }
  | { type: 'reset' };

/**
 * Entering hours locks the amount (derived, capped); entering an amount locks the hours; clearing
 * the field in use unlocks both. Cash and credit are exclusive: ticking one clears the other.
 */
export function refundReducer(ctx: { hourlyRateCents: number; totalCents: number }) {
  return (s: RefundEntry, e: RefundEvent): RefundEntry => {
    switch (e.type) {
      case 'hours': {
        if (s.manualEntry === 'amount') return s;
        if (e.value.trim() === '') return { ...s, hours: '', amount: '', manualEntry: 'none' };
        const h = Number(e.value);
        const amount = Number.isFinite(h) ? decimalText(refundFromHours(h, ctx.hourlyRateCents, ctx.totalCents)) : '';
        return { ...s, hours: e.value, amount, manualEntry: 'hours' };
      }
      case 'amount':
        if (s.manualEntry === 'hours') return s;
        if (e.value.trim() === '') return { ...s, hours: '', amount: '', manualEntry: 'none' };
        return { ...s, amount: e.value, hours: '', manualEntry: 'amount' };
      case 'cash':
        return { ...s, cash: e.checked, credit: e.checked ? false : s.credit };
      case 'credit':
        return { ...s, credit: e.checked, cash: e.checked ? false : s.cash };
      case 'rederive': {
        if (s.manualEntry !== 'hours') return s;
        const h = Number(s.hours);
        return {
          ...s,
          amount: Number.isFinite(h) ? decimalText(refundFromHours(h, ctx.hourlyRateCents, ctx.totalCents)) : '',
        };
      }
      case 'reset':
        return EMPTY_REFUND;
    }
  };
}

export const amountLocked = (s: RefundEntry) => s.manualEntry === 'hours';
export const hoursLocked = (s: RefundEntry) => s.manualEntry === 'amount';

/** The refund in cents as the form holds it. */
export function refundCents(s: RefundEntry): number {
  const c = toCents(s.amount);
  return c > 0 ? c : 0;
}

export interface ReturnCheck {
  returnTime?: string;
  refund?: string;
}

/**
 * R-RES-6: the return time rule is the server's own (returnTimeError in
 * shared/domain/reservations.ts); the refund rules are the server's own (checkRefund in shared/domain/pricing.ts): hours in
 * quarter steps within 0..24, an amount within the total, a method when above 0.
 */
export function validateReturn(input: {
  returnAt: number;
  startAt: number;
  now: number;
  refund: RefundEntry;
  hourlyRateCents: number;
  capCents: number;
  /** The organization's zone, in which the start is named. */
  zone: string;
}): ReturnCheck {
  const errors: ReturnCheck = {};
  if (!Number.isFinite(input.returnAt)) errors.returnTime = 'Please enter the return time.';
  else {
    const returnError = returnTimeError(input.returnAt, input.startAt, input.zone, input.now);
    if (returnError) errors.returnTime = returnError;
  }
  const r = input.refund;
  if (r.manualEntry === 'amount' && !/^\d+(\.\d{1,2})?$/.test(r.amount.trim())) {
    errors.refund = 'Refund amount must be a number of 0 or more with at most 2 decimals.';
    return errors;
  }
  if (r.manualEntry === 'hours' && !/^\d+(\.\d+)?$/.test(r.hours.trim())) {
    errors.refund = `Refund hours must be between 0 and ${REFUND_HOURS_MAX} in steps of ${REFUND_HOURS_STEP}`;
    return errors;
  }
  const check = checkRefund({
    hours: r.manualEntry === 'hours' ? Number(r.hours) : null,
    amount: r.manualEntry === 'amount' ? Number(r.amount) : null,
    cash: r.cash,
    credit: r.credit,
    manualEntry: r.manualEntry,
    hourlyRateCents: input.hourlyRateCents,
    capCents: input.capCents,
  });
  if (!check.ok) errors.refund = check.message;
  return errors;
}

// ---------------------------------------------------------------- errors by status (R-RES-11)

function statusPrefixed(e: unknown, fallbackPrefix: string, fallback: string): string {
  if (!(e instanceof ApiRequestError))
    return e instanceof Error && e.message ? `${fallbackPrefix}${e.message}` : fallback;
  // The server's text, else a sentence by status (ApiRequestError's message is never a bare status).
  const m = e.message;
  switch (e.status) {
    case 403:
      return `Permission denied: ${m}`;
    case 404:
      return `Reservation not found: ${m}`;
    case 400:
      return `Invalid request: ${m}`;
    case 500:
      return `Server error: ${m}`;
    default:
      return `${fallbackPrefix}${m}`;
  }
}

export const cancelError = (e: unknown) =>
  statusPrefixed(e, 'Error cancelling reservation: ', 'Error cancelling reservation: Unknown error');
export const restoreError = (e: unknown) => statusPrefixed(e, 'Error restoring reservation: ', TEXT.restoreFailed);
export const noShowError = (e: unknown) => statusPrefixed(e, 'Error marking the no-show: ', TEXT.noShowFailed);

/** The details dialog's load failure: 404, 410 with who and when, else the generic text. */
export function detailsError(e: unknown, fmtTime: (iso: string) => string): string {
  if (e instanceof ApiRequestError) {
    if (e.status === 404) return TEXT.detailsGone;
    if (e.status === 410) {
      const body = (e.body ?? {}) as { deletedBy?: unknown; deletedAt?: unknown; message?: string };
      const who =
        typeof body.deletedBy === 'string' ? body.deletedBy : (body.deletedBy as { name?: string } | null)?.name;
      if (who && typeof body.deletedAt === 'string') return deletedBy(who, fmtTime(body.deletedAt));
      if (e.message.startsWith('This reservation was deleted')) return e.message;
      return TEXT.detailsGone;
    }
  }
  return TEXT.detailsFailed;
}
