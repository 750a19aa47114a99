import type {
  AddonView,
  Host,
  PricingTierView,
  PrivacySettings,
  ReminderSettings,
  TicketTypeView,
} from '../../shared/contract/responses.js';
import type { Slot } from '../../shared/domain/slots.js';
import type { PaymentMethods } from '../../shared/domain/share-payment.js';
import type { SlotCount } from './slot-rows.js';

/** Row prefixes of this area under the tenant partition (docs/data-model.md, "Services and public booking"). */
export const SERVICE_ROWS = {
  service: 'SERVICE',
  photo: 'PHOTO',
  counter: 'COUNTER',
  unpaid: 'UNPAID',
} as const;
// Reservation, customer, log and counter rows moved to their areas: functions/reservation-rows/entity.ts
// and functions/customers/entity.ts (docs/data-model.md, "Reservations and payments").

/** Index partition the unpaid-booking sweep reads (cross-tenant, pointers only). */
export const UNPAID_INDEX_PK = 'SWEEP#UNPAID';

/** A service as stored: object fields as objects, plus the internals a browser never sees. */
export interface ServiceRow {
  id: string;
  name: string;
  description: string | null;
  location: string | null;
  photoBaseKey: string | null;
  /** S3 key of the original, from the photo row when the service was saved. */
  photoKey: string | null;
  rate: number;
  rateType: string;
  availability: Slot[];
  showPaymentOptions: boolean;
  notes: string | null;
  paymentSettings: PaymentMethods;
  paymentNote: string | null;
  hosts: Host[];
  rsvpSettings: { maxParticipants: number | null; enablePublicBookings: boolean };
  questionnaire: { collectAllergies: boolean };
  privacySettings: PrivacySettings;
  reminderSettings: ReminderSettings;
  /** Absent on rows saved before the waitlist (R-SVC-7): shared/domain/waitlist.ts waitlistSettingsOf decides then. */
  waitlistSettings?: { enabled: boolean; holdMinutes: number } | null;
  enableTieredPricing: boolean;
  pricingTiers: PricingTierView[];
  enableAddons: boolean;
  addons: AddonView[];
  /** R-SVC-13 (beyond the spec): absent on rows saved before ticket types. */
  ticketTypes?: TicketTypeView[];
  shareToken: string | null;
  isActive: boolean;
  timeZone: string | null;
  /** Bumped by every write of the row (staff edits, the share link); bookings write slot rows instead. */
  version: number;
  /**
   * Read with the slot rows (store.ts): each slot's parts by its tag (services/slot-rows.ts); then
   * `availability[].slotsAvailable` is the places left. Never stored on the service row.
   */
  counts?: Record<string, SlotCount>;
  createdAt: string;
  updatedAt: string;
}

export interface PhotoUrls {
  original?: string;
  medium?: string;
  large?: string;
}
