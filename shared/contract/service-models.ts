/**
 * A service on the wire (R-SVC-1..3, R-SVC-7): the body the service form sends (create and update), its
 * object-valued parts, and the service photo's presign body. The SPA's form uses these same schemas.
 */
import * as z from '../zod.js';
import { serviceReminderOffsets } from './reminder-offsets.js';
import { dayCheck, emailCheck, hasAtMostTwoDecimals, looseNumber, timeZoneCheck } from './common.js';
import { ADDON_RATE_TYPES, SERVICE_RATE_TYPES, TIER_RATE_TYPES } from '../domain/pricing.js';
import { HOLD_MINUTES } from '../domain/waitlist.js';
import { PHOTO_CONTENT_TYPES, PHOTO_MESSAGES } from '../domain/photos.js';

/**
 * Object-valued service fields travel as JSON strings (R-SVC-1); objects are accepted too.
 * Unparsable text is a validation error here: the "empty default when parsing fails" of the spec is
 * what the browser does with what it loads, not a licence for the server to store garbage.
 */
function jsonField<S extends z.core.$ZodType>(label: string, schema: S) {
  return z.optional(
    z.nullable(
      z.pipe(
        z.pipe(
          z.union([
            z.string().check(z.multiLine(), z.maxLength(200_000)),
            z.array(z.unknown()),
            z.record(z.string(), z.unknown()),
          ]),
          z.transform((v, ctx): unknown => {
            if (typeof v !== 'string') return v;
            if (v.trim() === '') return undefined;
            try {
              return JSON.parse(v) as unknown;
            } catch {
              ctx.issues.push({ code: 'custom', message: `${label} must be valid JSON`, input: v });
              return z.NEVER;
            }
          }),
        ),
        z.optional(schema),
      ),
    ),
  );
}

const flag = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false'])]),
  z.transform((v) => v === true || v === 'true'),
);
/** A wall-clock time HH:MM (seconds accepted and dropped); public bookings name their slot with it too. */
export const slotTime = (label: string) =>
  z.pipe(
    z
      .string({ error: `${label} is required` })
      .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, `${label} must be HH:MM`)),
    z.transform((v) => v.slice(0, 5)),
  );
const money = (label: string) =>
  z.pipe(
    z.pipe(
      z.optional(z.union([looseNumber, z.literal(''), z.null()])),
      z.transform((v) => (v === '' || v === null || v === undefined ? 0 : v)),
    ),
    z
      .number()
      .check(
        z.gte(0, `${label} must be 0 or more`),
        z.lte(1_000_000, `${label} is too large`),
        z.refine(hasAtMostTwoDecimals, `${label} must be in steps of 0.01`),
      ),
  );
/** "Slots: minimum 1 (non-numbers become 1)" (R-SVC-2). */
const slotCount = z.pipe(
  z.pipe(
    z.union([z.number(), z.string().check(z.singleLine()), z.null(), z.undefined()]),
    z.transform((v) => {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      return Number.isFinite(n) ? Math.floor(n) : 1;
    }),
  ),
  z.number().check(z.gte(1, 'Slots available must be at least 1'), z.lte(100_000, 'Slots available is too large')),
);

