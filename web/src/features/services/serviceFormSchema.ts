import { z } from 'zod';
import { rsvpSettingsSchema, serviceBody, waitlistSettingsSchema } from '../../../../shared/contract/service-models.js';

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
const SLOT_INCOMPLETE_MESSAGE = 'Each time slot needs a date, a start and an end time';
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
        capacity: text,
        taken: z.number().optional(),
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
  ticketTypes: z.array(z.object({ id: z.string().optional(), name: text, rate: text })),
  hosts: z.array(z.unknown()),
  privacySettings: z.record(z.string(), z.unknown()),
  reminderSettings: z.record(z.string(), z.unknown()),
  waitlistEnabled: z.boolean(),
  holdMinutes: checkedBy(waitlistSettingsSchema.shape.holdMinutes, typedNumber),
  isActive: z.boolean(),
});
