import { formatPercent } from '../../shared/domain/money.js';
import { formatUsd } from '../../shared/domain/pricing.js';
import { UNPAID_HOLD_HOURS } from '../../shared/domain/share.js';
import { paymentLinks, type PaymentMethods } from '../../shared/domain/share-payment.js';
import { getOrganization } from '../auth/store.js';
import type { TenantId } from '../lib/keys.js';
import { trySendMail } from '../lib/mail.js';
import { loadTemplate, renderStoredEmail } from '../platform/template-store.js';

const TEMPLATE = 'booking-confirmation';

/** What the confirmation reads besides the booking: the business's name and the stored template. */
export interface ConfirmationReads {
  organization: ReturnType<typeof getOrganization>;
  template: ReturnType<typeof loadTemplate>;
}

/**
 * Starts the confirmation's reads as a booking asks for its places, so they share the booking's own
 * read batch and run while it commits, not after it (docs/decisions/0238-booking-rush.md). A booking
 * refused meanwhile never awaits them: their failures are caught here, and seen again by whoever awaits.
 */
export function readAheadForConfirmation(tenant: TenantId): ConfirmationReads {
  const reads = { organization: getOrganization(tenant), template: loadTemplate(TEMPLATE) };
  reads.organization.catch(() => undefined);
  reads.template.catch(() => undefined);
  return reads;
}

/**
 * The same instructions as the payment-required page, by e-mail (SES, template 'booking-confirmation').
 * A failure never undoes the booking.
 */
export async function sendConfirmation(
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
  reads: ConfirmationReads = readAheadForConfirmation(tenant),
) {
  const paymentLinksList = paymentLinks(b.methods, b.total, b.paymentNote, { mobile: false });
  const variables = reads.organization.then((org) => ({
    businessName: org?.name ?? '',
    serviceName: b.serviceName,
    reservationNumber: b.reservationNumber,
    slot: b.slot,
    participants: b.participants,
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
  }));
  const mail = await renderStoredEmail(TEMPLATE, variables, reads.template);
  await trySendMail({ to, ...mail, tenant });
}
