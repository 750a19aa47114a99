/**
 * Places going back to a service slot (the 'slot-release' part): a cancelled service reservation's
 * (`addSlotReleaseParts`, composed by reservations/lifecycle.ts) and an offer that ended without a
 * booking (waitlist-release.ts, R-SVC-9), and an offer's places taken (waitlist-offers.ts): all on
 * the slot row (slot-rows.ts). No booking transaction here: the reservations' lifecycle loads only this.
 */
import { placesTaken, sameSlot, type Slot, type SlotRef } from '../../shared/domain/slots.js';
import type { AuditedWrite } from '../lib/audited-write.js';
import { keys, type TenantId } from '../lib/keys.js';
import { placesLeft, type SlotCount, slotCount, slotRowKey, slotTag } from './slot-rows.js';
import type { ReservationRow } from '../reservations/entity.js';
import { SERVICE_ROWS, type ServiceRow } from './model.js';
import { getServiceRow } from './store.js';
import { addWaitlistCheckParts } from './waitlist-store.js';

/** The slot of a service, with its index in the availability list. */
export function findSlot(service: ServiceRow, ref: SlotRef): { slot: Slot; index: number } | null {
  const index = service.availability.findIndex((s) => sameSlot(s, ref));
  return index < 0 ? null : { slot: service.availability[index]!, index };
}

/** A slot's parts as `service` was read (getServiceRow reads them with the slot rows). */
export const countOf = (service: ServiceRow, slot: Slot): SlotCount =>
  service.counts?.[slotTag(slot)] ?? slotCount(slot);

/** The condition that the slot row's `taken` is still the one read (no row reads as 0). */
const takenAsRead = (c: SlotCount) =>
  c.taken === 0 ? 'attribute_not_exists(taken) OR taken = :seen' : 'taken = :seen';

/**
 * `places` out of the slot row within a transaction (a waitlist offer, R-SVC-9): conditional on the
 * count read, so they fit; the caller's transaction also checks the service row's version (capacity).
 */
export function addPlacesTaken(
  w: AuditedWrite,
  tenant: TenantId,
  serviceId: string,
  slot: Slot,
  count: SlotCount,
  places: number,
): void {
  w.update('slot-hold', slotRowKey(tenant, serviceId, slot), {
    update: 'SET taken = :taken, serviceId = :sid, #slot = :slot',
    condition: takenAsRead(count),
    names: { '#slot': 'slot' },
    values: {
      ':taken': count.taken + places,
      ':seen': count.taken,
      ':sid': serviceId,
      ':slot': { date: slot.date, startTime: slot.startTime, endTime: slot.endTime },
    },
  });
}

/**
 * `places` back to the slot row read, never above the capacity staff set; conditional on the count
 * read. Freed places go to the slot's waitlist first (R-SVC-9): its check marker lands with the same
 * transaction. Nothing is written when the slot is already at capacity.
 */
export function addPlacesBack(
  w: AuditedWrite,
  tenant: TenantId,
  service: ServiceRow,
  found: { slot: Slot; index: number },
  places: number,
): void {
  const count = countOf(service, found.slot);
  // Left = stored - taken; at most the capacity, so taken never below stored - capacity.
  const taken = Math.max(count.taken - places, count.stored - count.capacity);
  if (placesLeft({ ...count, taken }) === placesLeft(count)) return;
  w.update('slot-release', slotRowKey(tenant, service.id, found.slot), {
    update: 'SET taken = :taken, serviceId = :sid, #slot = :slot',
    condition: takenAsRead(count),
    names: { '#slot': 'slot' },
    values: {
      ':taken': taken,
      ':seen': count.taken,
      ':sid': service.id,
      ':slot': { date: found.slot.date, startTime: found.slot.startTime, endTime: found.slot.endTime },
    },
  });
  addWaitlistCheckParts(w, tenant, service.id, found.slot);
}

/**
 * The places of a cancelled service reservation back to its slot, with the unpaid marker removed.
 * The caller's transition is conditional on the reservation being ACTIVE, so places come back once.
 */
export async function addSlotReleaseParts(w: AuditedWrite, tenant: TenantId, r: ReservationRow): Promise<void> {
  w.delete('unpaid-marker', keys.entity(tenant, SERVICE_ROWS.unpaid, r.id));
  if (!r.serviceId || !r.slot) return;
  const service = await getServiceRow(tenant, r.serviceId, true);
  const found = service && findSlot(service, r.slot);
  if (!found) return;
  const places = Number(r.slotPlaces) || placesTaken(r.service?.rateType ?? '', Number(r.participantCount) || 1);
  addPlacesBack(w, tenant, service, found, places);
}
