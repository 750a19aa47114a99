import { z } from 'zod';
import type { PublicService } from '../../../../shared/contract/responses.js';
import { publicBookingBody } from '../../../../shared/contract/public-booking-models.js';
import { fromCents, toCents } from '../../../../shared/domain/money.js';
import { quote } from '../../../../shared/domain/pricing.js';
import { computeCharges } from '../../../../shared/domain/charges.js';
import { TERMS_NOT_ACCEPTED } from '../../../../shared/domain/storefront.js';
import { ticketLines, ticketPrice, ticketsRefusal, type TicketCount } from '../../../../shared/domain/tickets.js';
import * as zc from '../../../../shared/zod.js';
import { participantLimit, slotHours, type Slot } from '../../../../shared/domain/slots.js';

/** The service as GET /public/service/{token} answers it, decoded (R-SVC-1 "Public service as read"). */
export type { PublicService };
/** A slot as the public page lists it, with its own price (R-SVC-3). */
export type PublicSlot = PublicService['availability'][number];

export interface BookingForm {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  participantCount: number;
  notes: string;
  allergies: string;
  addons: string[];
  /** R-SET-15: the "I accept" tick, asked only when the store has terms. */
  acceptTerms?: boolean;
  /** R-SVC-13: a count per ticket type id (services with ticket types). */
  tickets?: Record<string, number>;
}

/** R-SVC-13: the form's counts as the request's list (types with a count only). */
const ticketList = (s: PublicService, f: Pick<BookingForm, 'tickets'>): TicketCount[] =>
  (s.ticketTypes ?? []).flatMap((t) => (t.id && f.tickets?.[t.id] ? [{ typeId: t.id, count: f.tickets[t.id]! }] : []));

/** The ticket lines the form shows, priced as the server prices them. */
export const formTicketLines = (s: PublicService, f: Pick<BookingForm, 'tickets'>) =>
  ticketLines(s.ticketTypes ?? [], ticketList(s, f));
const CONTACT_FIELDS = ['firstName', 'lastName', 'phone', 'email'] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];
export type BookingErrors = Partial<Record<ContactField, string>>;
const isContactField = (key: unknown): key is ContactField => CONTACT_FIELDS.includes(key as ContactField);

/**
 * R-SVC-1, each message under its field: the contact details checked by the request's own schema
 * (publicBookingBody's customer, which the waitlist's join takes too), so the page says what the
 * server enforces and each message exists once (docs/decisions/0266-each-rule-once.md).
 */
export function validateBooking(f: BookingForm): BookingErrors {
  const contact = { firstName: f.firstName, lastName: f.lastName, phone: f.phone, email: f.email };
  const checked = z.safeParse(publicBookingBody.shape.customer, contact);
  const errors: BookingErrors = {};
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    // The first message of a field is its own (an empty e-mail is "required", not also "not valid").
    if (isContactField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const body = publicBookingBody.shape;

/**
 * The booking form's schema (R-BOOK-3), built from the request's own pieces (publicBookingBody): the
 * contact fields, the party and the notes carry the server's checks and messages, so what the browser
 * says is what a 400 would say (docs/decisions/0266-each-rule-once.md). The terms tick (R-SET-15) is
 * required only when the store has terms, with the server's refusal text.
 */
export function bookingFormSchema(termsRequired: boolean, service?: PublicService) {
  // R-SVC-13: the server's own refusal (shared/domain/tickets.ts), asked only of a service that sells tickets.
  const ticketsRefused = (tickets: Record<string, number>) =>
    service?.ticketTypes?.length ? ticketsRefusal(service.ticketTypes, ticketList(service, { tickets })) : null;
  return zc.object({
    ...body.customer.shape,
    participantCount: body.participantCount,
    notes: body.notes,
    allergies: body.allergies,
    addons: zc.array(zc.string()),
    acceptTerms: termsRequired ? zc.literal(true, TERMS_NOT_ACCEPTED) : zc.optional(zc.boolean()),
    tickets: zc.record(zc.string(), zc.number()).check(
      zc.refine((t) => !ticketsRefused(t), {
        error: (iss) => ticketsRefused(iss.input as Record<string, number>) ?? undefined,
      }),
    ),
  });
}

export const limitFor = (s: PublicService, slot: Slot) =>
  participantLimit(s.rsvpSettings?.maxParticipants ?? undefined, slot.slotsAvailable);

/** The slot's own price (its tier's, R-SVC-3), else the service's headline price. */
function slotPrice(s: PublicService, slot: PublicSlot) {
  return slot.rate !== undefined && slot.rateType
    ? { rate: slot.rate, rateType: slot.rateType }
    : { rate: s.rate, rateType: s.rateType };
}

/**
 * The total the page shows, tax included (R-MONEY-3); the server charges what the same functions
 * compute there.
 */
export function previewTotal(
  s: PublicService,
  slot: PublicSlot,
  f: Pick<BookingForm, 'participantCount' | 'addons' | 'tickets'>,
) {
  const chosen = (s.enableAddons ? (s.addons ?? []) : []).filter((a) => f.addons.includes(a.name));
  const q = quote({
    ...slotPrice(s, slot),
    participants: s.rateType === 'PER_PERSON' ? f.participantCount : 1,
    // R-SVC-13: with ticket types the tickets are the price and the party, as on the server.
    ...(s.ticketTypes?.length ? ticketPrice(formTicketLines(s, f)) : {}),
    hours: slotHours(slot, s.timeZone),
    addons: chosen,
  });
  const charges = computeCharges({
    baseCents: toCents(q.total),
    hasService: true,
    hourlyRateCents: 0,
    taxRate: s.taxRate ?? 0,
  });
  return {
    ...q,
    subtotal: fromCents(charges.subtotalCents),
    taxRate: charges.taxRate,
    tax: fromCents(charges.taxCents),
    total: fromCents(charges.totalCents),
  };
}

/** The request body of R-BOOK-3 "Public booking request". */
export function bookingBody(s: PublicService, slot: Slot, f: BookingForm) {
  const chosen = (s.enableAddons ? (s.addons ?? []) : []).filter((a) => f.addons.includes(a.name));
  return {
    selectedSlots: [{ date: slot.date, startTime: slot.startTime, endTime: slot.endTime }],
    customer: {
      firstName: f.firstName.trim(),
      lastName: f.lastName.trim(),
      phone: f.phone.trim(),
      email: f.email.trim(),
    },
    ...(s.ticketTypes?.length
      ? { tickets: ticketList(s, f), participantCount: ticketList(s, f).reduce((n, t) => n + t.count, 0) }
      : { participantCount: s.rateType === 'PER_PERSON' ? f.participantCount : 1 }),
    startTime: `${slot.date}T${slot.startTime}`,
    endTime: `${slot.date}T${slot.endTime}`,
    notes: f.notes,
    allergies: s.questionnaire?.collectAllergies ? f.allergies : '',
    selectedAddons: chosen.map((a) => ({ id: a.id, name: a.name, rate: a.rate, rateType: a.rateType ?? 'FIXED' })),
    isPublicBooking: true as const,
    ...(f.acceptTerms ? { acceptTerms: true } : {}),
  };
}
