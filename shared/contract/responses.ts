/**
 * What the built routes of auth, platform invitations, services, uploads and health answer
 * (R-AUTH-3, R-DASH-4, R-SVC-1, R-INV-2). Inventory's live in inventory-models.ts. Each is a
 * route's `response`: the pipeline checks answers against it and the SPA's client is typed from it.
 */
import * as z from '../zod.js';
import { jsonString } from './json-string.js';

// --- health -------------------------------------------------------------------------------------
export const healthResponse = z.object({ status: z.literal('ok') });

// --- auth (R-AUTH-3, R-PLAT-5) -------------------------------------------------------------------
const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['SUPER_ADMIN', 'BUSINESS_ADMIN', 'EMPLOYEE']),
  accessLevel: z.nullable(z.enum(['EMPLOYEE', 'MANAGER'])),
  firstName: z.string(),
  lastName: z.string(),
  organizationId: z.nullable(z.string()),
  organization: z.nullable(z.object({ name: z.string(), subdomain: z.string(), timeZone: z.string() })),
  /** The account that created the organization (R-EMP-10): the screens offer it the owner's controls. */
  isOwner: z.optional(z.boolean()),
});

/** Login response: token, user, redirectUrl. */
export const loginResponse = z.object({ token: z.string(), user: sessionUserSchema, redirectUrl: z.string() });

export const validateSignupTokenResponse = z.object({
  valid: z.boolean(),
  invitation: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});

/** The address an organization name gets now: `subdomain`; `available` false when `requested` is taken. */
export const signupSubdomainResponse = z.object({
  requested: z.string(),
  subdomain: z.string(),
  available: z.boolean(),
});

export const completeSignupResponse = z.object({
  success: z.boolean(),
  loginUrl: z.string(),
  organization: z.object({ name: z.string(), subdomain: z.string() }),
});

// --- platform invitations (R-PLAT-7) ---------------------------------------------------------
const invitationSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.nullable(z.string()),
  status: z.enum(['Pending', 'Used', 'Expired']),
});
export const invitationListResponse = z.object({ invitations: z.array(invitationSchema) });
/** Create and resend: the new link is under `invitation.inviteUrl`; `emailSent` false when SES refused. */
export const invitationSentResponse = z.object({
  success: z.boolean(),
  emailSent: z.boolean(),
  invitation: z.extend(invitationSchema, { inviteUrl: z.string() }),
});
export const revokedResponse = z.object({ success: z.boolean() });

// --- services (R-SVC-1) -------------------------------------------------------------------
/** The object-valued parts of a service as stored and read (plain shapes, so they encode as well as decode). */
export const serviceSlotView = z.object({
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  slotsAvailable: z.number(),
  originalSlotsAvailable: z.optional(z.number()),
});
export const paymentSettingsView = z.object({
  venmo: z.optional(z.nullable(z.string())),
  cashApp: z.optional(z.nullable(z.string())),
  paypal: z.optional(z.nullable(z.string())),
  zelle: z.optional(z.nullable(z.string())),
});
export const hostView = z.object({
  id: z.optional(z.string()),
  userId: z.optional(z.nullable(z.string())),
  name: z.string(),
  email: z.optional(z.nullable(z.string())),
  phone: z.optional(z.nullable(z.string())),
});
export const rsvpSettingsView = z.object({
  maxParticipants: z.nullable(z.number()),
  enablePublicBookings: z.boolean(),
});
export const questionnaireView = z.object({ collectAllergies: z.boolean() });
/** The waitlist of full slots (R-SVC-7): absent on services saved before it (then on with public bookings, 30 minutes). */
export const waitlistSettingsView = z.object({ enabled: z.boolean(), holdMinutes: z.number() });
export const privacySettingsView = z.object({
  visibility: z.optional(z.enum(['PUBLIC', 'UNLISTED', 'PRIVATE'])),
  showAttendeeCount: z.optional(z.boolean()),
  requireApproval: z.optional(z.boolean()),
});
export const reminderSettingsView = z.object({
  enabled: z.optional(z.boolean()),
  /** The service's own reminder offsets, minutes before the start (R-SET-7; absent: the tenant's). */
  beforeMinutes: z.optional(z.array(z.number())),
  hoursBefore: z.optional(z.number()),
  message: z.optional(z.nullable(z.string())),
});
export const pricingTierView = z.object({
  id: z.optional(z.string()),
  name: z.string(),
  rate: z.number(),
  rateType: z.string(),
  validFrom: z.optional(z.nullable(z.string())),
  validTo: z.optional(z.nullable(z.string())),
});
export const addonView = z.object({
  id: z.optional(z.string()),
  name: z.string(),
  rate: z.number(),
  rateType: z.string(),
});
/** R-SVC-13 (beyond the spec): a ticket type with its own price. */
export const ticketTypeView = z.object({ id: z.optional(z.string()), name: z.string(), rate: z.number() });
const photoUrlsView = z.object({
  original: z.optional(z.string()),
  medium: z.optional(z.string()),
  large: z.optional(z.string()),
});
/** The photo's variant URLs, as JSON text on the wire (staff and public service, photo upload). */
export const photoUrlsJson = jsonString(photoUrlsView, 'Photo URLs');
export type Host = z.output<typeof hostView>;
export type PricingTierView = z.output<typeof pricingTierView>;
export type AddonView = z.output<typeof addonView>;
export type TicketTypeView = z.output<typeof ticketTypeView>;
export type PrivacySettings = z.output<typeof privacySettingsView>;
export type ReminderSettings = z.output<typeof reminderSettingsView>;

