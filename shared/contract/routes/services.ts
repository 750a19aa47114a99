import * as z from '../../zod.js';
import { route } from '../types.js';
import { serviceReminderOffsets } from '../reminder-offsets.js';
import {
  photoPresignResponse,
  photoUploadResponse,
  publicBookingResponse,
  publicServiceResponse,
  savedServiceResponse,
  shareLinkResponse,
  staffServiceSchema,
} from '../responses.js';
import {
  dayCheck,
  emailCheck,
  hasAtMostTwoDecimals,
  idParam,
  looseNumber,
  MAX_MONEY,
  okResponse,
  timeZoneCheck,
} from '../common.js';
import { ADDON_RATE_TYPES, SERVICE_RATE_TYPES, TIER_RATE_TYPES } from '../../domain/pricing.js';
import { HARD_MAX_PARTICIPANTS } from '../../domain/slots.js';
import { HOLD_MINUTES } from '../../domain/waitlist.js';
import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '../../domain/photos.js';

export { SERVICE_RATE_TYPES };

/** Photos: images only, at most 10 MB; the rule lives in shared/domain/photos.ts (employee pictures use it too). */
export { PHOTO_MAX_BYTES, PHOTO_CONTENT_TYPES, PHOTO_MESSAGES };

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
          z.union([z.string().check(z.maxLength(200_000)), z.array(z.unknown()), z.record(z.string(), z.unknown())]),
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
const time = (label: string) =>
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
    z.union([z.number(), z.string(), z.null(), z.undefined()]),
    z.transform((v) => {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      return Number.isFinite(n) ? Math.floor(n) : 1;
    }),
  ),
  z.number().check(z.gte(1, 'Slots available must be at least 1'), z.lte(100_000, 'Slots available is too large')),
);

export const slotSchema = z.strictObject({
  date: z.string({ error: 'Slot date is required' }).check(...dayCheck('Slot date must be a real date (YYYY-MM-DD)')),
  startTime: time('Start time'),
  endTime: time('End time'),
  slotsAvailable: slotCount,
  originalSlotsAvailable: z.optional(slotCount),
});
export const paymentSettingsSchema = z.strictObject({
  venmo: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  cashApp: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  paypal: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  zelle: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
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
export const questionnaireSchema = z.strictObject({ collectAllergies: z._default(z.optional(flag), false) });
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
 * but not their contents. These are the shapes we keep (docs/decisions/hardening-service-objects-get-schemas.md); anything
 * else is refused rather than stored as free-form JSON.
 */
export const hostSchema = z.strictObject({
  id: z.optional(z.string().check(z.maxLength(100))),
  userId: z.nullable(z.optional(z.string().check(z.maxLength(128)))),
  name: z.string().check(z.trim(), z.maxLength(200)),
  email: z.nullable(z.optional(z.union([z.literal(''), z.string().check(z.trim(), ...emailCheck())]))),
  phone: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(40)))),
});
export const privacySettingsSchema = z.strictObject({
  visibility: z.optional(z.enum(['PUBLIC', 'UNLISTED', 'PRIVATE'])),
  showAttendeeCount: z.optional(flag),
  requireApproval: z.optional(flag),
});
export const reminderSettingsSchema = z.strictObject({
  enabled: z.optional(flag),
  /** The service's own offsets (R-SET-7, shared/domain/reminders.ts); absent: the tenant's defaults. */
  beforeMinutes: z.optional(serviceReminderOffsets),
  hoursBefore: z.optional(z.number().check(z.int(), z.gte(1), z.lte(168))),
  message: z.nullable(z.optional(z.string().check(z.maxLength(1000)))),
});
export const pricingTierSchema = z.strictObject({
  id: z.optional(z.string().check(z.maxLength(100))),
  name: z._default(z.optional(z.string().check(z.maxLength(200))), ''),
  rate: money('Tier rate'),
  rateType: z.pipe(
    z.pipe(
      z._default(z.string(), 'FIXED'),
      z.transform((v) => v.toUpperCase()),
    ),
    z.enum(TIER_RATE_TYPES, { error: 'Tier rate type must be HOURLY, FIXED, PER_PERSON or PER_ITEM' }),
  ),
  validFrom: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
  validTo: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
});
export const addonSchema = z.strictObject({
  id: z.optional(z.string().check(z.maxLength(100))),
  name: z
    .string({ error: 'Add-on name is required' })
    .check(z.trim(), z.minLength(1, 'Add-on name is required'), z.maxLength(200)),
  rate: money('Add-on rate'),
  rateType: z.pipe(
    z.pipe(
      z._default(z.optional(z.string()), 'FIXED'),
      z.transform((v) => (v || 'FIXED').toUpperCase()),
    ),
    z.enum(ADDON_RATE_TYPES, { error: 'Add-on rate type must be FIXED, PER_PERSON or PER_ITEM' }),
  ),
});

