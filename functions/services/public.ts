import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../shared/zod.js';
import { photoUrlsJson } from '../../shared/contract/responses.js';
import { effectiveRate, PUBLIC_RATE_LABEL } from '../../shared/domain/pricing.js';
import { bookableSlots, eventHasEnded, serviceZone, slotRate, slotStart } from '../../shared/domain/slots.js';
import { publicBookingOpen } from '../../shared/domain/modules.js';
import { isShareTokenShape } from '../../shared/domain/share.js';
import { waitlistSettingsOf } from '../../shared/domain/waitlist.js';
import { db, tableName } from '../lib/db.js';
import { hashToken } from '../lib/secure-token.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { cachedModules, cachedOrganizationStatus, isShutOut } from '../lib/modules.js';
import { organizationTimeZone } from '../lib/organization.js';
import { warmCache } from '../lib/warm-cache.js';
import type { ServiceRow } from './model.js';
import { publicBusinessContact } from '../settings/contact.js';
import { effectiveTaxRate } from '../settings/tax.js';
import { readStorefront } from '../settings/storefront-public.js';
import { endedEvent, expiredLink, notFoundLink, unavailableService } from './link-errors.js';
import { photoUrlsFor } from './service-view.js';
import { getServiceRow } from './store.js';

interface SharePointer {
  tenant: TenantId;
  serviceId: string;
}

/** Our own pointer row, keyed by the token's hash: the only source of the link's tenant. */
async function readPointer(token: string): Promise<SharePointer> {
  const ptr = await db().send(new GetCommand({ TableName: tableName(), Key: keys.shareToken(hashToken(token)) }));
  if (!ptr.Item) throw notFoundLink();
  if (ptr.Item.revokedAt) throw expiredLink();
  return { tenant: trustedTenant(String(ptr.Item.tenantId)), serviceId: String(ptr.Item.serviceId) };
}

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
  const ptr = await readPointer(token);
  return checkedShare(token, ptr, await getServiceRow(ptr.tenant, ptr.serviceId), now);
}

async function checkedShare(
  token: string,
  { tenant }: SharePointer,
  service: ServiceRow | null,
  now: number,
): Promise<{ tenant: TenantId; service: ServiceRow }> {
  // A suspended organization's links read "expired" (docs/decisions/0192-platform-suspension.md), within seconds (cached status).
  const [status, modules, orgZone] = await Promise.all([
    cachedOrganizationStatus(tenant),
    cachedModules(tenant),
    organizationTimeZone(tenant),
  ]);
  if (isShutOut(status)) throw expiredLink();
  if (!publicBookingOpen(modules)) throw unavailableService();
  if (!service || service.shareToken !== token || !service.isActive || !service.rsvpSettings.enablePublicBookings)
    throw expiredLink();
  // Slots are wall-clock times of the service's zone, else the organization's: never the server's own (docs/decisions/0008-one-time-zone.md).
  if (eventHasEnded(service.availability, now, serviceZone(service, orgZone))) throw endedEvent();
  return { tenant, service };
}

/** A link's pointer never changes tenant or service; a revoked one also changes the service's token, which the booking's write checks. */
const sharePointers = warmCache<SharePointer>(10 * 60_000);
/** Long enough for a rush to share one read; the booking's own write decides (docs/decisions/0238-booking-rush.md). */
const servicesForBooking = warmCache<ServiceRow | null>(2_000);

/**
 * The share as a booking starts from it (R-BOOK-5): the pointer and the service as this warm function
 * last read them, so the people of a rush share one read and each pays only the conditional write that
 * takes the places. That write checks the token, the service's state and the slot, and answers the row
 * as it is; the booking is made from that answer (booking.ts). A link the warm reads refuse is read
 * again before it is refused. `stale` says the service may be a moment old.
 */
export async function resolveShareForBooking(
  token: string,
  now = Date.now(),
): Promise<{ tenant: TenantId; service: ServiceRow; stale: boolean }> {
  if (!isShareTokenShape(token)) throw notFoundLink();
  // An unknown or revoked link is answered by this read itself: a refused pointer is never kept.
  const ptr = await sharePointers.get(hashToken(token), () => readPointer(token), now);
  try {
    const service = await servicesForBooking.get(
      `${ptr.tenant}#${ptr.serviceId}`,
      () => getServiceRow(ptr.tenant, ptr.serviceId),
      now,
    );
    return { ...(await checkedShare(token, ptr, service, now)), stale: true };
  } catch {
    return { ...(await resolveShare(token, now)), stale: false };
  }
}

/**
 * Only what a customer may see (R-SVC-1 "Public service as read"): no ids of the tenant or of
 * other rows, no share token, no payment handles (those come with the booking), no staff settings.
 */
export async function toPublicService(tenant: TenantId, service: ServiceRow, now = Date.now()) {
  const [urls, business, taxRate, orgZone, storefront, openDays] = await Promise.all([
    photoUrlsFor(tenant, service),
    publicBusinessContact(tenant),
    effectiveTaxRate(tenant),
    organizationTimeZone(tenant),
    readStorefront(tenant),
    // Loaded on first use: the opening hours are not part of the cold start (R-BOOK-9).
    import('./open-days.js').then((m) => m.openDaysOf(tenant)),
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
    // R-BOOK-9: no public booking on a day the store is closed (weekly hours or a special date).
    availability: bookableSlots(service.availability, now, zone)
      .filter(openDays)
      .map((s) => {
        const slotPrice = slotRate(service, s, zone);
        return {
          date: s.date,
          startTime: s.startTime,
          endTime: s.endTime,
          slotsAvailable: s.slotsAvailable,
          rate: slotPrice.rate,
          rateType: slotPrice.rateType,
        };
      }),
    rsvpSettings: { maxParticipants: service.rsvpSettings?.maxParticipants ?? null },
    enableAddons: service.enableAddons,
    addons: service.enableAddons
      ? service.addons.map((a) => ({ id: a.id, name: a.name, rate: a.rate, rateType: a.rateType ?? 'FIXED' }))
      : [],
    ...(service.ticketTypes?.length
      ? { ticketTypes: service.ticketTypes.map((t) => ({ id: t.id, name: t.name, rate: t.rate })) }
      : {}),
    questionnaire: { collectAllergies: service.questionnaire?.collectAllergies === true },
    showPaymentOptions: service.showPaymentOptions,
    business,
    taxRate,
    // What the store shows every customer (R-SET-15..R-SET-17): its terms, accent colour and how to pay.
    storefront,
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
