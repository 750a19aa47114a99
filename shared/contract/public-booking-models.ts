/**
 * A booking from the public service page (R-BOOK-3, docs/requirements/booking.md): the slot it names and the
 * customer's details. The waitlist (routes/waitlist.ts) takes the same slot and details.
 */
import * as z from '../zod.js';
import { dayCheck, emailCheck, looseNumber, MAX_MONEY } from './common.js';
import { slotTime } from './service-models.js';
import { HARD_MAX_PARTICIPANTS } from '../domain/slots.js';
import { MAX_TICKET_TYPES } from './service-models.js';

export const slotRef = z.object({
  date: z.pipe(
    z.pipe(
      z.string().check(z.singleLine(), z.regex(/^\d{4}-\d{2}-\d{2}/, 'Choose a time slot')),
      z.transform((v) => v.slice(0, 10)),
    ),
    z.string().check(...dayCheck('Choose a time slot')),
  ),
  startTime: slotTime('Start time'),
  endTime: slotTime('End time'),
});
/** R-SVC-13: how many tickets of one of the service's types (matched by id on the server). */
const ticketCountSchema = z.strictObject({
  typeId: z.string().check(z.singleLine(), z.maxLength(100)),
  count: z.number().check(z.int(), z.gte(0), z.lte(HARD_MAX_PARTICIPANTS)),
});

export const publicBookingBody = z.object({
  selectedSlots: z.array(slotRef, { error: 'Choose a time slot' }).check(z.length(1, 'Choose exactly one slot')),
  customer: z.object(
    {
      firstName: z
        .string({ error: 'First name is required' })
        .check(z.trim(), z.singleLine(), z.minLength(1, 'First name is required'), z.maxLength(100)),
      lastName: z
        .string({ error: 'Last name is required' })
        .check(z.trim(), z.singleLine(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
      phone: z
        .string({ error: 'Phone number is required' })
        .check(z.trim(), z.singleLine(), z.minLength(1, 'Phone number is required'), z.maxLength(40)),
      email: z
        .string({ error: 'Email address is required' })
        .check(z.trim(), z.minLength(1, 'Email address is required'), ...emailCheck()),
    },
    { error: 'Customer details are required' },
  ),
  participantCount: z._default(
    z.coerce
      .number()
      .check(
        z.int('Participants must be a whole number'),
        z.gte(1, 'At least 1 participant'),
        z.lte(HARD_MAX_PARTICIPANTS, `At most ${HARD_MAX_PARTICIPANTS} participants`),
      ),
    1,
  ),
  startTime: z.optional(z.string().check(z.singleLine(), z.maxLength(40))),
  endTime: z.optional(z.string().check(z.singleLine(), z.maxLength(40))),
  notes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
  allergies: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
  /** Matched by id or name against the service's own add-ons; rates sent here are never trusted. */
  selectedAddons: z.optional(
    z
      .array(
        z.strictObject({
          id: z.optional(z.string().check(z.singleLine(), z.maxLength(100))),
          name: z.string().check(z.singleLine(), z.maxLength(200)),
          rate: z.optional(z.pipe(looseNumber, z.number().check(z.gte(0), z.lte(MAX_MONEY)))),
          rateType: z.optional(z.string().check(z.singleLine(), z.maxLength(20))),
        }),
      )
      .check(z.maxLength(50)),
  ),
  isPublicBooking: z.optional(z.literal(true)),
  /** R-SET-15: the customer ticked "I accept"; required when the store has terms. */
  acceptTerms: z.optional(z.boolean()),
  /**
   * R-SVC-13 (beyond the spec): a count per ticket type. Required when the service has ticket types, each
   * of its types at most once; then participantCount must be their sum (shared/domain/tickets.ts
   * ticketsRefusal, checked on the server with the service: 400 otherwise).
   */
  tickets: z.optional(z.array(ticketCountSchema).check(z.maxLength(MAX_TICKET_TYPES))),
});
export type PublicBookingInput = z.output<typeof publicBookingBody>;
