/**
 * Cancellations are told (R-RES-14, docs/decisions/0268-cancellation-mail.md):
 * - the customer (when the reservation has an e-mail) when staff cancel it, when they cancel it
 *   through their link, and when an unpaid public booking lapses at its deadline (R-BOOK-6): what was
 *   cancelled, when (the booking's zone), any payment the business has on record (no refund promised:
 *   the business decides), its contact details, and the booking's .ics as METHOD:CANCEL with the UID
 *   of the confirmation's and reminders' file, so their calendar drops it;
 * - the business (its contact e-mail) when the customer cancels online and on a no-show, each behind
 *   its switch of R-SET-13 (default on).
 * Loaded with `await import()` after the cancel has committed: never part of a cold start, and a
 * failure is logged, never thrown, so the cancel stands whatever the mail does.
 */
import { formatCents } from '../../shared/domain/money.js';
import { bookingWhenText } from '../../shared/domain/reminder-text.js';
import type { TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { sendMailWithAttachments, trySendMail } from '../lib/mail.js';
import { renderStoredEmail } from '../lib/template-store.js';
import { readReminderSettings } from '../settings/reminders.js';
import { type BusinessBits, calendarAttachment, readBusiness } from '../reservation-rows/booking-mail.js';
import type { ReservationRow } from '../reservation-rows/entity.js';

/** Who or what cancelled: decides who is told. */
export type CancelledBy = 'staff' | 'customer' | 'unpaid' | 'no-show';

export const CUSTOMER_TEMPLATE = 'reservation-cancelled';
export const CANCELLATION_NOTICE_TEMPLATE = 'business-cancellation-notice';
export const NO_SHOW_NOTICE_TEMPLATE = 'business-no-show-notice';

/**
 * The money the business has recorded against the booking, as the mail states it: a service
 * booking's tracked payment (R-RES-9), an item rental's deposit; null when none.
 */
export function paidOnRecord(
  r: Pick<ReservationRow, 'kind' | 'isPaid' | 'paidAmountCents' | 'totalAmountCents' | 'depositAmountCents'>,
): string | null {
  if (r.kind === 'SERVICE') {
    const cents = r.isPaid === true ? (r.paidAmountCents ?? r.totalAmountCents ?? 0) : 0;
    return cents > 0 ? formatCents(cents) : null;
  }
  const deposit = r.depositAmountCents ?? 0;
  return deposit > 0 ? `${formatCents(deposit)} (deposit)` : null;
}

/** What every cancellation mail says about the booking, every time in the booking's zone. */
function bookingVariables(r: ReservationRow, business: Pick<BusinessBits, 'name' | 'zone'>) {
  const paid = paidOnRecord(r);
  return {
    businessName: business.name,
    reservationNumber: r.reservationNumber,
    what: r.inventoryItem?.name ?? r.service?.name ?? 'Booking',
    when: bookingWhenText(r.startTime, r.endTime, r.timeZone || business.zone),
    participants: r.kind === 'SERVICE' ? (r.participantCount ?? 1) : '',
    paid: paid !== null,
    paidAmount: paid ?? '',
  };
}

/** The customer's mail: staff, their own link, or the unpaid deadline cancelled it. */
export function customerVariables(r: ReservationRow, business: BusinessBits, by: Exclude<CancelledBy, 'no-show'>) {
  return {
    ...bookingVariables(r, business),
    firstName: r.customer.firstName,
    lastName: r.customer.lastName,
    businessPhone: business.phone ?? '',
    businessEmail: business.email ?? '',
    businessAddress: business.address ?? '',
    byCustomer: by === 'customer',
    byStaff: by === 'staff',
    unpaidLapsed: by === 'unpaid',
  };
}

/** The business's notice: who the customer is and how to reach them. */
export function businessVariables(r: ReservationRow, business: BusinessBits) {
  const person = (p: { firstName: string; lastName: string } | null | undefined) =>
    p ? `${p.firstName} ${p.lastName}`.trim() : '';
  return {
    ...bookingVariables(r, business),
    customerName: person(r.customer) || 'A customer',
    customerEmail: r.customer.email ?? '',
    customerPhone: r.customer.phone ?? '',
    markedBy: person(r.noShowBy ?? r.cancelledBy),
  };
}

/** Tells whom R-RES-14 says to tell about `r` (as it stands after the cancel); never throws. */
export async function tellCancellation(tenant: TenantId, r: ReservationRow, by: CancelledBy): Promise<void> {
  const toCustomer = by !== 'no-show' && Boolean(r.customer.email?.trim());
  const toBusiness = by === 'customer' || by === 'no-show';
  if (!toCustomer && !toBusiness) return;
  try {
    const [business, settings] = await Promise.all([
      readBusiness(tenant),
      toBusiness ? readReminderSettings(tenant) : null,
    ]);
    const sends: Promise<unknown>[] = [];
    if (toCustomer) sends.push(mailCustomer(tenant, r, business, by as Exclude<CancelledBy, 'no-show'>));
    const on = by === 'no-show' ? settings?.notifyNoShows : settings?.notifyCancellations;
    if (toBusiness && on && business.email) {
      const template = by === 'no-show' ? NO_SHOW_NOTICE_TEMPLATE : CANCELLATION_NOTICE_TEMPLATE;
      const mail = await renderStoredEmail(template, businessVariables(r, business));
      sends.push(trySendMail({ to: business.email, ...mail, tenant }));
    }
    await Promise.all(sends);
  } catch (e) {
    logger.warn('cancellation mail not sent', { error: e as Error, reservationId: r.id, by });
  }
}

async function mailCustomer(
  tenant: TenantId,
  r: ReservationRow,
  business: BusinessBits,
  by: Exclude<CancelledBy, 'no-show'>,
): Promise<void> {
  try {
    const variables = customerVariables(r, business, by);
    const mail = await renderStoredEmail(CUSTOMER_TEMPLATE, variables);
    await sendMailWithAttachments({
      to: r.customer.email!.trim(),
      ...mail,
      tenant,
      attachments: [calendarAttachment(tenant, r, variables.what, business, true)],
    });
  } catch (e) {
    logger.warn('cancellation mail to the customer not sent', { error: e as Error, reservationId: r.id, by });
  }
}
