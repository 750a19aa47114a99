/**
 * Reservations and payments on the wire (document 3 §3, §7). The API (functions/reservations,
 * functions/payments) answers these and the Reservations page reads them. Money on the wire is in
 * dollars with at most two decimals (the spec's shapes); the server computes and stores cents
 * (shared/domain/money.ts) and converts at the edge. Times are ISO-8601 instants (UTC, 'Z').
 */
import { z } from 'zod';
import { LOG_ACTIONS, PAYMENT_SOURCES, PAYMENT_TYPES, RESERVATION_KINDS, RESERVATION_STATUSES } from '../domain/reservations.js';
import { looseNumber } from './common.js';

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
export const instant = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'Time must be an ISO date-time with a zone (e.g. 2030-06-01T14:00:00.000Z)')
  .refine((s) => Number.isFinite(Date.parse(s)), 'Time must be a real date and time');

const name = z.object({ id: z.string().nullable(), firstName: z.string(), lastName: z.string() });
export type EmployeeRef = z.infer<typeof name>;

export const reservationCustomerView = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
});

export const reservationItemView = z.object({
  id: z.string(),
  itemNumber: z.string(),
  /** "{product type} {variant}" (or the type alone): the label lists and logs show. */
  name: z.string(),
  productType: z.object({ id: z.string(), name: z.string() }).nullable(),
  productVariant: z.object({ id: z.string(), name: z.string() }).nullable(),
  condition: z.string().nullable(),
  status: z.string().nullable(),
  /** The hourly rate that applies (variant, else product-type default), dollars; null when none. */
  hourlyRate: z.number().nullable(),
  rates: z.array(z.object({ rate: z.number(), rateType: z.string() })),
});

export const reservationServiceView = z.object({ id: z.string(), name: z.string(), rate: z.number(), rateType: z.string() });

export const paymentView = z.object({
  id: z.string(),
  /** Dollars; negative for money given back (refund of a balance, reversal). */
  amount: z.number(),
  paymentType: z.enum(PAYMENT_TYPES),
  paymentDate: z.string(),
  /** 'Cash', 'Credit', 'Cash & Credit', a service payment source, or null. */
  method: z.string().nullable(),
  paymentId: z.string().nullable(),
  note: z.string().nullable(),
  employee: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

export const reservationView = z.object({
  id: z.string(),
  reservationNumber: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  kind: z.enum(RESERVATION_KINDS),
  /** ACTIVE and past its end (document 1 §4). */
  isOverdue: z.boolean(),
  source: z.enum(['STAFF', 'PUBLIC_BOOKING']),
  customerId: z.string(),
  customer: reservationCustomerView,
  inventoryItemId: z.string().nullable(),
  inventoryItem: reservationItemView.nullable(),
  serviceId: z.string().nullable(),
  service: reservationServiceView.nullable(),
  /** Service bookings: the wall-clock slot in the organization's zone. */
  slot: z.object({ date: z.string(), startTime: z.string(), endTime: z.string() }).nullable(),
  participantCount: z.number().nullable(),
  addonNames: z.array(z.string()),
  startTime: z.string(),
  endTime: z.string(),
  /** Hours. */
  reservationDuration: z.number(),
  actualReturnTime: z.string().nullable(),
  depositAmount: z.number(),
  depositTypeCash: z.boolean(),
  depositTypeCredit: z.boolean(),
  paymentId: z.string().nullable(),
  notes: z.string().nullable(),
  baseAmount: z.number(),
  subtotal: z.number(),
  taxRate: z.number(),
  taxAmount: z.number(),
  totalAmount: z.number(),
  overageAmount: z.number(),
  overageHours: z.number(),
  refundAmount: z.number(),
  refundHours: z.number(),
  hourlyRateAtBooking: z.number().nullable(),
  createdByEmployee: name.nullable(),
  processedByEmployee: name.nullable(),
  reprocessedByEmployee: name.nullable(),
  reprocessedAt: z.string().nullable(),
  allergies: z.boolean(),
  allergiesText: z.string().nullable(),
  /** Service payment tracking (document 3 §3). */
  isPaid: z.boolean(),
  paidAmount: z.number().nullable(),
  paidSource: z.string().nullable(),
  /** Public bookings: 'PENDING_PAYMENT' until paid, then 'PAID'; null for staff bookings. */
  paymentStatus: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
});
export type ReservationView = z.infer<typeof reservationView>;

export const reservationDetailView = reservationView.extend({ payments: z.array(paymentView) });
export type ReservationDetailView = z.infer<typeof reservationDetailView>;

/** Document 3 §3 "Return charges response", dollars and hours. */
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
export const reservationCounts = z.object({ all: z.number(), active: z.number(), completed: z.number(), cancelled: z.number(), overdue: z.number() });
export type ReservationCounts = z.infer<typeof reservationCounts>;

export const reservationListResponse = z.object({
  reservations: z.array(reservationView),
  /** Counts for the chips, for the kind asked (both kinds when none). */
  counts: reservationCounts,
  pagination: z.object({ limit: z.number(), nextCursor: z.string().nullable(), total: z.number() }),
});
export type ReservationListResponse = z.infer<typeof reservationListResponse>;

export const reservationLogEntry = z.object({
  id: z.string(),
  action: z.enum(LOG_ACTIONS),
  reservationId: z.string(),
  reservationNumber: z.string().nullable(),
  actorName: z.string().nullable(),
  actorUserId: z.string().nullable(),
  customerName: z.string().nullable(),
  itemLabel: z.string().nullable(),
  startTime: z.string().nullable(),
  hours: z.number().nullable(),
  expectedReturnTime: z.string().nullable(),
  actualReturnTime: z.string().nullable(),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
});
export type ReservationLogEntry = z.infer<typeof reservationLogEntry>;

export const reservationLogResponse = z.object({
  success: z.literal(true),
  data: z.array(reservationLogEntry),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalCount: z.number(), totalPages: z.number(), nextCursor: z.string().nullable() }),
});

