/**
 * Places going back to a service slot (the 'slot-release' part): a cancelled service reservation's
 * (`addSlotReleaseParts`, composed by reservations/lifecycle.ts) and an offer that ended without a
 * booking (waitlist-release.ts, R-SVC-9): on the slot row (slot-rows.ts), read through
 * slot-places.ts, which also takes an offer's places. No booking transaction here: the reservations'
 * lifecycle loads only this.
 */
import { placesTaken, type Slot } from '../../shared/domain/slots.js';
import type { AuditedWrite } from '../lib/audited-write.js';
import { keys, type TenantId } from '../lib/keys.js';
import type { ReservationRow } from '../reservation-rows/entity.js';
import { countOf, findSlot, takenAsRead } from './slot-places.js';
import { placesLeft, slotRowKey } from './slot-rows.js';
import { SERVICE_ROWS, type ServiceRow } from './model.js';
import { getServiceRow } from './store.js';
import { addWaitlistCheckParts } from './waitlist-check.js';

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

/** What a cancelled reservation tells of its places: the reservation row's fields the release reads. */
type ReleasedReservation = Pick<
  ReservationRow,
  'id' | 'serviceId' | 'slot' | 'slotPlaces' | 'participantCount' | 'service'
>;

/**
 * The places of a cancelled service reservation back to its slot, with the unpaid marker removed.
 * The caller's transition is conditional on the reservation being ACTIVE, so places come back once.
 */
export async function addSlotReleaseParts(w: AuditedWrite, tenant: TenantId, r: ReleasedReservation): Promise<void> {
  w.delete('unpaid-marker', keys.entity(tenant, SERVICE_ROWS.unpaid, r.id));
  if (!r.serviceId || !r.slot) return;
  const service = await getServiceRow(tenant, r.serviceId, true);
  const found = service && findSlot(service, r.slot);
  if (!found) return;
  const places = Number(r.slotPlaces) || placesTaken(r.service?.rateType ?? '', Number(r.participantCount) || 1);
  addPlacesBack(w, tenant, service, found, places);
}
