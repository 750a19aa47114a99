/**
 * The reservation's stored rows (docs/data-model.md, "Reservations"), each one zod schema and one
 * parse from stored item to domain object (functions/lib/rows.ts, docs/decisions/0023-row-schemas.md): the
 * reservation, its log line, its payments, the per-item booking row, the service booking pointer, the
 * number pointer and the sweep pointers. Key and index attributes are not named, so a parse drops them.
 * A row that does not match throws `RowShapeError` instead of being read as zeros and empty names.
 */
import {
  reservationItemView,
  reservationServiceView,
  LOG_ACTIONS,
  PAYMENT_TYPES,
  RESERVATION_KINDS,
  RESERVATION_STATUSES,
} from '../../shared/contract/reservation-models.js';
import * as z from '../../shared/zod.js';
import { optionalText, type RowParser, rowParser } from '../lib/rows.js';

const maybe = <S extends z.ZodMiniType>(s: S) => z.optional(z.nullable(s));

/** Who did something, as stored on the row (a signed-in person, an API key's name, the customer, or null: the system). */
const personSchema = z.object({ id: optionalText(), firstName: z.string(), lastName: z.string() });
export type Person = z.output<typeof personSchema>;

/**
 * `RESERVATION#{id}`: the reservation. Amounts in cents (`…Cents`, written since the area's first
 * commit: no row carries dollar amounts only). Every attribute any writer sets is named here (create,
 * services/booking-row.ts, the lifecycle, payment tracking, the sweeps): a left-out one would be dropped.
 */
const reservationRowSchema = z.object({
  id: z.string(),
  reservationNumber: z.string(),
  kind: z.enum(RESERVATION_KINDS),
  status: z.enum(RESERVATION_STATUSES),
  source: z.enum(['STAFF', 'PUBLIC_BOOKING']),
  customerId: z.string(),
  customer: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    email: z.nullable(z.string()),
    address: maybe(z.string()),
  }),
  inventoryItemId: maybe(z.string()),
  /** The item as booked (bookings/items.ts itemView). */
  inventoryItem: maybe(reservationItemView),
  serviceId: maybe(z.string()),
  /** The service as booked, with the tier whose rate applied. */
  service: maybe(reservationServiceView),
  slot: maybe(z.object({ date: z.string(), startTime: z.string(), endTime: z.string() })),
  /** The places a service booking took (participants), given back by a cancel. */
  slotPlaces: z.optional(z.number()),
  participantCount: maybe(z.number()),
  /** The zone of the booking (the organization's, or the service's): its report day (aggregates.ts). */
  timeZone: maybe(z.string()),
  startTime: z.string(),
  endTime: z.string(),
  /** Hours. */
  reservationDuration: z.number(),
  actualReturnTime: maybe(z.string()),
  depositAmountCents: z.optional(z.number()),
  depositTypeCash: z.optional(z.boolean()),
  depositTypeCredit: z.optional(z.boolean()),
  paymentId: maybe(z.string()),
  notes: maybe(z.string()),
  /** A public booking's own notes, apart from the notes' generated lines. */
  customerNotes: maybe(z.string()),
  baseAmountCents: z.optional(z.number()),
  /** The charges at booking, restored by reprocess. */
  bookedSubtotalCents: z.optional(z.number()),
  bookedTaxAmountCents: z.optional(z.number()),
  bookedTotalAmountCents: z.optional(z.number()),
  subtotalCents: z.optional(z.number()),
  taxRate: z.optional(z.number()),
  taxAmountCents: z.optional(z.number()),
  totalAmountCents: z.optional(z.number()),
  overageAmountCents: z.optional(z.number()),
  overageHours: z.optional(z.number()),
  refundAmountCents: z.optional(z.number()),
  refundHours: z.optional(z.number()),
  refundMethod: maybe(z.string()),
  refundPaymentId: maybe(z.string()),
  hourlyRateAtBookingCents: maybe(z.number()),
  /** R-RES-15: the other rates quoted at booking and which one set the base price. */
  dailyRateAtBookingCents: maybe(z.number()),
  weeklyRateAtBookingCents: maybe(z.number()),
  priceBasis: z.optional(z.enum(['hourly', 'daily', 'weekly'])),
  /** A service booking's rate and rate type as priced (services/booking-row.ts). */
  rateAtBooking: z.optional(z.number()),
  rateTypeAtBooking: z.optional(z.string()),
  createdByEmployee: maybe(personSchema),
  processedByEmployee: maybe(personSchema),
  reprocessedByEmployee: maybe(personSchema),
  reprocessedAt: maybe(z.string()),
  allergies: z.optional(z.boolean()),
  allergiesText: maybe(z.string()),
  /** Service payment tracking (R-RES-9, functions/payments/tracking.ts). */
  isPaid: z.optional(z.boolean()),
  paidAmountCents: maybe(z.number()),
  paidSource: maybe(z.string()),
  paymentStatus: maybe(z.string()),
  /** Public bookings: the label and the 24-hour payment deadline (R-BOOK-6). */
  statusLabel: z.optional(z.string()),
  isPublicBooking: z.optional(z.boolean()),
  dueBy: maybe(z.string()),
  /** Set by the overdue sweep (R-RES-8). */
  isOverdue: z.optional(z.boolean()),
  overdueAt: z.optional(z.string()),
  overdueMailedAt: maybe(z.string()),
  cancelledAt: z.optional(z.string()),
  cancelledBy: maybe(personSchema),
  cancelReason: z.optional(z.string()),
  /** A no-show (R-RES-12, ./no-show.ts): the week its counters went to, so restore takes them back. */
  noShow: z.optional(z.boolean()),
  noShowAt: z.optional(z.string()),
  noShowBy: maybe(personSchema),
  noShowWeek: maybe(z.string()),
  restoredAt: z.optional(z.string()),
  restoredBy: maybe(personSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: maybe(z.string()),
  deletedBy: maybe(z.string()),
  deletedByUserId: maybe(z.string()),
  /** The charge payment row a return wrote, reversed by reprocess. */
  returnChargeCents: maybe(z.number()),
  /** What the return paid back (the REFUND payment rows: refund with its tax, deposit above the cost; R-REP-9). */
  refundPaidCents: maybe(z.number()),
  /** R-SVC-13: a service booking's tickets as charged (services/booking-row.ts). */
  tickets: z.optional(
    z.array(
      z.object({ typeId: z.string(), name: z.string(), rate: z.number(), count: z.number(), amountCents: z.number() }),
    ),
  ),
  /** A service booking's add-ons as charged (services/booking.ts); `quantity` since docs/decisions/0012-right-about-money.md. */
  selectedAddons: z.optional(
    z.array(
      z.object({
        id: z.optional(z.string()),
        name: z.string(),
        rate: z.number(),
        rateType: z.optional(z.string()),
        quantity: z.optional(z.number()),
        amountCents: z.number(),
      }),
    ),
  ),
});

