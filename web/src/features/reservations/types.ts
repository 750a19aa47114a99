/**
 * What the reservation and payment routes answer: the contract's own types
 * (shared/contract/reservation-models.ts), re-exported under the names this page uses.
 */
export type {
  ReservationView as Reservation,
  ReservationDetailView as ReservationDetail,
  PaymentView as Payment,
  ReturnCharges as Charges,
  ReservationLogEntry as LogEntry,
  TrackingView as Tracking,
  ReservationCounts,
} from '../../../../shared/contract/reservation-models.js';