/**
 * A service as staff read it. Its object-valued fields travel as JSON text (R-SVC-1) through
 * one codec each (`jsonString`): `z.encode(staffServiceSchema, service)` writes the wire form,
 * `z.decode(staffServiceSchema, wire)` reads typed objects back.
 */
export const staffServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  location: z.nullable(z.string()),
  photo: z.nullable(z.string()),
  photoUrls: z.nullable(photoUrlsJson),
  photoBaseKey: z.nullable(z.string()),
  rate: z.number(),
  rateType: z.string(),
  availability: jsonString(z.array(serviceSlotView), 'Availability'),
  showPaymentOptions: z.boolean(),
  notes: z.nullable(z.string()),
  paymentSettings: jsonString(paymentSettingsView, 'Payment settings'),
  paymentNote: z.nullable(z.string()),
  hosts: jsonString(z.array(hostView), 'Hosts'),
  rsvpSettings: jsonString(rsvpSettingsView, 'RSVP settings'),
  questionnaire: jsonString(questionnaireView, 'Questionnaire'),
  privacySettings: jsonString(privacySettingsView, 'Privacy settings'),
  reminderSettings: jsonString(reminderSettingsView, 'Reminder settings'),
  waitlistSettings: z.optional(jsonString(waitlistSettingsView, 'Waitlist settings')),
  enableTieredPricing: z.boolean(),
  pricingTiers: jsonString(z.array(pricingTierView), 'Pricing tiers'),
  enableAddons: z.boolean(),
  addons: jsonString(z.array(addonView), 'Add-ons'),
  /** Beyond the spec (R-SVC-13): absent on services saved before ticket types. */
  ticketTypes: z.optional(jsonString(z.array(ticketTypeView), 'Ticket types')),
  shareToken: z.nullable(z.string()),
  isActive: z.boolean(),
  timeZone: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** A service with its object fields as objects (decoded); `StaffServiceWire` is the JSON the route answers. */
export type StaffService = z.output<typeof staffServiceSchema>;
export type StaffServiceWire = z.input<typeof staffServiceSchema>;
/** Create and update answer the saved service plus the toast text. */
export const savedServiceResponse = z.extend(staffServiceSchema, { message: z.string() });
export const shareLinkResponse = z.object({ success: z.boolean(), shareToken: z.string(), message: z.string() });