const slotSchema = z.strictObject({
  date: z.string({ error: 'Slot date is required' }).check(...dayCheck('Slot date must be a real date (YYYY-MM-DD)')),
  startTime: slotTime('Start time'),
  endTime: slotTime('End time'),
  slotsAvailable: slotCount,
  originalSlotsAvailable: z.optional(slotCount),
});
const paymentSettingsSchema = z.strictObject({
  venmo: z.optional(z.nullable(z.string().check(z.singleLine(), z.maxLength(200)))),
  cashApp: z.optional(z.nullable(z.string().check(z.singleLine(), z.maxLength(200)))),
  paypal: z.optional(z.nullable(z.string().check(z.singleLine(), z.maxLength(200)))),
  zelle: z.optional(z.nullable(z.string().check(z.singleLine(), z.maxLength(200)))),
});
export const rsvpSettingsSchema = z.strictObject({
  // Not set stays null: the public page then offers up to 10 (R-SVC-3), the form shows 1.
  maxParticipants: z.pipe(
    z.pipe(
      z.optional(z.union([looseNumber, z.literal(''), z.null()])),
      z.transform((v) => (v === '' || v === undefined ? null : v)),
    ),
    z.nullable(
      z
        .number()
        .check(
          z.int('Max participants must be a whole number'),
          z.gte(1, 'Max participants must be between 1 and 100'),
          z.lte(100, 'Max participants must be between 1 and 100'),
        ),
    ),
  ),
  enablePublicBookings: z._default(z.optional(flag), true),
});
const questionnaireSchema = z.strictObject({ collectAllergies: z._default(z.optional(flag), false) });
/** R-SVC-7: the waitlist switch and the hold time of its offers, 1 minute to 24 hours. */
export const waitlistSettingsSchema = z.strictObject({
  enabled: z._default(z.optional(flag), true),
  holdMinutes: z._default(
    z.optional(
      z.coerce
        .number()
        .check(
          z.int('Hold time must be a whole number of minutes'),
          z.gte(HOLD_MINUTES.min, 'Hold time must be between 1 minute and 24 hours'),
          z.lte(HOLD_MINUTES.max, 'Hold time must be between 1 minute and 24 hours'),
        ),
    ),
    HOLD_MINUTES.default,
  ),
});
/**
 * Hosts, Privacy and Reminders are "Coming soon" tabs (R-SVC-1): the spec names the fields
 * but not their contents. These are the shapes we keep (docs/decisions/0157-hardening-service-objects-get-schemas.md); anything
 * else is refused rather than stored as free-form JSON.
 */
const hostSchema = z.strictObject({
  id: z.optional(z.string().check(z.singleLine(), z.maxLength(100))),
  userId: z.nullable(z.optional(z.string().check(z.singleLine(), z.maxLength(128)))),
  name: z.string().check(z.trim(), z.singleLine(), z.maxLength(200)),
  email: z.nullable(z.optional(z.union([z.literal(''), z.string().check(z.trim(), ...emailCheck())]))),
  phone: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(40)))),
});
const privacySettingsSchema = z.strictObject({
  visibility: z.optional(z.enum(['PUBLIC', 'UNLISTED', 'PRIVATE'])),
  showAttendeeCount: z.optional(flag),
  requireApproval: z.optional(flag),
});
const reminderSettingsSchema = z.strictObject({
  enabled: z.optional(flag),
  /** The service's own offsets (R-SET-7, shared/domain/reminders.ts); absent: the tenant's defaults. */
  beforeMinutes: z.optional(serviceReminderOffsets),
  hoursBefore: z.optional(z.number().check(z.int(), z.gte(1), z.lte(168))),
  message: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(1000)))),
});
const pricingTierSchema = z.strictObject({
  id: z.optional(z.string().check(z.singleLine(), z.maxLength(100))),
  name: z._default(z.optional(z.string().check(z.singleLine(), z.maxLength(200))), ''),
  rate: money('Tier rate'),
  rateType: z.pipe(
    z.pipe(
      z._default(z.string().check(z.singleLine()), 'FIXED'),
      z.transform((v) => v.toUpperCase()),
    ),
    z.enum(TIER_RATE_TYPES, { error: 'Tier rate type must be HOURLY, FIXED, PER_PERSON or PER_ITEM' }),
  ),
  validFrom: z.optional(z.nullable(z.string().check(z.singleLine(), z.maxLength(40)))),
  validTo: z.optional(z.nullable(z.string().check(z.singleLine(), z.maxLength(40)))),
});
const addonSchema = z.strictObject({
  id: z.optional(z.string().check(z.singleLine(), z.maxLength(100))),
  name: z
    .string({ error: 'Add-on name is required' })
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Add-on name is required'), z.maxLength(200)),
  rate: money('Add-on rate'),
  rateType: z.pipe(
    z.pipe(
      z._default(z.optional(z.string().check(z.singleLine())), 'FIXED'),
      z.transform((v) => (v || 'FIXED').toUpperCase()),
    ),
    z.enum(ADDON_RATE_TYPES, { error: 'Add-on rate type must be FIXED, PER_PERSON or PER_ITEM' }),
  ),
});

