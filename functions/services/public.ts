import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../shared/zod.js';
import { photoUrlsJson } from '../../shared/contract/responses.js';
import { effectiveRate, PUBLIC_RATE_LABEL } from '../../shared/domain/pricing.js';
import { publicBookingOpen } from '../../shared/domain/modules.js';
import {
  EVENT_EXPIRED,
  isShareTokenShape,
  LINK_EXPIRED,
  SERVICE_UNAVAILABLE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '../../shared/domain/share.js';
import { bookableSlots, eventHasEnded, serviceZone, slotStart } from '../../shared/domain/slots.js';
import { waitlistSettingsOf } from '../../shared/domain/waitlist.js';
import { db, tableName } from '../lib/db.js';
import { ApiError } from '../lib/errors.js';
import { hashToken } from '../lib/secure-token.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { cachedModules, cachedOrganizationStatus, isShutOut } from '../lib/modules.js';
import { organizationTimeZone } from '../lib/organization.js';
import type { ServiceRow } from './model.js';
import { publicBusinessContact } from '../settings/contact.js';
import { effectiveTaxRate } from '../settings/tax.js';
import { photoUrlsFor } from './service-view.js';
import { getServiceRow } from './store.js';

/** R-SVC-1 reads `code`; `error` carries the same code so both readings agree. */
const linkError = (status: 404 | 410, code: string, message: string) =>
  new ApiError(status, code, message, undefined, { code });
export const notFoundLink = () => linkError(404, 'NOT_FOUND', 'Service not found or link has expired');
export const expiredLink = () =>
  linkError(404, LINK_EXPIRED, 'This booking link has expired. Please contact the organizer for a new link.');
export const endedEvent = () =>
  linkError(410, EVENT_EXPIRED, 'This event has ended and is no longer available for booking.');
/** 404 like the other dead-link answers: nothing to retry, and no 5xx for a business's own choice. */
export const unavailableService = () => linkError(404, SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE);

/**
 * Share token → tenant and service. The tenant comes from our own pointer row (keyed by the token's
 * hash) and nowhere else. A link whose service was deleted, deactivated, closed to public bookings
 * or given a new token, or whose organization is suspended, reads "expired"; one whose every slot has ended reads "event ended";
 * one whose organization switched off what booking needs reads "unavailable" (the same module cache as the API's module gate).
 */
export async function resolveShare(
  token: string,
  now = Date.now(),
): Promise<{ tenant: TenantId; service: ServiceRow }> {
  if (!isShareTokenShape(token)) throw notFoundLink();
  const ptr = await db().send(new GetCommand({ TableName: tableName(), Key: keys.shareToken(hashToken(token)) }));
  if (!ptr.Item) throw notFoundLink();
  if (ptr.Item.revokedAt) throw expiredLink();
  const tenant = trustedTenant(String(ptr.Item.tenantId));
  // A suspended organization's links read "expired" (docs/decisions/platform-suspension.md), within seconds (cached status).
  const [status, modules, service, orgZone] = await Promise.all([
    cachedOrganizationStatus(tenant),
    cachedModules(tenant),
    getServiceRow(tenant, String(ptr.Item.serviceId)),
    organizationTimeZone(tenant),
  ]);
  if (isShutOut(status)) throw expiredLink();
  if (!publicBookingOpen(modules)) throw unavailableService();
  if (!service || service.shareToken !== token || !service.isActive || !service.rsvpSettings.enablePublicBookings)
    throw expiredLink();
  // Slots are wall-clock times of the service's zone, else the organization's: never the server's own (docs/decisions/one-time-zone.md).
  if (eventHasEnded(service.availability, now, serviceZone(service, orgZone))) throw endedEvent();
  return { tenant, service };
}

/**
 * Only what a customer may see (R-SVC-1 "Public service as read"): no ids of the tenant or of
 * other rows, no share token, no payment handles (those come with the booking), no staff settings.
 */
export async function toPublicService(tenant: TenantId, service: ServiceRow, now = Date.now()) {
  const [urls, business, taxRate, orgZone] = await Promise.all([
    photoUrlsFor(tenant, service),
    publicBusinessContact(tenant),
    effectiveTaxRate(tenant),
    organizationTimeZone(tenant),
  ]);
  const zone = serviceZone(service, orgZone);
  const price = effectiveRate(service, new Date(now), zone);
  return {
    name: service.name,
    description: service.description,
    photo: urls?.medium ?? null,
    photoUrls: urls && z.encode(photoUrlsJson, urls),
    rate: price.rate,
    rateType: price.rateType,
    rateLabel: PUBLIC_RATE_LABEL[price.rateType] ?? '',
    location: service.location,
    notes: service.notes,
    // The zone the slots are in, so the page reads and names it (the customer's browser may be anywhere).
    timeZone: zone,
    availability: bookableSlots(service.availability, now, zone).map((s) => ({
      date: s.date,
      startTime: s.startTime,
      endTime: s.endTime,
      slotsAvailable: s.slotsAvailable,
    })),
    rsvpSettings: { maxParticipants: service.rsvpSettings?.maxParticipants ?? null },
    enableAddons: service.enableAddons,
    addons: service.enableAddons
      ? service.addons.map((a) => ({ id: a.id, name: a.name, rate: a.rate, rateType: a.rateType ?? 'FIXED' }))
      : [],
    questionnaire: { collectAllergies: service.questionnaire?.collectAllergies === true },
    showPaymentOptions: service.showPaymentOptions,
    business,
    taxRate,
    // Full future slots that take a waitlist (R-SVC-8); with the waitlist off they stay hidden (R-BOOK-1).
    ...(waitlistSettingsOf(service).enabled
      ? {
          waitlistSlots: service.availability
            .filter((s) => Number(s.slotsAvailable) <= 0 && slotStart(s, zone) > now)
            .sort((a, b) => slotStart(a, zone) - slotStart(b, zone))
            .map((s) => ({ date: s.date, startTime: s.startTime, endTime: s.endTime })),
        }
      : {}),
  };
}