/** A reservation as stored, keys and index attributes dropped. Amounts in cents. */
export type ReservationRow = z.output<typeof reservationRowSchema>;
export const parseReservationRow: RowParser<ReservationRow> = rowParser('reservation', reservationRowSchema);

/** `RESLOG#{createdAt}#{uuid}`: one line of the reservation log (entity.ts logRow writes it). */
const logRowSchema = z.object({
  id: z.string(),
  action: z.enum(LOG_ACTIONS),
  reservationId: z.string(),
  reservationNumber: z.string(),
  actorName: z.string(),
  actorUserId: optionalText(),
  customerName: optionalText(),
  itemLabel: optionalText(),
  startTime: z.string(),
  hours: maybe(z.number()),
  expectedReturnTime: z.string(),
  actualReturnTime: optionalText(),
  paymentId: optionalText(),
  note: optionalText(),
  createdAt: z.string(),
});
type LogRow = z.output<typeof logRowSchema>;
export const parseLogRow: RowParser<LogRow> = rowParser('reservation log', logRowSchema);

/** `PAYMENT#{reservationId}#{at}#{uuid}`: one money movement (deposit, charge, refund, reversal, service payment). */
const paymentRowSchema = z.object({
  id: z.string(),
  reservationId: z.string(),
  /** Negative for money given back. */
  amountCents: z.number(),
  paymentType: z.enum(PAYMENT_TYPES),
  method: optionalText(),
  paymentId: optionalText(),
  note: optionalText(),
  employee: z.nullable(z.object({ firstName: z.string(), lastName: z.string() })),
  paymentDate: z.string(),
});
export type PaymentRow = z.output<typeof paymentRowSchema>;
export const parsePaymentRow: RowParser<PaymentRow> = rowParser('payment', paymentRowSchema);

/** `RESNUM#{reservationNumber}` → the reservation's id (the exact number search, the log's number filter). */
export const parseNumberPointer = rowParser('reservation number', z.object({ reservationId: z.string() }));

/**
 * The sweep pointers, cross-tenant on gsi1: `OVERDUEQ#{id}` (sort key its end) and `STARTQ#{id}` (its
 * start). The sweeps read the tenant and the reservation from them (functions/sweeps/overdue-reservations.ts).
 */
export const parseOverduePointer = rowParser(
  'overdue pointer',
  z.object({ tenantId: z.string(), reservationId: z.string(), endTime: z.string() }),
);
export const parseStartPointer = rowParser(
  'start pointer',
  z.object({ tenantId: z.string(), reservationId: z.string(), startTime: z.string() }),
);

/**
 * `STATS#reservations` and `STATS#payments`: counters kept by ADD in each write's own transaction
 * (docs/data-model.md), so every attribute but the keys is a number; one never written is absent (0).
 */
export const parseCounterRow = rowParser(
  'reservation counters',
  z.pipe(
    z.catchall(z.object({ pk: z.string(), sk: z.string() }), z.number()),
    z.transform(({ pk: _pk, sk: _sk, ...counters }): Record<string, number> => counters),
  ),
);
