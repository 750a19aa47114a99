/**
 * A service slot's places as read, and taking them within a transaction (a waitlist offer,
 * waitlist-offers.ts): on the slot row (slot-rows.ts). Apart from slot-release.ts, whose places
 * going back start the waitlist's offers, so the offers do not import what starts them
 * (docs/decisions/0260-areas-depend-one-way.md: no file cycles).
 */
import { sameSlot, type Slot, type SlotRef } from '../../shared/domain/slots.js';
import type { AuditedWrite } from '../lib/audited-write.js';
import type { TenantId } from '../lib/keys.js';
import type { ServiceRow } from './model.js';
import { type SlotCount, slotCount, slotRowKey, slotTag } from './slot-rows.js';

/** The slot of a service, with its index in the availability list. */
export function findSlot(service: ServiceRow, ref: SlotRef): { slot: Slot; index: number } | null {
  const index = service.availability.findIndex((s) => sameSlot(s, ref));
  return index < 0 ? null : { slot: service.availability[index]!, index };
}

/** A slot's parts as `service` was read (getServiceRow reads them with the slot rows). */
export const countOf = (service: ServiceRow, slot: Slot): SlotCount =>
  service.counts?.[slotTag(slot)] ?? slotCount(slot);

/** The condition that the slot row's `taken` is still the one read (no row reads as 0). */
export const takenAsRead = (c: SlotCount) =>
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
