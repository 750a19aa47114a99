import { formatPercent } from '../../shared/domain/money.js';
import { formatUsd } from '../../shared/domain/pricing.js';
import { UNPAID_HOLD_HOURS } from '../../shared/domain/share.js';
import { ticketsText } from '../../shared/domain/tickets.js';
import { paymentLinks, type PaymentMethods } from '../../shared/domain/share-payment.js';
import type { TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { sendMailWithAttachments } from '../lib/mail.js';
import { renderStoredEmail } from '../lib/template-store.js';
import { calendarAttachment, manageLink, readBusiness } from '../reservation-rows/booking-mail.js';
import type { ReservationRow } from '../reservation-rows/entity.js';
import { readReminderSettings } from '../settings/reminders.js';
import { type ConfirmationReads, readAheadForConfirmation, TEMPLATE } from './booking-confirmation.js';

/**
 * The same instructions as the payment-required page, by e-mail (SES, template 'booking-confirmation'),
 * with a link to view or cancel the booking and the booking as an .ics file (R-BOOK-8). Those parts
 * load with this module on first use: the booking path's cold start does not carry them.
 * A failure never undoes the booking.
 */
export async function sendConfirmation(
  tenant: TenantId,
  to: string,
  b: {
    reservation: ReservationRow;
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
  reads: ConfirmationReads = readAheadForConfirmation(tenant),
  now = Date.now(),
) {
  const r = b.reservation;
  try {
    const [business, settings] = await Promise.all([readBusiness(tenant), readReminderSettings(tenant)]);
    const manage = await manageLink(tenant, r, business, settings.cancelCutoffHours, now);
    const paymentLinksList = paymentLinks(b.methods, b.total, b.paymentNote, { mobile: false });
    const variables = reads.organization.then((org) => ({
      businessName: org?.name ?? '',
      serviceName: b.serviceName,
      reservationNumber: r.reservationNumber,
      slot: b.slot,
      // R-SVC-13: a ticketed booking names its tickets beside the count ("3 (2 × Adult, 1 × Child)").
      participants: r.tickets?.length ? `${b.participants} (${ticketsText(r.tickets)})` : b.participants,
      // The tax is named where the total is (docs/decisions/0012-right-about-money.md), so a stored template needs no new variable.
      total:
        b.tax > 0
          ? `${formatUsd(b.total)} (includes ${formatUsd(b.tax)} tax at ${formatPercent(b.taxRate)})`
          : formatUsd(b.total),
      payBy: b.dueBy,
      holdHours: UNPAID_HOLD_HOURS,
      hasPaymentMethods: paymentLinksList.length > 0 || Boolean(b.methods.zelle),
      paymentLinks: paymentLinksList,
      zelle: b.methods.zelle ?? '',
      paymentNote: b.paymentNote,
      ...manage,
      businessPhone: business.phone ?? '',
    }));
    const mail = await renderStoredEmail(TEMPLATE, variables, reads.template);
    await sendMailWithAttachments({
      to,
      ...mail,
      template: TEMPLATE,
      tenant,
      attachments: [calendarAttachment(tenant, r, b.serviceName, business)],
    });
  } catch (e) {
    logger.warn('booking confirmation not sent', { error: e as Error, reservationId: r.id });
  }
}
