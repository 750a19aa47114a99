import { z } from 'zod';
import {
  rsvpSettingsSchema,
  serviceBody,
  waitlistSettingsSchema,
} from '../../../../shared/contract/routes/services.js';
import { HOLD_MINUTES, waitlistSettingsOf } from '../../../../shared/domain/waitlist.js';
import { hasPaymentMethod, type PaymentMethods } from '../../../../shared/domain/share-payment.js';
import { normalizeSlotCount } from '../../../../shared/domain/slots.js';
import type { StaffService } from '../../../../shared/contract/responses.js';

/** A service as staff read it, its JSON-text fields decoded by the contract's codecs (api/decode.ts). */
export type ApiService = StaffService;

export interface SlotForm {
  date: string;
  startTime: string;
  endTime: string;
  slotsAvailable: string;
  originalSlotsAvailable?: number;
}
export interface TierForm {
  id?: string;
  name: string;
  rate: string;
  rateType: string;
  validFrom: string;
  validTo: string;
}
export interface AddonForm {
  id?: string;
  name: string;
  rate: string;
  rateType: string;
}

export interface ServiceFormState {
  name: string;
  description: string;
  location: string;
  photoBaseKey: string;
  /** What the picker shows: a local preview or the saved photo's URL. */
  photoPreview: string;
  rate: string;
  rateType: string;
  availability: SlotForm[];
  notes: string;
  paymentSettings: Required<{ [K in keyof PaymentMethods]: string }>;
  paymentNote: string;
  maxParticipants: string;
  enablePublicBookings: boolean;
  collectAllergies: boolean;
  enableTieredPricing: boolean;
  pricingTiers: TierForm[];
  enableAddons: boolean;
  addons: AddonForm[];
  hosts: unknown[];
  privacySettings: Record<string, unknown>;
  reminderSettings: Record<string, unknown>;
  /** The waitlist of full slots (R-SVC-7): the switch and the hold time in minutes, as typed. */
  waitlistEnabled: boolean;
  holdMinutes: string;
  isActive: boolean;
}

export const emptySlot = (): SlotForm => ({ date: '', startTime: '', endTime: '', slotsAvailable: '1' });

