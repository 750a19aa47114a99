import { z } from 'zod';
import { EMAIL_PATTERN } from '../../domain/email.js';
import { route } from '../types.js';
import { photoPresignResponse, photoUploadResponse, publicBookingResponse, publicServiceResponse, savedServiceResponse, shareLinkResponse, staffServiceSchema } from '../responses.js';
import { hasAtMostTwoDecimals, idParam, looseNumber, MAX_MONEY, okResponse } from '../common.js';
import { ADDON_RATE_TYPES, SERVICE_RATE_TYPES, TIER_RATE_TYPES } from '../../domain/pricing.js';
import { HARD_MAX_PARTICIPANTS } from '../../domain/slots.js';

export { SERVICE_RATE_TYPES };

/** Photos: images only, at most 10 MB (document 2 §2.3; docs/decisions.md "Services and public booking"). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const PHOTO_MESSAGES = {
  notImage: 'Please select an image file.',
  tooLarge: 'File size must be less than 10MB.',
  uploadFailed: 'Failed to upload photo. Please try again.',
} as const;

/**
 * Object-valued service fields travel as JSON strings (document 2 §3); objects are accepted too.
 * Unparsable text is a validation error here: the "empty default when parsing fails" of the spec is
 * what the browser does with what it loads, not a licence for the server to store garbage.
 */
function jsonField<S extends z.ZodType>(label: string, schema: S) {
  return z
    .union([z.string().max(200_000), z.array(z.unknown()), z.record(z.string(), z.unknown())])
    .transform((v, ctx): unknown => {
      if (typeof v !== 'string') return v;
      if (v.trim() === '') return undefined;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label} must be valid JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema.optional())
    .nullable()
    .optional();
}

const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
const time = (label: string) =>
  z.string({ error: `${label} is required` }).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, `${label} must be HH:MM`).transform((v) => v.slice(0, 5));
const money = (label: string) =>
  z.union([looseNumber, z.literal(''), z.null()]).optional()
    .transform((v) => (v === '' || v === null || v === undefined ? 0 : v))
    .pipe(z.number().min(0, `${label} must be 0 or more`).max(1_000_000, `${label} is too large`)
      .refine(hasAtMostTwoDecimals, `${label} must be in steps of 0.01`));
/** "Slots: minimum 1 (non-numbers become 1)" (document 2 §5). */
const slotCount = z.union([z.number(), z.string(), z.null(), z.undefined()])
  .transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(n) ? Math.floor(n) : 1;
  })
  .pipe(z.number().min(1, 'Slots available must be at least 1').max(100_000, 'Slots available is too large'));

