/**
 * What the built routes of auth, platform invitations, services, uploads and health answer
 * (document 1 §3 and §7, document 2 §3 and §7). Inventory's live in inventory-models.ts. Each is a
 * route's `response`: the pipeline checks answers against it and the SPA's client is typed from it.
 */
import { z } from 'zod';

// --- health -------------------------------------------------------------------------------------
export const healthResponse = z.object({ status: z.literal('ok') });

// --- auth (document 1 §3, §7) -------------------------------------------------------------------
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['SUPER_ADMIN', 'BUSINESS_ADMIN', 'EMPLOYEE']),
  accessLevel: z.enum(['EMPLOYEE', 'MANAGER']).nullable(),
  firstName: z.string(),
  lastName: z.string(),
  organizationId: z.string().nullable(),
  organization: z.object({ name: z.string(), subdomain: z.string(), timeZone: z.string() }).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Login response: token, user, redirectUrl. */
export const loginResponse = z.object({ token: z.string(), user: sessionUserSchema, redirectUrl: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const validateSignupTokenResponse = z.object({
  valid: z.boolean(),
  invitation: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type ValidateSignupTokenResponse = z.infer<typeof validateSignupTokenResponse>;

export const completeSignupResponse = z.object({
  success: z.boolean(),
  loginUrl: z.string(),
  organization: z.object({ name: z.string(), subdomain: z.string() }),
});
export type CompleteSignupResponse = z.infer<typeof completeSignupResponse>;

// --- platform invitations (document 1 §3) ---------------------------------------------------------
export const invitationSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  status: z.enum(['Pending', 'Used', 'Expired']),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListResponse = z.object({ invitations: z.array(invitationSchema) });
/** Create and resend: the new link is under `invitation.inviteUrl`; `emailSent` false when SES refused. */
export const invitationSentResponse = z.object({
  success: z.boolean(),
  emailSent: z.boolean(),
  invitation: invitationSchema.extend({ inviteUrl: z.string() }),
});
export type InvitationSentResponse = z.infer<typeof invitationSentResponse>;
export const revokedResponse = z.object({ success: z.boolean() });

// --- services (document 2 §3) -------------------------------------------------------------------
/** A service as staff read it: object-valued fields travel as JSON text (document 2 §3). */
export const staffServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  photo: z.string().nullable(),
  photoUrls: z.string().nullable(),
  photoBaseKey: z.string().nullable(),
  rate: z.number(),
  rateType: z.string(),
  availability: z.string(),
  showPaymentOptions: z.boolean(),
  notes: z.string().nullable(),
  paymentSettings: z.string(),
  paymentNote: z.string().nullable(),
  hosts: z.string(),
  rsvpSettings: z.string(),
  questionnaire: z.string(),
  privacySettings: z.string(),
  reminderSettings: z.string(),
  enableTieredPricing: z.boolean(),
  pricingTiers: z.string(),
  enableAddons: z.boolean(),
  addons: z.string(),
  shareToken: z.string().nullable(),
  isActive: z.boolean(),
  timeZone: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffService = z.infer<typeof staffServiceSchema>;
/** Create and update answer the saved service plus the toast text. */
export const savedServiceResponse = staffServiceSchema.extend({ message: z.string() });
export const shareLinkResponse = z.object({ success: z.boolean(), shareToken: z.string(), message: z.string() });

/** A service as a customer reads it on the share page: no staff settings, no share token. */
export const publicServiceSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  photo: z.string().nullable(),
  photoUrls: z.string().nullable(),
  rate: z.number(),
  rateType: z.string(),
  rateLabel: z.string(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  timeZone: z.string().nullable(),
  availability: z.array(z.object({ date: z.string(), startTime: z.string(), endTime: z.string(), slotsAvailable: z.number() })),
  rsvpSettings: z.object({ maxParticipants: z.number().nullable() }),
  enableAddons: z.boolean(),
  addons: z.array(z.object({ id: z.string().optional(), name: z.string(), rate: z.number(), rateType: z.string() })),
  questionnaire: z.object({ collectAllergies: z.boolean() }),
  showPaymentOptions: z.boolean(),
  /** The business behind the page (store contact settings, document 3 §3): name, one-line address, phone. */
  business: z.object({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable() }).optional(),
});
export type PublicService = z.infer<typeof publicServiceSchema>;
/** GET /public/service/{token}: always wrapped under `data` (the spec allows either; this is the one). */
export const publicServiceResponse = z.object({ success: z.boolean(), data: publicServiceSchema });

const paymentMethodsSchema = z.object({
  venmo: z.string().optional(),
  cashApp: z.string().optional(),
  paypal: z.string().optional(),
  zelle: z.string().optional(),
});
/** Public booking response: reservation (with reservationNumber) and payment (document 2 §3). */
export const publicBookingResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  reservation: z.looseObject({ id: z.string(), reservationNumber: z.string(), status: z.string() }),
  payment: z.object({
    totalDue: z.number(),
    dueBy: z.string(),
    paymentMethods: paymentMethodsSchema,
    paymentNote: z.string(),
    showPaymentOptions: z.boolean(),
  }),
});
export type PublicBookingResponse = z.infer<typeof publicBookingResponse>;

// --- uploads (document 2 §7) --------------------------------------------------------------------
const photoUrlsSchema = z.object({ original: z.string(), medium: z.string(), large: z.string() });
export const photoUploadResponse = z.object({
  success: z.boolean(),
  baseKey: z.string(),
  urls: photoUrlsSchema,
  photoUrls: z.string(),
  photo: z.string(),
});
export type PhotoUploadResponse = z.infer<typeof photoUploadResponse>;
/** The presigned POST the browser sends the file to (fields go first in the form, the file last). */
export const photoPresignResponse = photoUploadResponse.extend({
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  maxBytes: z.number().int(),
});
export type PhotoPresignResponse = z.infer<typeof photoPresignResponse>;