export const serviceBody = z.object({
  name: z.string({ error: 'Name is required' }).check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(200)),
  description: z.nullable(z.optional(z.string().check(z.maxLength(5000)))),
  location: z.nullable(z.optional(z.string().check(z.maxLength(200)))),
  /** Derived on the server from photoBaseKey; accepted and ignored so a round-tripped form validates. */
  photo: z.nullable(z.optional(z.string().check(z.maxLength(4096)))),
  photoUrls: z.nullable(
    z.optional(
      z.union([
        z.string().check(z.maxLength(20_000)),
        z.record(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(4096))),
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
      z.string({ error: 'Rate type is required' }),
      z.transform((v) => v.toUpperCase()),
    ),
    z.enum(SERVICE_RATE_TYPES, { error: 'Rate type must be PER_PERSON, HOURLY or FIXED' }),
  ),
  availability: jsonField('Availability', z.array(slotSchema).check(z.maxLength(500, 'At most 500 slots'))),
  /** Recomputed on the server: true only when a payment method has a value (R-SVC-3). */
  showPaymentOptions: z.optional(flag),
  notes: z.nullable(z.optional(z.string().check(z.maxLength(5000)))),
  paymentSettings: jsonField('Payment settings', paymentSettingsSchema),
  paymentNote: z.nullable(z.optional(z.string().check(z.maxLength(1000)))),
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
  isActive: z.optional(flag),
  /** The IANA zone the slots' wall-clock times are in (the editor's browser zone). */
  timeZone: z.nullable(z.optional(z.string().check(z.maxLength(64), timeZoneCheck()))),
});
export type ServiceInput = z.output<typeof serviceBody>;