export const slotSchema = z.object({
  date: z.string({ error: 'Slot date is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Slot date must be YYYY-MM-DD'),
  startTime: time('Start time'),
  endTime: time('End time'),
  slotsAvailable: slotCount,
  originalSlotsAvailable: slotCount.optional(),
}).strict();
export const paymentSettingsSchema = z.object({
  venmo: z.string().max(200).nullable().optional(),
  cashApp: z.string().max(200).nullable().optional(),
  paypal: z.string().max(200).nullable().optional(),
  zelle: z.string().max(200).nullable().optional(),
}).strict();
export const rsvpSettingsSchema = z.object({
  // Not set stays null: the public page then offers up to 10 (document 2 §9), the form shows 1.
  maxParticipants: z.union([looseNumber, z.literal(''), z.null()]).optional()
    .transform((v) => (v === '' || v === undefined ? null : v))
    .pipe(z.number().int('Max participants must be a whole number').min(1, 'Max participants must be between 1 and 100').max(100, 'Max participants must be between 1 and 100').nullable()),
  enablePublicBookings: flag.optional().default(true),
}).strict();
export const questionnaireSchema = z.object({ collectAllergies: flag.optional().default(false) }).strict();
/**
 * Hosts, Privacy and Reminders are "Coming soon" tabs (document 2 §2.3): the spec names the fields
 * but not their contents. These are the shapes we keep (docs/decisions.md, Hardening); anything
 * else is refused rather than stored as free-form JSON.
 */
export const hostSchema = z.object({
  id: z.string().max(100).optional(),
  userId: z.string().max(128).optional().nullable(),
  name: z.string().trim().max(200),
  email: z.string().trim().max(254).optional().nullable(),
  phone: z.string().trim().max(40).optional().nullable(),
}).strict();
export const privacySettingsSchema = z.object({
  visibility: z.enum(['PUBLIC', 'UNLISTED', 'PRIVATE']).optional(),
  showAttendeeCount: flag.optional(),
  requireApproval: flag.optional(),
}).strict();
export const reminderSettingsSchema = z.object({
  enabled: flag.optional(),
  hoursBefore: z.number().int().min(1).max(168).optional(),
  message: z.string().max(1000).optional().nullable(),
}).strict();
export const pricingTierSchema = z.object({
  id: z.string().max(100).optional(),
  name: z.string().max(200).optional().default(''),
  rate: money('Tier rate'),
  rateType: z.string().default('FIXED').transform((v) => v.toUpperCase()).pipe(z.enum(TIER_RATE_TYPES, { error: 'Tier rate type must be HOURLY, FIXED, PER_PERSON or PER_ITEM' })),
  validFrom: z.string().max(40).nullable().optional(),
  validTo: z.string().max(40).nullable().optional(),
}).strict();
export const addonSchema = z.object({
  id: z.string().max(100).optional(),
  name: z.string({ error: 'Add-on name is required' }).trim().min(1, 'Add-on name is required').max(200),
  rate: money('Add-on rate'),
  rateType: z.string().optional().default('FIXED').transform((v) => (v || 'FIXED').toUpperCase()).pipe(z.enum(ADDON_RATE_TYPES, { error: 'Add-on rate type must be FIXED, PER_PERSON or PER_ITEM' })),
}).strict();

export const serviceBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  description: z.string().max(5000).optional().nullable(),
  location: z.string().max(200).optional().nullable(),
  /** Derived on the server from photoBaseKey; accepted and ignored so a round-tripped form validates. */
  photo: z.string().max(4096).optional().nullable(),
  photoUrls: z.union([z.string().max(20_000), z.record(z.string().max(40), z.string().max(4096))]).optional().nullable(),
  photoBaseKey: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid photo').optional().nullable().or(z.literal('')),
  rate: money('Rate'),
  rateType: z.string({ error: 'Rate type is required' }).transform((v) => v.toUpperCase()).pipe(z.enum(SERVICE_RATE_TYPES, { error: 'Rate type must be PER_PERSON, HOURLY or FIXED' })),
  availability: jsonField('Availability', z.array(slotSchema).max(500, 'At most 500 slots')),
  /** Recomputed on the server: true only when a payment method has a value (document 2 §4). */
  showPaymentOptions: flag.optional(),
  notes: z.string().max(5000).optional().nullable(),
  paymentSettings: jsonField('Payment settings', paymentSettingsSchema),
  paymentNote: z.string().max(1000).optional().nullable(),
  hosts: jsonField('Hosts', z.array(hostSchema).max(50, 'At most 50 hosts')),
  rsvpSettings: jsonField('RSVP settings', rsvpSettingsSchema),
  questionnaire: jsonField('Questionnaire', questionnaireSchema),
  privacySettings: jsonField('Privacy settings', privacySettingsSchema),
  reminderSettings: jsonField('Reminder settings', reminderSettingsSchema),
  enableTieredPricing: flag.optional(),
  pricingTiers: jsonField('Pricing tiers', z.array(pricingTierSchema).max(50)),
  enableAddons: flag.optional(),
  addons: jsonField('Add-ons', z.array(addonSchema).max(50)),
  isActive: flag.optional(),
  /** The IANA zone the slots' wall-clock times are in (the editor's browser zone). */
  timeZone: z.string().max(64).regex(/^[A-Za-z0-9_+\-/]+$/).optional().nullable(),
});
export type ServiceInput = z.output<typeof serviceBody>;

const slotRef = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'Choose a time slot').transform((v) => v.slice(0, 10)),
  startTime: time('Start time'),
  endTime: time('End time'),
});
export const publicBookingBody = z.object({
  selectedSlots: z.array(slotRef, { error: 'Choose a time slot' }).length(1, 'Choose exactly one slot'),
  customer: z.object({
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
    lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
    phone: z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').max(40),
    email: z.string({ error: 'Email address is required' }).trim().min(1, 'Email address is required').max(254).regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  }, { error: 'Customer details are required' }),
  participantCount: z.coerce.number().int('Participants must be a whole number').min(1, 'At least 1 participant').max(HARD_MAX_PARTICIPANTS, `At most ${HARD_MAX_PARTICIPANTS} participants`).default(1),
  startTime: z.string().max(40).optional(),
  endTime: z.string().max(40).optional(),
  notes: z.string().max(2000).optional().nullable(),
  allergies: z.string().max(2000).optional().nullable(),
  /** Matched by id or name against the service's own add-ons; rates sent here are never trusted. */
  selectedAddons: z.array(z.object({ id: z.string().max(100).optional(), name: z.string().max(200), rate: looseNumber.pipe(z.number().min(0).max(MAX_MONEY)).optional(), rateType: z.string().max(20).optional() }).strict()).max(50).optional(),
  isPublicBooking: z.literal(true).optional(),
});
export type PublicBookingInput = z.output<typeof publicBookingBody>;

