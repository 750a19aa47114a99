/**
 * Reservations and payments on the wire (R-RES-2, R-RES-1). The API (functions/reservations,
 * functions/payments) answers these and the Reservations page reads them. Money on the wire is in
 * dollars with at most two decimals (the spec's shapes); the server computes and stores cents
 * (shared/domain/money.ts) and converts at the edge. Times are ISO-8601 instants (UTC, 'Z').
 */
import * as z from '../zod.js';
import {
  LOG_ACTIONS,
  PAYMENT_SOURCES,
  PAYMENT_TYPES,
  RESERVATION_KINDS,
  RESERVATION_STATUSES,
} from '../domain/reservations.js';
import { cursorParam, dayCheck, emailCheck, looseNumber, optionalDay } from './common.js';

const SLOT_MESSAGE = 'The chosen time slot is not a valid date and time';
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The list's date filters (functions/reservations/list-pages.ts dayRange says the same). */
const LIST_DATE_MESSAGE = 'Dates must be real dates written YYYY-MM-DD';

export {
  LOG_ACTIONS,
  LOG_PAGE_SIZE,
  PAYMENT_SOURCES,
  PAYMENT_TYPES,
  RESERVATION_KINDS,
  RESERVATION_STATUSES,
  RESERVATIONS_PAGE_SIZE,
  type LogAction,
  type PaymentSource,
  type ReservationKind,
  type ReservationStatus,
} from '../domain/reservations.js';

/** An instant the API accepts: ISO-8601 with a zone ('Z' or ±hh:mm); the browser sends toISOString(). */
export const instant = z.string().check(
  z.maxLength(40),
  z.regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
    'Time must be an ISO date-time with a zone (e.g. 2030-06-01T14:00:00.000Z)',
  ),
  z.refine((s) => Number.isFinite(Date.parse(s)), 'Time must be a real date and time'),
  z.meta({ format: 'date-time' }), // the OpenAPI document says what the refinement checks
);

const name = z.object({ id: z.nullable(z.string()), firstName: z.string(), lastName: z.string() });
export type EmployeeRef = z.infer<typeof name>;

export const reservationCustomerView = z.object({
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
/** Beyond the spec: a service booking's add-on as one line of the price breakdown (docs/decisions/right-about-money.md). */
export const reservationAddonView = z.object({
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
export const paymentStatsResponse = z.object({ totalAmount: z.number(), count: z.number() });

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

export const availableItemsResponse = z.object({ items: z.array(reservationItemView) });

// ---------------------------------------------------------------- request bodies

const depositAmount = z.pipe(
  looseNumber,
  z
    .number({ error: 'Deposit amount is required' })
    .check(z.gte(0, 'Deposit amount must be 0 or more'), z.lte(1_000_000)),
);
const depositType = z.object({ cash: z.optional(z.boolean()), credit: z.optional(z.boolean()) });

export const reservationCustomerInput = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1, 'First name is required'), z.maxLength(100)),
  lastName: z.string().check(z.trim(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
  phone: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Phone number is required'),
      z.maxLength(40),
      z.regex(/\d/, 'Please enter a valid phone number'),
    ),
  address: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(500)))),
  /** Sent only when non-blank (R-RES-2). */
  email: z.union([z.nullable(z.optional(z.string().check(z.trim(), ...emailCheck()))), z.literal('')]),
});

export const itemReservationBody = z.object({
  customer: reservationCustomerInput,
  reservation: z.object({
    startTime: instant,
    /** R-RES-2: 1 or 2 hours (default 2). */
    reservationDuration: z.pipe(
      looseNumber,
      z.union([z.literal(1), z.literal(2)], { error: 'Duration must be 1 or 2 hours' }),
    ),
    inventoryItemId: z
      .string({ error: 'Please select either an inventory item or a service.' })
      .check(z.minLength(1, 'Please select either an inventory item or a service.'), z.maxLength(128)),
    depositAmount,
    depositType: z.optional(depositType),
    paymentId: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(200)))),
    notes: z.nullable(z.optional(z.string().check(z.maxLength(5000)))),
  }),
});
export type ItemReservationInput = z.infer<typeof itemReservationBody>;

