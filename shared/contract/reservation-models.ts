/**
 * Reservations and payments on the wire (R-RES-2, R-RES-1). The API (functions/reservations,
 * functions/payments) answers these and the Reservations page reads them. Money on the wire is in
 * dollars with at most two decimals (the spec's shapes); the server computes and stores cents
 * (shared/domain/money.ts) and converts at the edge. Times are ISO-8601 instants (UTC, 'Z'). What the
 * screens send (bodies and queries) is in reservation-request-models.ts.
 */
import * as z from '../zod.js';
import {
  LOG_ACTIONS,
  PAYMENT_SOURCES,
  PAYMENT_TYPES,
  RESERVATION_KINDS,
  RESERVATION_STATUSES,
} from '../domain/reservations.js';

export {
  LOG_ACTIONS,
  LOG_PAGE_SIZE,
  PAYMENT_SOURCES,
  PAYMENT_TYPES,
  RESERVATION_KINDS,
  RESERVATION_STATUSES,
  RESERVATIONS_PAGE_SIZE,
  type LogAction,
  type ReservationKind,
  type ReservationStatus,
} from '../domain/reservations.js';

const name = z.object({ id: z.nullable(z.string()), firstName: z.string(), lastName: z.string() });

const reservationCustomerView = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.nullable(z.string()),
  address: z.nullable(z.string()),
});

export const reservationItemView = z.object({
  id: z.string(),
  itemNumber: z.string(),
  /** "{product type} {variant}" (or the type alone): the label lists and logs show. */
  name: z.string(),
  productType: z.nullable(z.object({ id: z.string(), name: z.string() })),
  productVariant: z.nullable(z.object({ id: z.string(), name: z.string() })),
  condition: z.nullable(z.string()),
  status: z.nullable(z.string()),
  /** The hourly rate that applies (variant, else product-type default), dollars; null when none. */
  hourlyRate: z.nullable(z.number()),
  /** R-RES-15: the daily and weekly rates that apply (variant, item, product type), dollars; null when none. */
  dailyRate: z.optional(z.nullable(z.number())),
  weeklyRate: z.optional(z.nullable(z.number())),
  rates: z.array(z.object({ rate: z.number(), rateType: z.string() })),
});

/** `tier`, beyond the spec: the pricing tier whose rate the booking took (null: the base rate). */
export const reservationServiceView = z.object({
  id: z.string(),
  name: z.string(),
  rate: z.number(),
  rateType: z.string(),
  tier: z.optional(z.nullable(z.string())),
});
/** Beyond the spec: a service booking's add-on as one line of the price breakdown (docs/decisions/0012-right-about-money.md). */
const reservationAddonView = z.object({
  name: z.string(),
  rate: z.number(),
  rateType: z.string(),
  quantity: z.number(),
  amount: z.number(),
});

export const paymentView = z.object({
  id: z.string(),
  /** Dollars; negative for money given back (refund of a balance, reversal). */
  amount: z.number(),
  paymentType: z.enum(PAYMENT_TYPES),
  paymentDate: z.string(),
  /** 'Cash', 'Credit', 'Cash & Credit', a service payment source, or null. */
  method: z.nullable(z.string()),
  paymentId: z.nullable(z.string()),
  note: z.nullable(z.string()),
  employee: z.nullable(z.object({ firstName: z.string(), lastName: z.string() })),
});
export type PaymentView = z.infer<typeof paymentView>;

export const reservationView = z.object({
  id: z.string(),
  reservationNumber: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  kind: z.enum(RESERVATION_KINDS),
  /** ACTIVE and past its end (R-RES-8). */
  isOverdue: z.boolean(),
  /** Beyond the spec (R-RES-12): cancelled because the customer did not come. */
  noShow: z.optional(z.boolean()),
  source: z.enum(['STAFF', 'PUBLIC_BOOKING']),
  customerId: z.string(),
  customer: reservationCustomerView,
  inventoryItemId: z.nullable(z.string()),
  inventoryItem: z.nullable(reservationItemView),
  serviceId: z.nullable(z.string()),
  service: z.nullable(reservationServiceView),
  /** Service bookings: the wall-clock slot in the organization's zone. */
  slot: z.nullable(z.object({ date: z.string(), startTime: z.string(), endTime: z.string() })),
  participantCount: z.nullable(z.number()),
  addonNames: z.array(z.string()),
  addons: z.array(reservationAddonView),
  /** Beyond the spec (R-SVC-13): a service booking's tickets as charged, one line each; absent without ticket types. */
  tickets: z.optional(z.array(z.object({ name: z.string(), rate: z.number(), count: z.number(), amount: z.number() }))),
  startTime: z.string(),
  endTime: z.string(),
  /** Hours. */
  reservationDuration: z.number(),
  actualReturnTime: z.nullable(z.string()),
  depositAmount: z.number(),
  depositTypeCash: z.boolean(),
  depositTypeCredit: z.boolean(),
  paymentId: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  baseAmount: z.number(),
  subtotal: z.number(),
  taxRate: z.number(),
  taxAmount: z.number(),
  totalAmount: z.number(),
  overageAmount: z.number(),
  overageHours: z.number(),
  refundAmount: z.number(),
  refundHours: z.number(),
  hourlyRateAtBooking: z.nullable(z.number()),
  /** R-RES-15: the daily and weekly rates at booking (dollars) and which rate set the base price. */
  dailyRateAtBooking: z.optional(z.nullable(z.number())),
  weeklyRateAtBooking: z.optional(z.nullable(z.number())),
  priceBasis: z.optional(z.enum(['hourly', 'daily', 'weekly'])),
  createdByEmployee: z.nullable(name),
  processedByEmployee: z.nullable(name),
  reprocessedByEmployee: z.nullable(name),
  reprocessedAt: z.nullable(z.string()),
  allergies: z.boolean(),
  allergiesText: z.nullable(z.string()),
  /** Service payment tracking (R-RES-9). */
  isPaid: z.boolean(),
  paidAmount: z.nullable(z.number()),
  paidSource: z.nullable(z.string()),
  /** Public bookings: 'PENDING_PAYMENT' until paid, then 'PAID'; null for staff bookings. */
  paymentStatus: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.nullable(z.string()),
  deletedBy: z.nullable(z.string()),
});
export type ReservationView = z.infer<typeof reservationView>;