export const slotRef = z.object({
  date: z.pipe(
    z.pipe(
      z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}/, 'Choose a time slot')),
      z.transform((v) => v.slice(0, 10)),
    ),
    z.string().check(...dayCheck('Choose a time slot')),
  ),
  startTime: time('Start time'),
  endTime: time('End time'),
});
export const publicBookingBody = z.object({
  selectedSlots: z.array(slotRef, { error: 'Choose a time slot' }).check(z.length(1, 'Choose exactly one slot')),
  customer: z.object(
    {
      firstName: z
        .string({ error: 'First name is required' })
        .check(z.trim(), z.minLength(1, 'First name is required'), z.maxLength(100)),
      lastName: z
        .string({ error: 'Last name is required' })
        .check(z.trim(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
      phone: z
        .string({ error: 'Phone number is required' })
        .check(z.trim(), z.minLength(1, 'Phone number is required'), z.maxLength(40)),
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
  startTime: z.optional(z.string().check(z.maxLength(40))),
  endTime: z.optional(z.string().check(z.maxLength(40))),
  notes: z.nullable(z.optional(z.string().check(z.maxLength(2000)))),
  allergies: z.nullable(z.optional(z.string().check(z.maxLength(2000)))),
  /** Matched by id or name against the service's own add-ons; rates sent here are never trusted. */
  selectedAddons: z.optional(
    z
      .array(
        z.strictObject({
          id: z.optional(z.string().check(z.maxLength(100))),
          name: z.string().check(z.maxLength(200)),
          rate: z.optional(z.pipe(looseNumber, z.number().check(z.gte(0), z.lte(MAX_MONEY)))),
          rateType: z.optional(z.string().check(z.maxLength(20))),
        }),
      )
      .check(z.maxLength(50)),
  ),
  isPublicBooking: z.optional(z.literal(true)),
});
export type PublicBookingInput = z.output<typeof publicBookingBody>;

export const photoPresignBody = z.object({
  contentType: z.pipe(
    z.pipe(
      z.string({ error: PHOTO_MESSAGES.notImage }),
      z.transform((v) => v.toLowerCase()),
    ),
    z.enum(PHOTO_CONTENT_TYPES, { error: PHOTO_MESSAGES.notImage }),
  ),
  size: z.coerce.number().check(z.int(), z.gte(1, PHOTO_MESSAGES.notImage)),
  fileName: z.optional(z.string().check(z.maxLength(255))),
  serviceId: z.nullable(z.optional(z.string().check(z.maxLength(128)))),
});

/** Any text: a malformed link answers 404 'Service not found or link has expired' like an unknown one (services/public.ts). */
const shareToken = z.object({ token: z.string() });
const s = { area: 'services', access: 'user' } as const;
export const serviceRoutes = [
  route({
    ...s,
    id: 'services.list',
    method: 'GET',
    path: '/api/inventory/services',
    permission: 'services.view',
    response: z.array(staffServiceSchema),
    summary: 'Services',
  }),
  route({
    ...s,
    id: 'services.get',
    method: 'GET',
    path: '/api/inventory/services/{id}',
    permission: 'services.view',
    params: idParam,
    response: staffServiceSchema,
    summary: 'One service',
  }),
  route({
    ...s,
    id: 'services.create',
    method: 'POST',
    path: '/api/inventory/services',
    capability: 'manageInventory',
    permission: 'services.create',
    body: serviceBody,
    response: savedServiceResponse,
    idempotent: true,
    summary: 'Create a service',
  }),
  route({
    ...s,
    id: 'services.update',
    method: 'PUT',
    path: '/api/inventory/services/{id}',
    capability: 'manageInventory',
    permission: 'services.edit',
    params: idParam,
    body: serviceBody,
    response: savedServiceResponse,
    summary: 'Update a service',
  }),
  route({
    ...s,
    id: 'services.delete',
    method: 'DELETE',
    path: '/api/inventory/services/{id}',
    capability: 'manageInventory',
    permission: 'services.delete',
    params: idParam,
    response: okResponse,
    summary: 'Delete a service',
  }),
  route({
    ...s,
    id: 'services.generateShareLink',
    method: 'POST',
    path: '/api/inventory/services/{id}/generate-share-link',
    capability: 'manageInventory',
    permission: 'services.edit',
    params: idParam,
    response: shareLinkResponse,
    summary: 'Create the public share link',
  }),
  route({
    area: 'services',
    access: 'public',
    id: 'services.publicGet',
    method: 'GET',
    path: '/public/service/{token}',
    params: shareToken,
    response: publicServiceResponse,
    summary: 'A service as a customer sees it',
  }),
  route({
    area: 'services',
    access: 'public',
    id: 'services.publicBook',
    method: 'POST',
    path: '/public/service/{token}/book',
    params: shareToken,
    body: publicBookingBody,
    response: publicBookingResponse,
    idempotent: true,
    summary: 'Book a slot without an account',
  }),
  route({
    area: 'uploads',
    access: 'user',
    id: 'uploads.uploadServicePhoto',
    method: 'POST',
    path: '/api/uploads/service-photo',
    capability: 'manageInventory',
    permission: 'services.edit',
    kind: 'multipart',
    response: photoUploadResponse,
    idempotent: true,
    summary: 'Upload a service photo (multipart photo, serviceId); files up to the Lambda request limit',
  }),
  route({
    area: 'uploads',
    access: 'user',
    id: 'uploads.presignServicePhoto',
    method: 'POST',
    path: '/api/uploads/service-photo/presign',
    capability: 'manageInventory',
    permission: 'services.edit',
    body: photoPresignBody,
    response: photoPresignResponse,
    idempotent: true,
    summary: 'A presigned S3 POST for a service photo up to 10 MB',
    beyondSpec:
      'A 10 MB photo cannot pass through API Gateway and Lambda (6 MB request limit), so the browser uploads it straight to S3 with a presigned POST whose policy enforces size and image type',
  }),
  route({
    area: 'uploads',
    access: 'user',
    id: 'uploads.deleteServicePhoto',
    method: 'DELETE',
    path: '/api/uploads/service-photo/{baseKey}',
    capability: 'manageInventory',
    permission: 'services.edit',
    params: z.object({ baseKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid photo key')) }),
    response: okResponse,
    summary: 'Remove a service photo',
  }),
] as const;