/** A service as a customer reads it on the share page: no staff settings, no share token. */
export const publicServiceSchema = z.object({
  name: z.string(),
  description: z.nullable(z.string()),
  photo: z.nullable(z.string()),
  photoUrls: z.nullable(photoUrlsJson),
  rate: z.number(),
  rateType: z.string(),
  rateLabel: z.string(),
  location: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  timeZone: z.nullable(z.string()),
  availability: z.array(
    z.object({
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      slotsAvailable: z.number(),
      /** Beyond the spec (R-SVC-3 as amended): the slot's own price, by the tier of the day it happens. */
      rate: z.optional(z.number()),
      rateType: z.optional(z.string()),
    }),
  ),
  rsvpSettings: z.object({ maxParticipants: z.nullable(z.number()) }),
  enableAddons: z.boolean(),
  addons: z.array(z.object({ id: z.optional(z.string()), name: z.string(), rate: z.number(), rateType: z.string() })),
  /** Beyond the spec (R-SVC-13): the tickets a booking counts, each with its price; absent or empty: none. */
  ticketTypes: z.optional(z.array(ticketTypeView)),
  questionnaire: z.object({ collectAllergies: z.boolean() }),
  showPaymentOptions: z.boolean(),
  /** The business behind the page (store contact settings, R-SET-2): name, one-line address, phone. */
  business: z.optional(z.object({ name: z.string(), address: z.nullable(z.string()), phone: z.nullable(z.string()) })),
  /** Beyond the spec: the tax rate in percent a booking is charged (R-MONEY-3; 0 when tax is off), so the page's total includes it. */
  taxRate: z.number(),
  /** Beyond the spec (R-SET-15..R-SET-17): the store's terms (accepted before Book when set), accent colour and in-person payment. */
  storefront: z.optional(
    z.object({
      rentalTerms: z.string(),
      cancellationPolicy: z.string(),
      accentColor: z.string(),
      paymentMethods: z.array(z.string()),
      paymentInstructions: z.string(),
    }),
  ),
  /** Beyond the spec (docs/decisions/0236-waitlist.md): future slots with no places left that take a waitlist (R-SVC-8); absent when the waitlist is off. */
  waitlistSlots: z.optional(z.array(z.object({ date: z.string(), startTime: z.string(), endTime: z.string() }))),
});
export type PublicService = z.infer<typeof publicServiceSchema>;
/** GET /public/service/{token}: always wrapped under `data` (the spec allows either; this is the one). */
export const publicServiceResponse = z.object({ success: z.boolean(), data: publicServiceSchema });

const paymentMethodsSchema = z.object({
  venmo: z.optional(z.string()),
  cashApp: z.optional(z.string()),
  paypal: z.optional(z.string()),
  zelle: z.optional(z.string()),
});
/** Public booking response: reservation (with reservationNumber) and payment (R-BOOK-3). */
export const publicBookingResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  reservation: z.looseObject({
    id: z.string(),
    reservationNumber: z.string(),
    status: z.string(),
    /** What the confirmation shows: 'Pending Payment' and the booking's total in dollars. */
    statusLabel: z.string(),
    totalAmount: z.number(),
  }),
  payment: z.object({
    /** Subtotal plus tax (R-MONEY-3). */
    totalDue: z.number(),
    /** Beyond the spec: the parts of totalDue, so the page and the e-mail can label the tax. */
    subtotal: z.number(),
    taxRate: z.number(),
    taxAmount: z.number(),
    dueBy: z.string(),
    paymentMethods: paymentMethodsSchema,
    paymentNote: z.string(),
    showPaymentOptions: z.boolean(),
  }),
});
export type PublicBookingResponse = z.infer<typeof publicBookingResponse>;

// --- uploads (R-SVC-4) --------------------------------------------------------------------
const photoUrlsSchema = z.object({ original: z.string(), medium: z.string(), large: z.string() });
export const photoUploadResponse = z.object({
  success: z.boolean(),
  baseKey: z.string(),
  urls: photoUrlsSchema,
  photoUrls: photoUrlsJson,
  photo: z.string(),
});
/** The presigned POST the browser sends the file to (fields go first in the form, the file last). */
export const photoPresignResponse = z.extend(photoUploadResponse, {
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  maxBytes: z.number().check(z.int()),
});