export const reservationDetailView = z.extend(reservationView, { payments: z.array(paymentView) });
export type ReservationDetailView = z.infer<typeof reservationDetailView>;

/** R-SET-3 "Return charges response", dollars and hours. */
export const returnCharges = z.object({
  reservationDuration: z.number(),
  baseAmount: z.number(),
  overageHours: z.number(),
  overageAmount: z.number(),
  refundHours: z.number(),
  refundAmount: z.number(),
  hourlyRate: z.number(),
  subtotal: z.number(),
  taxRate: z.number(),
  taxAmount: z.number(),
  totalAmount: z.number(),
});
export type ReturnCharges = z.infer<typeof returnCharges>;

/** Chip counts, kept on write (never counted on read). */
export const reservationCounts = z.object({
  all: z.number(),
  active: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  overdue: z.number(),
  /** Beyond the spec (R-RES-12): the cancelled ones that were no-shows (kept on write). */
  noShow: z.optional(z.number()),
});
export type ReservationCounts = z.infer<typeof reservationCounts>;

export const reservationListResponse = z.object({
  reservations: z.array(reservationView),
  /** Counts for the chips, for the kind asked (both kinds when none). */
  counts: reservationCounts,
  pagination: z.object({ limit: z.number(), nextCursor: z.nullable(z.string()), total: z.number() }),
});
export type ReservationListResponse = z.infer<typeof reservationListResponse>;

export const reservationLogEntry = z.object({
  id: z.string(),
  action: z.enum(LOG_ACTIONS),
  reservationId: z.string(),
  reservationNumber: z.nullable(z.string()),
  actorName: z.nullable(z.string()),
  actorUserId: z.nullable(z.string()),
  customerName: z.nullable(z.string()),
  itemLabel: z.nullable(z.string()),
  startTime: z.nullable(z.string()),
  hours: z.nullable(z.number()),
  expectedReturnTime: z.nullable(z.string()),
  actualReturnTime: z.nullable(z.string()),
  paymentId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ReservationLogEntry = z.infer<typeof reservationLogEntry>;

export const reservationLogResponse = z.object({
  success: z.literal(true),
  data: z.array(reservationLogEntry),
  pagination: z.object({
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    totalCount: z.number(),
    totalPages: z.number(),
    nextCursor: z.nullable(z.string()),
  }),
  /** Who has log entries, by name, for the employee filter (its value is the id the filter takes). */
  employees: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const reservationStatsResponse = z.object({
  active: z.number(),
  total: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  overdue: z.number(),
  /** Beyond the spec (R-RES-12): no-shows of reservations starting this week (Monday-Sunday, organization's zone). */
  noShowsThisWeek: z.optional(z.number()),
});
/**
 * R-DASH-6: `totalAmount` is "Collected" (the payment rows' sum: taken less paid back and reversed),
 * `refundedAmount` is "Refunded" (paid back at returns, with its tax; shared/domain/revenue.ts).
 */
export const paymentStatsResponse = z.object({
  totalAmount: z.number(),
  refundedAmount: z.number(),
  count: z.number(),
});

export const trackingView = z.object({
  isPaid: z.boolean(),
  amount: z.nullable(z.number()),
  source: z.nullable(z.enum(PAYMENT_SOURCES)),
});
export type TrackingView = z.infer<typeof trackingView>;

export const reservationEnvelope = z.object({ success: z.literal(true), message: z.string(), data: reservationView });
export const reservationDetailEnvelope = z.object({ success: z.literal(true), data: reservationDetailView });
export const returnResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  charges: returnCharges,
  data: reservationView,
});

export const availableItemsResponse = z.object({
  items: z.array(reservationItemView),
  /** R-RES-16: why the time is outside opening hours (a warning for staff; the booking is not refused), else null. */
  openingHoursNote: z.nullable(z.string()),
});