export const serviceReservationBody = z.object({
  customer: reservationCustomerInput,
  reservation: z.object({
    serviceId: z
      .string({ error: 'Please select a service.' })
      .check(z.minLength(1, 'Please select a service.'), z.maxLength(128)),
    availabilitySlots: z
      .array(
        // The rule bookServiceSlot applies (functions/services/booking.ts), stated here so the OpenAPI
        // document says it: a real YYYY-MM-DD day and HH:MM times.
        z.object({
          date: z.string().check(z.maxLength(40), ...dayCheck(SLOT_MESSAGE)),
          startTime: z.string().check(z.maxLength(10), z.regex(HHMM, SLOT_MESSAGE)),
          endTime: z.string().check(z.maxLength(10), z.regex(HHMM, SLOT_MESSAGE)),
        }),
        { error: 'Please select a time slot for the service.' },
      )
      .check(
        z.minLength(1, 'Please select a time slot for the service.'),
        z.maxLength(1, 'Please select one time slot.'),
      ),
    /** PER_PERSON services: the people in the booking (1 when absent). */
    participantCount: z.optional(z.pipe(looseNumber, z.number().check(z.int(), z.gte(1), z.lte(100)))),
    /** Add-on ids or names from the service's own list. */
    selectedAddons: z.optional(
      z
        .array(
          z.object({ id: z.optional(z.string().check(z.maxLength(128))), name: z.string().check(z.maxLength(200)) }),
        )
        .check(z.maxLength(50)),
    ),
    allergies: z.nullable(z.optional(z.string().check(z.maxLength(2000)))),
    depositAmount: z.optional(depositAmount),
    depositType: z.optional(depositType),
    paymentId: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(200)))),
    notes: z.nullable(z.optional(z.string().check(z.maxLength(5000)))),
  }),
});
export type ServiceReservationInput = z.infer<typeof serviceReservationBody>;

export const returnBody = z.object({
  actualReturnTime: instant,
  notes: z.nullable(z.optional(z.string().check(z.maxLength(5000)))),
  refund: z.nullable(
    z.optional(
      z.object({
        hours: z.nullable(
          z.optional(
            z.pipe(
              looseNumber,
              z
                .number()
                .check(
                  z.gte(0, 'Refund hours must be between 0 and 24'),
                  z.lte(24, 'Refund hours must be between 0 and 24'),
                  z.multipleOf(0.25, 'Refund hours go in steps of 0.25'),
                ),
            ),
          ),
        ),
        amount: z.nullable(
          z.optional(
            z.pipe(looseNumber, z.number().check(z.gte(0, 'Refund amount must be 0 or more'), z.lte(1_000_000))),
          ),
        ),
        paymentId: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(200)))),
        cash: z.optional(z.boolean()),
        credit: z.optional(z.boolean()),
        /** R-RES-5: which field the person typed in ('hours', 'amount' or 'none'). */
        manualEntry: z.nullable(z.optional(z.union([z.enum(['hours', 'amount', 'none']), z.boolean()]))),
      }),
    ),
  ),
});
export type ReturnInput = z.infer<typeof returnBody>;

export const restoreBody = z.object({ notes: z.nullable(z.optional(z.string().check(z.maxLength(5000)))) });

export const trackingBody = z.object({
  isPaid: z.boolean(),
  amount: z.nullable(
    z.optional(z.pipe(looseNumber, z.number().check(z.gte(0, 'Amount must be 0 or more'), z.lte(1_000_000)))),
  ),
  source: z.nullable(
    z.optional(z.enum(PAYMENT_SOURCES, { error: 'Source must be Venmo, Zelle, PayPal, CashApp or Cash' })),
  ),
});
export type TrackingInput = z.infer<typeof trackingBody>;

export const reservationListQuery = z.object({
  /** ALL (default), ACTIVE, COMPLETED or CANCELLED. */
  status: z.optional(z.enum(['ALL', 'ACTIVE', 'COMPLETED', 'CANCELLED', 'all', 'active', 'completed', 'cancelled'])),
  /** The tab: ITEM (Reservations tab) or SERVICE (Services tab); both when absent (dashboard). */
  kind: z.optional(z.enum(RESERVATION_KINDS)),
  /** Return-date range on COMPLETED (days in the organization's zone, inclusive); start date range otherwise. */
  startDate: z.optional(optionalDay(LIST_DATE_MESSAGE)),
  endDate: z.optional(optionalDay(LIST_DATE_MESSAGE)),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  cursor: z.optional(cursorParam(2000)),
  /** Start time order (COMPLETED: return time). Default desc. */
  order: z.optional(z.enum(['asc', 'desc'])),
  /** General search: reservation number (exact), phone (last 4 digits or the whole number, exact), customer name (prefix). */
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /** Customer name prefix (first or last name). */
  customer: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  serviceId: z.optional(z.string().check(z.maxLength(128))),
  /** Dashboard: include completed ones when status is absent (document 1). */
  includeCompleted: z.optional(z.string().check(z.maxLength(10))),
  /** Beyond the spec (R-RES-12): 'true' lists only the no-shows (cancelled with noShow). */
  noShow: z.optional(z.enum(['true', 'false'])),
});

export const logQuery = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000))),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  cursor: z.optional(cursorParam(2000)),
  action: z.union([z.optional(z.enum(LOG_ACTIONS)), z.literal('')]),
  employeeId: z.optional(z.string().check(z.maxLength(128))),
  reservationId: z.optional(z.string().check(z.maxLength(128))),
  /** The number the screen shows (RES-000123, or just 123): what people can filter by. */
  reservationNumber: z.optional(z.string().check(z.maxLength(40))),
});

export const availableItemsQuery = z.object({
  startTime: instant,
  hours: z.pipe(z.coerce.number(), z.union([z.literal(1), z.literal(2)], { error: 'Duration must be 1 or 2 hours' })),
});
