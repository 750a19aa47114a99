/** What an offer costs now and the e-mail that tells the person (R-SVC-9, template 'waitlist-offer'). */
import { fromCents } from '../../shared/domain/money.js';
import { formatUsd, quoteCents } from '../../shared/domain/pricing.js';
import { serviceZone, slotHours, slotRate } from '../../shared/domain/slots.js';
import { computeCharges } from '../../shared/domain/charges.js';
import { formatDateTimeIn, formatSlotIn } from '../../shared/domain/time-text.js';
import { platformUrl } from '../auth/urls.js';
import { getOrganization } from '../auth/store.js';
import type { TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { trySendMail } from '../lib/mail.js';
import { organizationTimeZone } from '../lib/organization.js';
import { renderStoredEmail } from '../lib/template-store.js';
import { effectiveTaxRate } from '../settings/tax.js';
import type { ServiceRow } from './model.js';
import type { WaitlistEntry } from './waitlist-store.js';

/** The price an offer's booking will have (the same rules as the booking: the slot's tier, tax). */
export async function offerPrice(tenant: TenantId, service: ServiceRow, entry: WaitlistEntry) {
  const [orgZone, taxRate] = await Promise.all([organizationTimeZone(tenant), effectiveTaxRate(tenant)]);
  const zone = serviceZone(service, orgZone);
  const price = slotRate(service, entry.slot, zone);
  const participants = service.rateType === 'PER_PERSON' ? entry.participantCount : 1;
  const q = quoteCents({
    rate: price.rate,
    rateType: price.rateType,
    participants,
    hours: slotHours(entry.slot, zone),
    addons: [],
  });
  const charges = computeCharges({ baseCents: q.totalCents, hasService: true, hourlyRateCents: 0, taxRate });
  return {
    zone,
    subtotal: fromCents(charges.subtotalCents),
    taxRate: charges.taxRate,
    taxAmount: fromCents(charges.taxCents),
    totalAmount: fromCents(charges.totalCents),
  };
}

const offerPageUrl = (shareToken: string, offerToken: string) =>
  platformUrl(`/service/${shareToken}/offer/${offerToken}`).toString();

/** The offer e-mail (template 'waitlist-offer'): the slot, the price, until when, the link. Never undoes the offer. */
export async function sendOfferMail(
  tenant: TenantId,
  service: ServiceRow,
  entry: WaitlistEntry,
  token: string,
  zone: string,
  now: number,
) {
  try {
    if (!service.shareToken) return;
    const [org, price] = await Promise.all([getOrganization(tenant), offerPrice(tenant, service, entry)]);
    const mail = await renderStoredEmail('waitlist-offer', {
      businessName: org?.name ?? '',
      firstName: entry.customer.firstName,
      serviceName: service.name,
      slot: formatSlotIn(entry.slot, zone),
      participants: entry.participantCount,
      total: formatUsd(price.totalAmount),
      holdUntil: formatDateTimeIn(entry.holdUntil!, zone, { zoneName: true }),
      offerUrl: offerPageUrl(service.shareToken, token),
    });
    await trySendMail({ to: entry.customer.email, ...mail, tenant });
  } catch (e) {
    logger.warn('waitlist offer e-mail not sent', { error: e as Error, entryId: entry.id });
  }
}
