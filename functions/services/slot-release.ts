/**
 * Places going back to a service slot (the 'slot-release' part): a cancelled service reservation's
 * (`addSlotReleaseParts`, composed by reservations/lifecycle.ts) and an offer that ended without a
 * booking (waitlist-release.ts, R-SVC-9). The slot expressions are shared with the offer's hold
 * (waitlist-offers.ts). No booking transaction here: the reservations' lifecycle loads only this.
 */
import { placesTaken, sameSlot, type Slot, type SlotRef } from '../../shared/domain/slots.js';
import type { AuditedWrite } from '../lib/audited-write.js';
import { keys, type TenantId } from '../lib/keys.js';
import type { ReservationRow } from '../reservations/entity.js';
import { SERVICE_ROWS, type ServiceRow } from './model.js';
import { getServiceRow } from './store.js';
import { addWaitlistCheckParts } from './waitlist-store.js';

/** The attribute names of a conditional write to one slot of the availability list (`#av[i]`). */
export const slotNames = {
  '#av': 'availability',
  '#left': 'slotsAvailable',
  '#date': 'date',
  '#start': 'startTime',
  '#end': 'endTime',
  '#version': 'version',
};
export const slotValues = (slot: SlotRef) => ({ ':date': slot.date, ':start': slot.startTime, ':end': slot.endTime });

/** The slot of a service, with its index in the availability list. */
export function findSlot(service: ServiceRow, ref: SlotRef): { slot: Slot; index: number } | null {
  const index = service.availability.findIndex((s) => sameSlot(s, ref));
  return index < 0 ? null : { slot: service.availability[index]!, index };
}

/**
 * `places` back to the very slot read, never above the capacity staff set; conditional on the count
 * read. Freed places go to the slot's waitlist first (R-SVC-9): its check marker lands with the same
 * transaction. Nothing is written when the slot is already at capacity.
 */
export function addPlacesBack(
  w: AuditedWrite,
  tenant: TenantId,
  serviceId: string,
  found: { slot: Slot; index: number },
  places: number,
): void {
  const { slot, index } = found;
  const capacity = slot.originalSlotsAvailable ?? Number.POSITIVE_INFINITY;
  const restored = Math.min(slot.slotsAvailable + places, capacity);
  if (restored === slot.slotsAvailable) return;
  const p = `#av[${index}]`;
  w.update('slot-release', keys.entity(tenant, SERVICE_ROWS.service, serviceId), {
    update: `SET ${p}.#left = :restored, #version = #version + :one`,
    condition: `${p}.#left = :seen AND ${p}.#date = :date AND ${p}.#start = :start AND ${p}.#end = :end`,
    names: slotNames,
    values: { ':restored': restored, ':seen': slot.slotsAvailable, ':one': 1, ...slotValues(slot) },
  });
  addWaitlistCheckParts(w, tenant, serviceId, slot);
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
  addPlacesBack(w, tenant, r.serviceId, found, places);
}
