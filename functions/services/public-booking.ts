import type { PublicBookingInput } from '../../shared/contract/public-booking-models.js';
import { fromCents } from '../../shared/domain/money.js';
import { formatUsd } from '../../shared/domain/pricing.js';
import { UNPAID_HOLD_HOURS } from '../../shared/domain/share.js';
import {
  configuredMethods,
  paymentLinks,
  paymentNoteFor,
  type PaymentMethods,
} from '../../shared/domain/share-payment.js';
import { formatDateTimeIn, formatSlotIn } from '../../shared/domain/time-text.js';
import { getOrganization } from '../auth/store.js';
import type { TenantId } from '../lib/keys.js';
import { trySendMail } from '../lib/mail.js';
import { renderStoredEmail } from '../platform/template-store.js';
import { bookServiceSlot, type HeldPlaces, StaleRead } from './booking.js';
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
  const book = (share: { tenant: TenantId; service: ServiceRow; stale: boolean }) =>
    bookServiceSlot(
      {
        tenant: share.tenant,
        serviceId: share.service.id,
        slot: choice,
        participants: body.participantCount,
        addons: body.selectedAddons,
        customer: { firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email },
        notes: body.notes,
        allergies: body.allergies,
        shareToken: token,
        source: 'PUBLIC_BOOKING',
        actor: null,
        held,
        read: share.service,
        readMayBeStale: share.stale,
      },
      now,
    );
  // A waitlist offer's places are already held: its booking starts from fresh reads.
  const share = held ? { ...(await resolveShare(token, now)), stale: false } : await resolveShareForBooking(token, now);
  const { tenant } = share;
  const {
    row,
    service: booked,
    dueBy,
    addons,
    holdForgotten,
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
  // The customer reads the slot and the deadline in the slot's zone, named: their own clock may be another (docs/decisions/one-time-zone.md).
  const zone = row.timeZone!;
  const mailed = sendConfirmation(tenant, c.email, {
    reservationNumber: row.reservationNumber,
    serviceName: booked.name,
    slot: formatSlotIn(row.slot!, zone),
    participants: row.participantCount ?? 1,
    total,
    tax: payment.taxAmount,
    taxRate: payment.taxRate,
    dueBy: formatDateTimeIn(dueBy!, zone, { zoneName: true }),
    methods,
    paymentNote,
  });
  await Promise.all([mailed, holdForgotten]);
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

/** The same instructions as the payment-required page, by e-mail (SES, template 'booking-confirmation'). A failure never undoes the booking. */
async function sendConfirmation(
  tenant: TenantId,
  to: string,
  b: {
    reservationNumber: string;
    serviceName: string;
    slot: string;
    participants: number;
    total: number;
    tax: number;
    taxRate: number /** As the customer reads it. */;
    dueBy: string;
    methods: PaymentMethods;
    paymentNote: string;
  },
) {
  const paymentLinksList = paymentLinks(b.methods, b.total, b.paymentNote, { mobile: false });
  const org = await getOrganization(tenant);
  const mail = await renderStoredEmail('booking-confirmation', {
    businessName: org?.name ?? '',
    serviceName: b.serviceName,
    reservationNumber: b.reservationNumber,
    slot: b.slot,
    participants: b.participants,
    // The tax is named where the total is (docs/decisions/right-about-money.md), so a stored template needs no new variable.
    total: b.tax > 0 ? `${formatUsd(b.total)} (includes ${formatUsd(b.tax)} tax at ${b.taxRate}%)` : formatUsd(b.total),
    payBy: b.dueBy,
    holdHours: UNPAID_HOLD_HOURS,
    hasPaymentMethods: paymentLinksList.length > 0 || Boolean(b.methods.zelle),
    paymentLinks: paymentLinksList,
    zelle: b.methods.zelle ?? '',
    paymentNote: b.paymentNote,
  });
  await trySendMail({ to, ...mail, tenant });
}