export const reservationStatsResponse = z.object({ active: z.number(), total: z.number(), completed: z.number(), cancelled: z.number(), overdue: z.number() });
export const paymentStatsResponse = z.object({ totalAmount: z.number(), count: z.number() });

export const trackingView = z.object({ isPaid: z.boolean(), amount: z.number().nullable(), source: z.enum(PAYMENT_SOURCES).nullable() });
export type TrackingView = z.infer<typeof trackingView>;

export const reservationEnvelope = z.object({ success: z.literal(true), message: z.string(), data: reservationView });
export const reservationDetailEnvelope = z.object({ success: z.literal(true), data: reservationDetailView });
export const returnResponse = z.object({ success: z.literal(true), message: z.string(), charges: returnCharges, data: reservationView });

export const availableItemsResponse = z.object({ items: z.array(reservationItemView) });

// ---------------------------------------------------------------- request bodies

const depositAmount = looseNumber.pipe(z.number({ error: 'Deposit amount is required' }).min(0, 'Deposit amount must be 0 or more').max(1_000_000));
const depositType = z.object({ cash: z.boolean().optional(), credit: z.boolean().optional() });

export const reservationCustomerInput = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  phone: z.string().trim().min(1, 'Phone number is required').max(40).regex(/\d/, 'Please enter a valid phone number'),
  address: z.string().trim().max(500).optional().nullable(),
  /** Sent only when non-blank (document 3 §5). */
  email: z.string().trim().max(254).email('Please enter a valid email address').optional().nullable().or(z.literal('')),
});

export const itemReservationBody = z.object({
  customer: reservationCustomerInput,
  reservation: z.object({
    startTime: instant,
    /** Document 3 §5: 1 or 2 hours (default 2). */
    reservationDuration: looseNumber.pipe(z.union([z.literal(1), z.literal(2)], { error: 'Duration must be 1 or 2 hours' })),
    inventoryItemId: z.string({ error: 'Please select either an inventory item or a service.' }).min(1, 'Please select either an inventory item or a service.').max(128),
    depositAmount,
    depositType: depositType.optional(),
    paymentId: z.string().trim().max(200).optional().nullable(),
    notes: z.string().max(5000).optional().nullable(),
  }),
});
export type ItemReservationInput = z.infer<typeof itemReservationBody>;