export const photoPresignBody = z.object({
  contentType: z.string({ error: PHOTO_MESSAGES.notImage }).transform((v) => v.toLowerCase()).pipe(z.enum(PHOTO_CONTENT_TYPES, { error: PHOTO_MESSAGES.notImage })),
  size: z.coerce.number().int().min(1, PHOTO_MESSAGES.notImage),
  fileName: z.string().max(255).optional(),
  serviceId: z.string().max(128).optional().nullable(),
});

/** Any text: a malformed link answers 404 'Service not found or link has expired' like an unknown one (services/public.ts). */
const shareToken = z.object({ token: z.string() });
const s = { area: 'services', access: 'user' } as const;
export const serviceRoutes = [
  route({ ...s, id: 'services.list', method: 'GET', path: '/api/inventory/services', permission: 'services.view', response: z.array(staffServiceSchema), summary: 'Services' }),
  route({ ...s, id: 'services.get', method: 'GET', path: '/api/inventory/services/{id}', permission: 'services.view', params: idParam, response: staffServiceSchema, summary: 'One service' }),
  route({ ...s, id: 'services.create', method: 'POST', path: '/api/inventory/services', capability: 'manageInventory', permission: 'services.create', body: serviceBody, response: savedServiceResponse, idempotent: true, summary: 'Create a service' }),
  route({ ...s, id: 'services.update', method: 'PUT', path: '/api/inventory/services/{id}', capability: 'manageInventory', permission: 'services.edit', params: idParam, body: serviceBody, response: savedServiceResponse, summary: 'Update a service' }),
  route({ ...s, id: 'services.delete', method: 'DELETE', path: '/api/inventory/services/{id}', capability: 'manageInventory', permission: 'services.delete', params: idParam, response: okResponse, summary: 'Delete a service' }),
  route({ ...s, id: 'services.generateShareLink', method: 'POST', path: '/api/inventory/services/{id}/generate-share-link', capability: 'manageInventory', permission: 'services.edit', params: idParam, response: shareLinkResponse, summary: 'Create the public share link' }),
  route({ area: 'services', access: 'public', id: 'services.publicGet', method: 'GET', path: '/public/service/{token}', params: shareToken, response: publicServiceResponse, summary: 'A service as a customer sees it' }),
  route({ area: 'services', access: 'public', id: 'services.publicBook', method: 'POST', path: '/public/service/{token}/book', params: shareToken, body: publicBookingBody, response: publicBookingResponse, idempotent: true, summary: 'Book a slot without an account' }),
  route({ area: 'uploads', access: 'user', id: 'uploads.uploadServicePhoto', method: 'POST', path: '/api/uploads/service-photo', capability: 'manageInventory', permission: 'services.edit', kind: 'multipart', response: photoUploadResponse, idempotent: true, summary: 'Upload a service photo (multipart photo, serviceId); files up to the Lambda request limit' }),
  route({
    area: 'uploads', access: 'user', id: 'uploads.presignServicePhoto', method: 'POST', path: '/api/uploads/service-photo/presign', capability: 'manageInventory', permission: 'services.edit', body: photoPresignBody,
    response: photoPresignResponse, idempotent: true, summary: 'A presigned S3 POST for a service photo up to 10 MB',
    beyondSpec: 'A 10 MB photo cannot pass through API Gateway and Lambda (6 MB request limit), so the browser uploads it straight to S3 with a presigned POST whose policy enforces size and image type',
  }),
  route({
    area: 'uploads', access: 'user', id: 'uploads.deleteServicePhoto', method: 'DELETE', path: '/api/uploads/service-photo/{baseKey}', capability: 'manageInventory', permission: 'services.edit',
    params: z.object({ baseKey: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid photo key') }), response: okResponse, summary: 'Remove a service photo',
  }),
] as const;
