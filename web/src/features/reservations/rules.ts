/**
 * The Reservations page's rules (R-RES-1, R-RES-5, R-RES-2, R-RES-11; R-RES-8), as plain functions so
 * that the dialogs and the tests share one reading of the spec. No React, no fetch.
 */
import type { GatedRoute } from '../../../../shared/contract/route-needs.js';
import { ApiRequestError } from '../../api/client.js';
import { pluralize } from '../../components/format.js';

// ---------------------------------------------------------------- constants (R-RES-2)

export { RESERVATIONS_PAGE_SIZE as PAGE_SIZE, LOG_PAGE_SIZE } from '../../../../shared/domain/reservations.js';
export const DEFAULT_ITEM_DURATION = 2;
/** R-RES-15: the form's units; a day is 24 hours, the longest rental 30 days (MAX_RENTAL_HOURS). */
export const DURATION_UNITS = { hours: 1, days: 24 } as const;
/** After a return the page reloads after about a second (R-RES-5). */
export const RELOAD_AFTER_RETURN_MS = 1000;
export {
  LOG_ACTIONS,
  PAYMENT_SOURCES,
  RESERVATION_STATUSES as STATUSES,
} from '../../../../shared/domain/reservations.js';

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
    'Are you sure you want to reprocess this reservation? This will reactivate the reservation and undo the return.',
  reprocessDone: 'Reservation reprocessed successfully! The reservation is active again.',
  reprocessFailed: 'Failed to reprocess reservation',
  restoreConfirm: 'Are you sure you want to restore this cancelled reservation to active status?',
  restoreFailed: 'Failed to restore reservation',
  /** R-RES-12. */
  noShowConfirm:
    'Mark this reservation as a no-show? It will be cancelled, its item or places freed, and the customer’s no-show count raised. Restore undoes it.',
  noShowDone: 'Reservation marked as a no-show',
  noShowFailed: 'Failed to mark the reservation as a no-show',
  noRates: 'No rates available for this item',
  /** R-RES-15: the server's own message. */
  durationRange: 'Duration must be whole hours from 1 hour to 30 days',
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
const deletedBy = (user: string, time: string) => `This reservation was deleted by ${user} at ${time}.`;

// ---------------------------------------------------------------- visibility (R-RES-5)

interface RowLike {
  status: string;
  serviceId?: string | null;
  inventoryItemId?: string | null;
}

interface RowActions {
  details: boolean;
  processReturn: boolean;
  cancel: boolean;
  delete: boolean;
  reprocess: boolean;
  restore: boolean;
}

/**
 * Which actions a row (or the details dialog) offers: what the reservation's state allows (R-RES-5:
 * Return on active item reservations, Cancel on active ones, Delete on completed or cancelled ones,
 * Reprocess on completed ones, Restore on cancelled ones with an item), and only to whoever may call
 * the action's route (R-RES-13), on every layout.
 */
export function rowActions(r: RowLike, mayCall: (route: GatedRoute) => boolean): RowActions {
  const active = r.status === 'ACTIVE';
  const isService = !!r.serviceId;
  return {
    details: true,
    processReturn: active && !isService && mayCall('reservations.processReturn'),
    cancel: active && mayCall('reservations.cancel'),
    delete: (r.status === 'COMPLETED' || r.status === 'CANCELLED') && mayCall('reservations.delete'),
    reprocess: r.status === 'COMPLETED' && mayCall('reservations.reprocess'),
    restore: r.status === 'CANCELLED' && !!r.inventoryItemId && mayCall('reservations.restore'),
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