export const serviceReservationBody = z.object({
  customer: reservationCustomerInput,
  reservation: z.object({
    serviceId: z.string({ error: 'Please select a service.' }).min(1, 'Please select a service.').max(128),
    availabilitySlots: z
      .array(z.object({ date: z.string().max(40), startTime: z.string().max(10), endTime: z.string().max(10) }), { error: 'Please select a time slot for the service.' })
      .min(1, 'Please select a time slot for the service.')
      .max(1, 'Please select one time slot.'),
    /** PER_PERSON services: the people in the booking (1 when absent). */
    participantCount: looseNumber.pipe(z.number().int().min(1).max(100)).optional(),
    /** Add-on ids or names from the service's own list. */
    selectedAddons: z.array(z.object({ id: z.string().max(128).optional(), name: z.string().max(200) })).max(50).optional(),
    allergies: z.string().max(2000).optional().nullable(),
    depositAmount: depositAmount.optional(),
    depositType: depositType.optional(),
    paymentId: z.string().trim().max(200).optional().nullable(),
    notes: z.string().max(5000).optional().nullable(),
  }),
});
export type ServiceReservationInput = z.infer<typeof serviceReservationBody>;

export const returnBody = z.object({
  actualReturnTime: instant,
  notes: z.string().max(5000).optional().nullable(),
  refund: z
    .object({
      hours: looseNumber.pipe(z.number().min(0, 'Refund hours must be between 0 and 24').max(24, 'Refund hours must be between 0 and 24').multipleOf(0.25, 'Refund hours go in steps of 0.25')).optional().nullable(),
      amount: looseNumber.pipe(z.number().min(0, 'Refund amount must be 0 or more').max(1_000_000)).optional().nullable(),
      paymentId: z.string().trim().max(200).optional().nullable(),
      cash: z.boolean().optional(),
      credit: z.boolean().optional(),
      /** Document 3 §4: which field the person typed in ('hours', 'amount' or 'none'). */
      manualEntry: z.union([z.enum(['hours', 'amount', 'none']), z.boolean()]).optional().nullable(),
    })
    .optional()
    .nullable(),
});
export type ReturnInput = z.infer<typeof returnBody>;

export const restoreBody = z.object({ notes: z.string().max(5000).optional().nullable() });

export const trackingBody = z.object({
  isPaid: z.boolean(),
  amount: looseNumber.pipe(z.number().min(0, 'Amount must be 0 or more').max(1_000_000)).optional().nullable(),
  source: z.enum(PAYMENT_SOURCES, { error: 'Source must be Venmo, Zelle, PayPal, CashApp or Cash' }).optional().nullable(),
});
export type TrackingInput = z.infer<typeof trackingBody>;

export const reservationListQuery = z.object({
  /** ALL (default), ACTIVE, COMPLETED or CANCELLED. */
  status: z.enum(['ALL', 'ACTIVE', 'COMPLETED', 'CANCELLED', 'all', 'active', 'completed', 'cancelled']).optional(),
  /** The tab: ITEM (Reservations tab) or SERVICE (Services tab); both when absent (dashboard). */
  kind: z.enum(RESERVATION_KINDS).optional(),
  /** Return-date range on COMPLETED (days in the organization's zone, inclusive); start date range otherwise. */
  startDate: z.string().max(10).optional(),
  endDate: z.string().max(10).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(2000).optional(),
  /** Start time order (COMPLETED: return time). Default desc. */
  order: z.enum(['asc', 'desc']).optional(),
  /** General search: reservation number (exact), phone (last 4 digits or the whole number, exact), customer name (prefix). */
  search: z.string().trim().max(100).optional(),
  /** Customer name prefix (first or last name). */
  customer: z.string().trim().max(100).optional(),
  serviceId: z.string().max(128).optional(),
  /** Dashboard: include completed ones when status is absent (document 1). */
  includeCompleted: z.string().max(10).optional(),
});

export const logQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(2000).optional(),
  action: z.enum(LOG_ACTIONS).optional().or(z.literal('')),
  employeeId: z.string().max(128).optional(),
  reservationId: z.string().max(128).optional(),
});

export const availableItemsQuery = z.object({
  startTime: instant,
  hours: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: 'Duration must be 1 or 2 hours' })),
});
