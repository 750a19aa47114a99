/**
 * The General, Terms & Policies, Branding and Payments settings on the wire (R-SET-14..R-SET-17). The messages are
 * the ones a person reads: the SPA's forms use these same schemas.
 */
import * as z from '../zod.js';
import {
  ACCENT_COLOR,
  ACCENT_COLOR_MESSAGE,
  PAYMENT_INSTRUCTIONS_MAX,
  PAYMENT_METHODS,
  STORE_CURRENCY,
  STORE_LANGUAGE,
  TERMS_MAX,
} from '../domain/storefront.js';
import { timeZoneCheck } from './common.js';

const answer = <T extends z.ZodMiniType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.optional(z.string()) });

// ---------- General (R-SET-14) ----------
export const generalBody = z.strictObject({
  timeZone: z.string({ error: 'Choose a time zone' }).check(z.trim(), z.maxLength(64), timeZoneCheck()),
});
export const generalResponse = answer(
  z.object({ timeZone: z.string(), currency: z.literal(STORE_CURRENCY), language: z.literal(STORE_LANGUAGE) }),
);

// ---------- Terms & Policies (R-SET-15) ----------
const policyText = z.string().check(z.trim(), z.multiLine(), z.maxLength(TERMS_MAX));
export const termsBody = z.strictObject({
  rentalTerms: z._default(policyText, ''),
  cancellationPolicy: z._default(policyText, ''),
});
export const termsResponse = answer(z.object({ rentalTerms: z.string(), cancellationPolicy: z.string() }));

// ---------- Branding (R-SET-16) ----------
export const brandingBody = z.strictObject({
  accentColor: z._default(z.string().check(z.trim(), z.maxLength(7), z.regex(ACCENT_COLOR, ACCENT_COLOR_MESSAGE)), ''),
});
export const brandingResponse = answer(z.object({ accentColor: z.string() }));

// ---------- Payments (R-SET-17) ----------
export const paymentsBody = z.strictObject({
  paymentMethods: z._default(
    z.array(z.enum(PAYMENT_METHODS, 'Choose payment methods from the list')).check(z.maxLength(PAYMENT_METHODS.length)),
    [],
  ),
  paymentInstructions: z._default(z.string().check(z.trim(), z.multiLine(), z.maxLength(PAYMENT_INSTRUCTIONS_MAX)), ''),
});
export const paymentsResponse = answer(
  z.object({ paymentMethods: z.array(z.enum(PAYMENT_METHODS)), paymentInstructions: z.string() }),
);
