import type { PublicBookingInput } from '../../shared/contract/public-booking-models.js';
import { fromCents } from '../../shared/domain/money.js';
import { configuredMethods, paymentNoteFor, type PaymentMethods } from '../../shared/domain/share-payment.js';
import { formatDateTimeIn, formatSlotIn } from '../../shared/domain/time-text.js';
import { hasTerms, TERMS_NOT_ACCEPTED } from '../../shared/domain/storefront.js';
import { badRequest, conflict } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import { readStorefront } from '../settings/storefront-public.js';
import { type ConfirmationReads, readAheadForConfirmation } from './booking-confirmation.js';
import { StaleRead } from './admission.js';
import { bookServiceSlot } from './booking.js';
import type { HeldPlaces } from './booking-request.js';
import type { ServiceRow } from './model.js';
import { resolveShare, resolveShareForBooking } from './public.js';

export interface BookingResult {
  reservation: Record<string, unknown>;
  payment: {
    totalDue: number;
    dueBy: string;
    paymentMethods: PaymentMethods;
    paymentNote: string;
    showPaymentOptions: boolean;
  };
  success: true;
  message: string;
}

/** A public booking through the share link (R-BOOK-1). */
export async function bookPublicService(
  token: string,
  body: PublicBookingInput,
  now = Date.now(),
  held?: HeldPlaces,
): Promise<BookingResult> {
  const choice = body.selectedSlots[0]!;
  const c = body.customer;
  let reads: ConfirmationReads | undefined;
  const book = (share: { tenant: TenantId; service: ServiceRow; stale: boolean }) =>
    bookServiceSlot(
      {
        tenant: share.tenant,
        serviceId: share.service.id,
        slot: choice,
        participants: body.participantCount,
        addons: body.selectedAddons,
        tickets: body.tickets,
        customer: { firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email },
        notes: body.notes,
        allergies: body.allergies,
        shareToken: token,
        source: 'PUBLIC_BOOKING',
        actor: null,
        held,
        read: share.service,
        readMayBeStale: share.stale,
        onAsking: () => {
          reads ??= readAheadForConfirmation(share.tenant);
        },
      },
      now,
    );
  // A waitlist offer's places are already held: its booking starts from fresh reads.
  const share = held ? { ...(await resolveShare(token, now)), stale: false } : await resolveShareForBooking(token, now);
  const { tenant } = share;
  // R-SET-15: a store with terms takes a booking only with the customer's acceptance; a body that carries it costs no read.
  // A waitlist offer's booking (held places) is not asked again.
  if (!held && body.acceptTerms !== true && hasTerms(await readStorefront(tenant)))
    throw badRequest(TERMS_NOT_ACCEPTED);
  // R-BOOK-9: the page offers no slot on a closed day, and the booking refuses one the same way as a slot gone.
  if (!held && !(await (await import('./open-days.js')).openDaysForBooking(tenant))(choice))
    throw conflict('This time slot is no longer available');
  const {
    row,
    service: booked,
    dueBy,
    addons,
  } = await book(share).catch(async (e: unknown) => {
    if (!(e instanceof StaleRead)) throw e;
    return book({ ...(await resolveShare(token, now)), stale: false });
  });
  const total = fromCents(row.totalAmountCents ?? 0);
  const methods = booked.showPaymentOptions ? configuredMethods(booked.paymentSettings) : {};
  const paymentNote = paymentNoteFor(row.reservationNumber, booked.name, booked.paymentNote);
  const payment = {
    totalDue: total,
    subtotal: fromCents(row.subtotalCents ?? 0),
    taxRate: row.taxRate ?? 0,
    taxAmount: fromCents(row.taxAmountCents ?? 0),
    dueBy: dueBy!,
    paymentMethods: methods,
    paymentNote,
    showPaymentOptions: Object.keys(methods).length > 0,
  };
  // The customer reads the slot and the deadline in the slot's zone, named: their own clock may be another (docs/decisions/0008-one-time-zone.md).
  const zone = row.timeZone!;
  const { sendConfirmation } = await import('./booking-confirmation-mail.js');
  await sendConfirmation(
    tenant,
    c.email,
    {
      reservation: row,
      serviceName: booked.name,
      slot: formatSlotIn(row.slot!, zone),
      participants: row.participantCount ?? 1,
      total,
      tax: payment.taxAmount,
      taxRate: payment.taxRate,
      dueBy: formatDateTimeIn(dueBy!, zone, { zoneName: true }),
      methods,
      paymentNote,
    },
    reads,
  );
  return {
    success: true,
    message: 'Booking received. Payment is required to confirm it.',
    reservation: {
      id: row.id,
      reservationNumber: row.reservationNumber,
      status: 'ACTIVE',
      paymentStatus: 'PENDING_PAYMENT',
      statusLabel: 'Pending Payment',
      serviceName: booked.name,
      slot: row.slot,
      startTime: row.startTime,
      endTime: row.endTime,
      participantCount: row.participantCount,
      selectedAddons: addons,
      totalAmount: total,
      dueBy,
      customer: { firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone },
    },
    payment,
  };
}