export function emptyServiceForm(): ServiceFormState {
  return {
    name: '',
    description: '',
    location: '',
    photoBaseKey: '',
    photoPreview: '',
    rate: '',
    rateType: 'PER_PERSON',
    availability: [emptySlot()],
    notes: '',
    paymentSettings: { venmo: '', cashApp: '', paypal: '', zelle: '' },
    paymentNote: '',
    maxParticipants: '1',
    enablePublicBookings: true,
    collectAllergies: false,
    enableTieredPricing: false,
    pricingTiers: [],
    enableAddons: false,
    addons: [],
    hosts: [],
    privacySettings: {},
    reminderSettings: {},
    waitlistEnabled: true,
    holdMinutes: String(HOLD_MINUTES.default),
    isActive: true,
  };
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function formFromService(s: ApiService): ServiceFormState {
  const slots = s.availability;
  const pay = s.paymentSettings;
  const rsvp = s.rsvpSettings;
  return {
    name: s.name ?? '',
    description: str(s.description),
    location: str(s.location),
    photoBaseKey: str(s.photoBaseKey),
    photoPreview: s.photoUrls?.medium ?? s.photo ?? '',
    rate: str(s.rate),
    rateType: (s.rateType || 'PER_PERSON').toUpperCase(),
    availability: slots.length
      ? slots.map((x) => ({
          date: str(x.date),
          startTime: str(x.startTime),
          endTime: str(x.endTime),
          slotsAvailable: str(x.slotsAvailable),
          originalSlotsAvailable: x.originalSlotsAvailable,
        }))
      : [emptySlot()],
    notes: str(s.notes),
    paymentSettings: {
      venmo: str(pay.venmo),
      cashApp: str(pay.cashApp),
      paypal: str(pay.paypal),
      zelle: str(pay.zelle),
    },
    paymentNote: str(s.paymentNote),
    maxParticipants: str(rsvp.maxParticipants ?? 1),
    enablePublicBookings: rsvp.enablePublicBookings !== false,
    collectAllergies: s.questionnaire.collectAllergies,
    enableTieredPricing: s.enableTieredPricing === true,
    pricingTiers: s.pricingTiers.map((t) => ({
      id: t.id,
      name: str(t.name),
      rate: str(t.rate),
      rateType: str(t.rateType) || 'FIXED',
      validFrom: str(t.validFrom),
      validTo: str(t.validTo),
    })),
    enableAddons: s.enableAddons === true,
    addons: s.addons.map((a) => ({
      id: a.id,
      name: str(a.name),
      rate: str(a.rate),
      rateType: str(a.rateType) || 'FIXED',
    })),
    hosts: s.hosts,
    privacySettings: s.privacySettings,
    reminderSettings: s.reminderSettings,
    waitlistEnabled: waitlistSettingsOf(s).enabled,
    holdMinutes: String(waitlistSettingsOf(s).holdMinutes),
    isActive: s.isActive !== false,
  };
}

/** The first message a contract schema gives for a value, or null when it accepts it. */
function contractMessage(schema: z.core.$ZodType, value: unknown): string | null {
  const r = z.safeParse(schema, value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid value');
}
/** A number typed into a form (text) as the contract checks it: blank stays blank, numbers as numbers. */
const typedNumber = (v: string) => (v.trim() === '' ? '' : Number.isFinite(Number(v)) ? Number(v) : v);
const checkedBy = (schema: z.core.$ZodType, toInput: (v: string) => unknown = (v) => v) =>
  z.string().superRefine((v, ctx) => {
    const message = contractMessage(schema, toInput(v));
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A slot row with some but not all of date, start and end is refused; an empty row is skipped on save. */
export const SLOT_INCOMPLETE_MESSAGE = 'Each time slot needs a date, a start and an end time';
const text = z.string();
/** The string inside a contract field that is `z.nullable(z.optional(z.string()...))`. */
const textOf = <S extends z.core.$ZodType>(field: { def: { innerType: { def: { innerType: S } } } }) =>
  field.def.innerType.def.innerType;

/**
 * The service form's schema (R-BOOK-3): name, rate, rate type and max participants with the
 * contract's own checks and messages (so each message exists once), text limits from the contract,
 * and the form's one rule of its own: a slot row is complete or empty. The values stay as typed;
 * `payloadFromForm` turns them into the request body.
 */
export const serviceFormSchema = z.object({
  name: serviceBody.shape.name,
  description: textOf(serviceBody.shape.description),
  location: text,
  photoBaseKey: text,
  rate: checkedBy(serviceBody.shape.rate, typedNumber),
  rateType: checkedBy(serviceBody.shape.rateType),
  availability: z
    .array(
      z.object({
        date: text,
        startTime: text,
        endTime: text,
        slotsAvailable: text,
        originalSlotsAvailable: z.number().optional(),
      }),
    )
    .superRefine((slots, ctx) => {
      if (slots.some((s) => (s.date || s.startTime || s.endTime) && !(s.date && s.startTime && s.endTime)))
        ctx.addIssue({ code: 'custom', message: SLOT_INCOMPLETE_MESSAGE });
    }),
  notes: textOf(serviceBody.shape.notes),
  paymentSettings: z.object({ venmo: text, cashApp: text, paypal: text, zelle: text }),
  paymentNote: textOf(serviceBody.shape.paymentNote),
  maxParticipants: checkedBy(rsvpSettingsSchema.shape.maxParticipants, typedNumber),
  enablePublicBookings: z.boolean(),
  collectAllergies: z.boolean(),
  enableTieredPricing: z.boolean(),
  pricingTiers: z.array(
    z.object({ id: z.string().optional(), name: text, rate: text, rateType: text, validFrom: text, validTo: text }),
  ),
  enableAddons: z.boolean(),
  addons: z.array(z.object({ id: z.string().optional(), name: text, rate: text, rateType: text })),
  hosts: z.array(z.unknown()),
  privacySettings: z.record(z.string(), z.unknown()),
  reminderSettings: z.record(z.string(), z.unknown()),
  waitlistEnabled: z.boolean(),
  holdMinutes: checkedBy(waitlistSettingsSchema.shape.holdMinutes, typedNumber),
  isActive: z.boolean(),
});
/** What the form holds: the state without the photo preview (a display detail, not a change). */
export type ServiceFormValues = Omit<ServiceFormState, 'photoPreview'>;

/** The form's values and the photo preview of a form state. */
export function splitPreview(f: ServiceFormState): { values: ServiceFormValues; photoPreview: string } {
  const { photoPreview, ...values } = f;
  return { values, photoPreview };
}

/**
 * The request body: object parts JSON-stringified, blank rate 0, slots at least 1 (R-SVC-1).
 * No `timeZone`: slots are the organization's wall-clock times, whatever zone the editor's browser runs
 * in (docs/decisions/one-time-zone.md); a zone a service already carries stays, as the server keeps it.
 */
export function payloadFromForm(f: ServiceFormValues) {
  const slots = f.availability
    .filter((s) => s.date && s.startTime && s.endTime)
    .map((s) => {
      const n = normalizeSlotCount(s.slotsAvailable);
      return {
        date: s.date,
        startTime: s.startTime,
        endTime: s.endTime,
        slotsAvailable: n,
        originalSlotsAvailable: s.originalSlotsAvailable ?? n,
      };
    });
  const payment = {
    venmo: f.paymentSettings.venmo.trim(),
    cashApp: f.paymentSettings.cashApp.trim(),
    paypal: f.paymentSettings.paypal.trim(),
    zelle: f.paymentSettings.zelle.trim(),
  };
  return {
    name: f.name.trim(),
    description: f.description,
    location: f.location || null,
    photoBaseKey: f.photoBaseKey || null,
    rate: f.rate.trim() === '' ? 0 : Number(f.rate),
    rateType: f.rateType,
    availability: JSON.stringify(slots),
    showPaymentOptions: hasPaymentMethod(payment),
    notes: f.notes,
    paymentSettings: JSON.stringify(payment),
    paymentNote: f.paymentNote,
    hosts: JSON.stringify(f.hosts),
    rsvpSettings: JSON.stringify({
      maxParticipants: Number(f.maxParticipants) || 1,
      enablePublicBookings: f.enablePublicBookings,
    }),
    questionnaire: JSON.stringify({ collectAllergies: f.collectAllergies }),
    privacySettings: JSON.stringify(f.privacySettings),
    reminderSettings: JSON.stringify(f.reminderSettings),
    waitlistSettings: JSON.stringify({ enabled: f.waitlistEnabled, holdMinutes: Number(f.holdMinutes) }),
    enableTieredPricing: f.enableTieredPricing,
    pricingTiers: JSON.stringify(
      f.enableTieredPricing
        ? f.pricingTiers.map((t) => ({
            ...t,
            rate: t.rate === '' ? 0 : Number(t.rate),
            validFrom: t.validFrom || null,
            validTo: t.validTo || null,
          }))
        : [],
    ),
    enableAddons: f.enableAddons,
    addons: JSON.stringify(
      f.enableAddons
        ? f.addons
            .filter((a) => a.name.trim())
            .map((a) => ({ ...a, name: a.name.trim(), rate: a.rate === '' ? 0 : Number(a.rate) }))
        : [],
    ),
    isActive: f.isActive,
  };
}

export function slotsOf(s: ApiService) {
  return s.availability;
}
