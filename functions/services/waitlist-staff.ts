/**
 * The staff's side of a service's waitlist (R-SVC-10): the list, removing an entry, offering places
 * by hand. Loaded on first use by the services handler.
 */
import type { WaitlistEntryView } from '../../shared/contract/routes/waitlist.js';
import { sameSlot } from '../../shared/domain/slots.js';
import { inJoinOrder, isLive, placesNeeded, queuePosition } from '../../shared/domain/waitlist.js';
import { conflict, notFound } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import { getServiceRow } from './store.js';
import { offerEntry } from './waitlist-offers.js';
import { leaveQueue } from './waitlist-release.js';
import { readQueue, type WaitlistEntry } from './waitlist-store.js';

function entryView(e: WaitlistEntry, queue: readonly WaitlistEntry[]): WaitlistEntryView {
  return {
    id: e.id,
    slot: { date: e.slot.date, startTime: e.slot.startTime, endTime: e.slot.endTime },
    status: e.status,
    firstName: e.customer.firstName,
    lastName: e.customer.lastName,
    email: e.customer.email,
    phone: e.customer.phone,
    participantCount: e.participantCount,
    joinedAt: e.joinedAt,
    holdUntil: e.status === 'OFFERED' ? (e.holdUntil ?? null) : null,
    reservationId: e.reservationId ?? null,
    position: queuePosition(
      queue.filter((q) => sameSlot(q.slot, e.slot)),
      e.id,
    ),
  };
}

async function requireService(tenant: TenantId, id: string) {
  const service = await getServiceRow(tenant, id, true);
  if (!service) throw notFound('Service not found');
  return service;
}

/**
 * The staff list (R-SVC-10): unconfirmed joins are not shown (R-SVC-11,
 * docs/decisions/0246-waitlist-confirmation.md): they hold no place and may be made-up addresses.
 */
export async function staffWaitlist(tenant: TenantId, serviceId: string) {
  await requireService(tenant, serviceId);
  const queue = inJoinOrder((await readQueue(tenant, serviceId)).filter((e) => e.status !== 'UNCONFIRMED'));
  return { entries: queue.map((e) => entryView(e, queue)) };
}

async function staffEntry(tenant: TenantId, serviceId: string, entryId: string) {
  const service = await requireService(tenant, serviceId);
  const queue = await readQueue(tenant, serviceId);
  const entry = queue.find((e) => e.id === entryId && e.status !== 'UNCONFIRMED');
  if (!entry) throw notFound('Waitlist entry not found');
  return { service, entry, queue };
}

export async function staffRemove(tenant: TenantId, serviceId: string, entryId: string, actor: string) {
  const { entry } = await staffEntry(tenant, serviceId, entryId);
  if (!isLive(entry.status))
    throw conflict(`Only waiting or offered entries can be removed (this one is ${entry.status.toLowerCase()})`);
  await leaveQueue(tenant, entry.sk, 'REMOVED', actor);
  return { success: true, message: 'Removed from the waitlist' };
}

export async function staffOffer(tenant: TenantId, serviceId: string, entryId: string, now = Date.now()) {
  const { service, entry } = await staffEntry(tenant, serviceId, entryId);
  if (entry.status !== 'WAITING')
    throw conflict(`Only waiting entries can be offered places (this one is ${entry.status.toLowerCase()})`);
  const result = await offerEntry(tenant, service, entry, now, 'STAFF');
  if (result.outcome === 'started') throw conflict('This time slot has started');
  if (result.outcome !== 'offered') {
    const slot = service.availability.find((s) => sameSlot(s, entry.slot));
    const free = Math.max(0, slot?.slotsAvailable ?? 0);
    throw conflict(
      `Not enough free places in this time slot (${free} free, ${placesNeeded(service.rateType, entry)} needed)`,
    );
  }
  const queue = await readQueue(tenant, serviceId, entry.slot);
  return { success: true, message: 'Offer sent', entry: entryView(result.entry!, queue) };
}