/** R-SVC-13: at most this many ticket types on a service (its own constant: shared/domain/tickets.ts loads with a booking). */
export const MAX_TICKET_TYPES = 10;
/** R-SVC-13 (beyond the spec): a ticket type, its name and its own price (shared/domain/tickets.ts). */
const ticketTypeSchema = z.strictObject({
  id: z.optional(z.string().check(z.singleLine(), z.maxLength(100))),
  name: z
    .string({ error: 'Ticket name is required' })
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Ticket name is required'), z.maxLength(100)),
  rate: money('Ticket price'),
});

export const serviceBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Name is required'), z.maxLength(200)),
  description: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(5000)))),
  location: z.nullable(z.optional(z.string().check(z.singleLine(), z.maxLength(200)))),
  /** Derived on the server from photoBaseKey; accepted and ignored so a round-tripped form validates. */
  photo: z.nullable(z.optional(z.string().check(z.singleLine(), z.maxLength(4096)))),
  photoUrls: z.nullable(
    z.optional(
      z.union([
        z.string().check(z.multiLine(), z.maxLength(20_000)),
        z.record(
          z.string().check(z.maxLength(40), z.singleLine()),
          z.string().check(z.maxLength(4096), z.singleLine()),
        ),
      ]),
    ),
  ),
  photoBaseKey: z.union([
    z.nullable(z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid photo')))),
    z.literal(''),
  ]),
  rate: money('Rate'),
  rateType: z.pipe(
    z.pipe(
      z.string({ error: 'Rate type is required' }).check(z.singleLine()),
      z.transform((v) => v.toUpperCase()),
    ),
    z.enum(SERVICE_RATE_TYPES, { error: 'Rate type must be PER_PERSON, HOURLY or FIXED' }),
  ),
  availability: jsonField('Availability', z.array(slotSchema).check(z.maxLength(500, 'At most 500 slots'))),
  /** Recomputed on the server: true only when a payment method has a value (R-SVC-3). */
  showPaymentOptions: z.optional(flag),
  notes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(5000)))),
  paymentSettings: jsonField('Payment settings', paymentSettingsSchema),
  paymentNote: z.nullable(z.optional(z.string().check(z.singleLine(), z.maxLength(1000)))),
  hosts: jsonField('Hosts', z.array(hostSchema).check(z.maxLength(50, 'At most 50 hosts'))),
  rsvpSettings: jsonField('RSVP settings', rsvpSettingsSchema),
  questionnaire: jsonField('Questionnaire', questionnaireSchema),
  privacySettings: jsonField('Privacy settings', privacySettingsSchema),
  reminderSettings: jsonField('Reminder settings', reminderSettingsSchema),
  waitlistSettings: jsonField('Waitlist settings', waitlistSettingsSchema),
  enableTieredPricing: z.optional(flag),
  pricingTiers: jsonField('Pricing tiers', z.array(pricingTierSchema).check(z.maxLength(50))),
  enableAddons: z.optional(flag),
  addons: jsonField('Add-ons', z.array(addonSchema).check(z.maxLength(50))),
  /** R-SVC-13 (beyond the spec): empty or absent, the service is priced by its rate. */
  ticketTypes: jsonField(
    'Ticket types',
    z.array(ticketTypeSchema).check(z.maxLength(MAX_TICKET_TYPES, `At most ${MAX_TICKET_TYPES} ticket types`)),
  ),
  isActive: z.optional(flag),
  /** The IANA zone the slots' wall-clock times are in (the editor's browser zone). */
  timeZone: z.nullable(z.optional(z.string().check(z.maxLength(64), timeZoneCheck()))),
});
export type ServiceInput = z.output<typeof serviceBody>;

/** Photos: images only, at most 10 MB; the rule lives in shared/domain/photos.ts (employee pictures use it too). */
export const photoPresignBody = z.object({
  contentType: z.pipe(
    z.pipe(
      z.string({ error: PHOTO_MESSAGES.notImage }).check(z.singleLine()),
      z.transform((v) => v.toLowerCase()),
    ),
    z.enum(PHOTO_CONTENT_TYPES, { error: PHOTO_MESSAGES.notImage }),
  ),
  size: z.coerce.number().check(z.int(), z.gte(1, PHOTO_MESSAGES.notImage)),
  fileName: z.optional(z.string().check(z.singleLine(), z.maxLength(255))),
  serviceId: z.nullable(z.optional(z.string().check(z.singleLine(), z.maxLength(128)))),
});
