import type { Person, ReservationRow } from '../reservation-rows/entity.js';
import type { AuditedWrite } from '../lib/audited-write.js';
import type { CustomerInput } from '../customers/entity.js';
import type { TenantId } from '../lib/keys.js';
import type { SlotRef } from '../../shared/domain/slots.js';
import type { ServiceRow } from './model.js';
import type { TicketCount } from '../../shared/domain/tickets.js';

/** What a service booking asks (booking.ts): public through the share link, or by staff. */
export interface ServiceBookingRequest {
  tenant: TenantId;
  serviceId: string;
  slot: SlotRef;
  participants: number;
  addons?: readonly { id?: string; name: string }[];
  /** R-SVC-13: a count per ticket type (public bookings of a service with ticket types). */
  tickets?: readonly TicketCount[];
  customer: CustomerInput;
  notes?: string | null;
  allergies?: string | null;
  /** Public bookings: the share token the service must still carry. */
  shareToken?: string;
  source: 'PUBLIC_BOOKING' | 'STAFF';
  actor: Person | null;
  deposit?: { cents: number; cash: boolean; credit: boolean; paymentId: string | null };
  /** An accepted waitlist offer: its places are already out of the slot (R-SVC-9). */
  held?: HeldPlaces;
  /** The service as the caller has just read it: the first attempt uses it (the write's condition decides). */
  read?: ServiceRow;
  /** `read` came from a warm cache: any answer but places taken or a full slot is a StaleRead. */
  readMayBeStale?: boolean;
  /**
   * Called as the booking asks for its places (its write goes out; at once for held places), maybe
   * more than once: the caller starts reads it needs only if the booking may go on (its mail).
   */
  onAsking?: () => void;
}

/**
 * Places a waitlist offer already holds (services/waitlist-offers.ts, R-SVC-9): the booking does not
 * touch the slot again; `parts` adds the offer's own conditional transition instead, and `refused`
 * turns that part's failure into the answer (no retry).
 */
export interface HeldPlaces {
  places: number;
  parts: (w: AuditedWrite, row: ReservationRow) => void;
  refused: (e: unknown) => void;
}
