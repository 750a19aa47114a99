/**
 * What the reservation screens send (R-RES-2, R-RES-4, R-RES-5, R-RES-9): the new item and service
 * reservations, the return, the restore, the payment tracking, and the list, log and availability
 * queries. The answers are in reservation-models.ts. Money is in dollars here too; times are
 * ISO-8601 instants with a zone.
 */
import * as z from '../zod.js';
import { LOG_ACTIONS, MAX_RENTAL_HOURS, PAYMENT_SOURCES, RESERVATION_KINDS } from '../domain/reservations.js';
import { cursorParam, dayCheck, emailCheck, looseNumber, optionalDay } from './common.js';

const SLOT_MESSAGE = 'The chosen time slot is not a valid date and time';
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DURATION_MESSAGE = 'Duration must be whole hours from 1 hour to 30 days';

/** The list's date filters (functions/reservations/list-pages.ts dayRange says the same). */
const LIST_DATE_MESSAGE = 'Dates must be real dates written YYYY-MM-DD';

/** An instant the API accepts: ISO-8601 with a zone ('Z' or ±hh:mm); the browser sends toISOString(). */
const instant = z.string().check(
  z.maxLength(40),
  z.regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
    'Time must be an ISO date-time with a zone (e.g. 2030-06-01T14:00:00.000Z)',
  ),
  z.refine((s) => Number.isFinite(Date.parse(s)), 'Time must be a real date and time'),
  z.meta({ format: 'date-time' }), // the OpenAPI document says what the refinement checks
);

const depositAmount = z.pipe(
  looseNumber,
  z
    .number({ error: 'Deposit amount is required' })
    .check(z.gte(0, 'Deposit amount must be 0 or more'), z.lte(1_000_000)),
);
const depositType = z.object({ cash: z.optional(z.boolean()), credit: z.optional(z.boolean()) });

export const reservationCustomerInput = z.object({
  firstName: z.string().check(z.trim(), z.singleLine(), z.minLength(1, 'First name is required'), z.maxLength(100)),
  lastName: z.string().check(z.trim(), z.singleLine(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
  phone: z
    .string()
    .check(
      z.trim(),
      z.singleLine(),
      z.minLength(1, 'Phone number is required'),
      z.maxLength(40),
      z.regex(/\d/, 'Please enter a valid phone number'),
    ),
  address: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(500)))),
  /** Sent only when non-blank (R-RES-2). */
  email: z.union([z.nullable(z.optional(z.string().check(z.trim(), ...emailCheck()))), z.literal('')]),
});

/** R-RES-15: a rental's length in whole hours, 1 hour to 30 days (MAX_RENTAL_HOURS). */
const rentalHours = () =>
  z.pipe(
    looseNumber,
    z
      .number({ error: DURATION_MESSAGE })
      .check(z.int(DURATION_MESSAGE), z.gte(1, DURATION_MESSAGE), z.lte(MAX_RENTAL_HOURS, DURATION_MESSAGE)),
  );

export const itemReservationBody = z.object({
  customer: reservationCustomerInput,
  reservation: z.object({
    startTime: instant,
    /** R-RES-15: whole hours, 1 to 720 (30 days; the form sends days as 24 h each). */
    reservationDuration: rentalHours(),
    /** Beyond the spec (R-RES-15): 'daily' prices every started day at the daily rate; else the cheapest. */
    pricing: z.optional(z.enum(['best', 'daily'])),
    inventoryItemId: z
      .string({ error: 'Please select either an inventory item or a service.' })
      .check(z.singleLine(), z.minLength(1, 'Please select either an inventory item or a service.'), z.maxLength(128)),
    depositAmount,
    depositType: z.optional(depositType),
    paymentId: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(200)))),
    notes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(5000)))),
  }),
});
export type ItemReservationInput = z.infer<typeof itemReservationBody>;

export const serviceReservationBody = z.object({
  customer: reservationCustomerInput,
  reservation: z.object({
    serviceId: z
      .string({ error: 'Please select a service.' })
      .check(z.singleLine(), z.minLength(1, 'Please select a service.'), z.maxLength(128)),
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
          z.object({
            id: z.optional(z.string().check(z.maxLength(128), z.singleLine())),
            name: z.string().check(z.maxLength(200), z.singleLine()),
          }),
        )
        .check(z.maxLength(50)),
    ),
    allergies: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
    depositAmount: z.optional(depositAmount),
    depositType: z.optional(depositType),
    paymentId: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(200)))),
    notes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(5000)))),
  }),
});
export type ServiceReservationInput = z.infer<typeof serviceReservationBody>;

export const returnBody = z.object({
  actualReturnTime: instant,
  notes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(5000)))),
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
        paymentId: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(200)))),
        cash: z.optional(z.boolean()),
        credit: z.optional(z.boolean()),
        /** R-RES-5: which field the person typed in ('hours', 'amount' or 'none'). */
        manualEntry: z.nullable(z.optional(z.union([z.enum(['hours', 'amount', 'none']), z.boolean()]))),
      }),
    ),
  ),
});
export type ReturnInput = z.infer<typeof returnBody>;

export const restoreBody = z.object({
  notes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(5000)))),
});

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
  search: z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(100))),
  /** Customer name prefix (first or last name). */
  customer: z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(100))),
  serviceId: z.optional(z.string().check(z.singleLine(), z.maxLength(128))),
  /** Dashboard: include completed ones when status is absent (document 1). */
  includeCompleted: z.optional(z.string().check(z.singleLine(), z.maxLength(10))),
  /** Beyond the spec (R-RES-12): 'true' lists only the no-shows (cancelled with noShow). */
  noShow: z.optional(z.enum(['true', 'false'])),
});

export const logQuery = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000))),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  cursor: z.optional(cursorParam(2000)),
  action: z.union([z.optional(z.enum(LOG_ACTIONS)), z.literal('')]),
  employeeId: z.optional(z.string().check(z.singleLine(), z.maxLength(128))),
  reservationId: z.optional(z.string().check(z.singleLine(), z.maxLength(128))),
  /** The number the screen shows (RES-000123, or just 123): what people can filter by. */
  reservationNumber: z.optional(z.string().check(z.singleLine(), z.maxLength(40))),
});

export const availableItemsQuery = z.object({
  startTime: instant,
  hours: rentalHours(),
});
