/**
 * Reservation constants (document 3 §5, §9), zod-free so the SPA's Reservations page reads them
 * without loading the contract's schemas; shared/contract/reservation-models.ts re-exports them.
 */
export const RESERVATION_STATUSES = ['ACTIVE', 'COMPLETED', 'CANCELLED'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_KINDS = ['ITEM', 'SERVICE'] as const;
export type ReservationKind = (typeof RESERVATION_KINDS)[number];
export const LOG_ACTIONS = ['CREATED', 'CANCELLED', 'RETURNED', 'REPROCESSED', 'RESTORED', 'DELETED'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];
/** Document 3 §5: service payment sources. */
export const PAYMENT_SOURCES = ['Venmo', 'Zelle', 'PayPal', 'CashApp', 'Cash'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
export const PAYMENT_TYPES = ['DEPOSIT', 'CHARGE', 'REFUND', 'REVERSAL', 'SERVICE_PAYMENT'] as const;
/**
 * A reservation number as people type it: 'RES-000123', 'res-123', '#123' or just '123' all read as
 * 'RES-000123' (the log's filter, issue 23 item 10); anything else is null.
 */
export function reservationNumberFrom(text: string): string | null {
  const m = /^\s*(?:res[-\s]?)?#?0*(\d{1,9})\s*$/i.exec(text);
  return m ? `RES-${m[1]!.padStart(6, '0')}` : null;
}
/** Document 3 §9: page sizes. */
export const RESERVATIONS_PAGE_SIZE = 25;
export const LOG_PAGE_SIZE = 25;
