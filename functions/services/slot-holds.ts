import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SlotRef } from '../../shared/domain/slots.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';
import { throughSlotGate } from './slot-gate.js';
import { HOLD_PREFIX, SLOT_HOLDS_INDEX_PK } from './slot-hold-attributes.js';
import { placesLeft, type SlotCount, slotRowKey, slotTag } from './slot-rows.js';
import { addWaitlistCheckParts } from './waitlist-check.js';

/**
 * Places taken out of a slot before the booking's own transaction (docs/requirements/booking.md
 * R-BOOK-5, docs/decisions/0238-booking-rush.md, docs/decisions/0270-slot-rows.md). One conditional
 * UpdateItem on the slot's own row (services/slot-rows.ts) adds the places to its `taken` and writes a
 * hold attribute `hold#{reservationId}` beside them, so a rush is decided by single-item writes that
 * never conflict, and never on the service row, which no longer grows or is rewritten with bookings.
 * The row holds at most one hold per place of its slot.
 *
 * A booking that failed gives its places back at once. Every other hold is settled by the sweep,
 * which finds the slot row through its `gsi1` pointer (SLOT_HOLDS_INDEX_PK, sharded by slot, sorted by
 * when its oldest hold may be settled): holds whose reservations landed are forgotten together by one
 * write, so a booking spends no write of its own on its hold; a hold whose process died gives its places back.
 */
/** A booking commits within this long after taking its places, or gives them back. */
export const HOLD_COMMIT_WINDOW_MS = 20_000;
/** The sweep gives back the places of holds this old whose reservation never landed (well past the commit window). */
export const HOLD_RELEASE_AFTER_MS = 120_000;
export { SLOT_HOLDS_INDEX_PK };

export interface SlotHold {
  holdId: string;
  serviceId: string;
  slot: SlotRef;
  places: number;
  /** When the places were taken (ms). */
  at: number;
}

type TakeOutcome =
  /** `taken`: the slot row's count as the write left it (this booking's places included). */
  | { kind: 'taken'; hold: SlotHold; taken: number }
  /** Not enough places by the count read: `left` is what the slot has by it. */
  | { kind: 'refused'; left: number };

type TakeRequest = {
  serviceId: string;
  slot: SlotRef;
  /** The slot's parts as the service was read (stored count, capacity; `taken` paces only). */
  count: SlotCount;
  places: number;
  holdId: string;
  /** Called as the write goes out (not for a request the pacing refuses). */
  onWrite?: () => void;
};

/** The hold sweep's pointer: a slot's rows spread over the index shards by slot, not by tenant. */
export const slotHoldsPointer = (tenant: TenantId, serviceId: string, slot: SlotRef, at: number) => ({
  gsi1pk: shardedIndexKey(SLOT_HOLDS_INDEX_PK, `${tenant}#${serviceId}#${slotTag(slot)}`),
  gsi1sk: `${new Date(at + HOLD_RELEASE_AFTER_MS).toISOString()}#${tenant}#${serviceId}`,
});

/**
 * Takes `places` from the slot for the booking `holdId`: conditional on the slot row's `taken`
 * leaving them within the stored count and the capacity read. The caller checks the service as it is
 * after the write (admission.ts): a count or link changed by staff meanwhile gives the places back.
 */
export async function takePlaces(tenant: TenantId, req: TakeRequest, now = Date.now()): Promise<TakeOutcome> {
  const key = `${tenant}#${req.serviceId}#${slotTag(req.slot)}`;
  return throughSlotGate(
    key,
    { places: req.places, hint: placesLeft(req.count) },
    async () => {
      req.onWrite?.();
      const outcome = await writeTake(tenant, req, now);
      const left = outcome.kind === 'taken' ? placesLeft({ ...req.count, taken: outcome.taken }) : outcome.left;
      return { outcome, left };
    },
    (left): TakeOutcome => ({ kind: 'refused', left }),
  );
}

async function writeTake(tenant: TenantId, req: TakeRequest, now: number): Promise<TakeOutcome> {
  const hold: SlotHold = { holdId: req.holdId, serviceId: req.serviceId, slot: req.slot, places: req.places, at: now };
  // Left = min(capacity, stored - taken) >= places: taken <= stored - places, and places within the capacity.
  const max = req.count.stored - req.places;
  if (req.places > req.count.capacity) return { kind: 'refused', left: placesLeft(req.count) };
  const pointer = slotHoldsPointer(tenant, req.serviceId, req.slot, now);
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: slotRowKey(tenant, req.serviceId, req.slot),
        UpdateExpression:
          'SET taken = if_not_exists(taken, :zero) + :places, #v = if_not_exists(#v, :zero) + :one, #hold = :hold, ' +
          'serviceId = :sid, #slot = :slot, gsi1pk = :gpk, gsi1sk = if_not_exists(gsi1sk, :gsk)',
        ConditionExpression: max >= 0 ? 'attribute_not_exists(taken) OR taken <= :max' : 'taken <= :max',
        ExpressionAttributeNames: { '#hold': `${HOLD_PREFIX}${req.holdId}`, '#v': 'v', '#slot': 'slot' },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':places': req.places,
          ':max': max,
          ':hold': { places: req.places, at: now },
          ':sid': req.serviceId,
          ':slot': { date: req.slot.date, startTime: req.slot.startTime, endTime: req.slot.endTime },
          ':gpk': pointer.gsi1pk,
          ':gsk': pointer.gsi1sk,
        },
        ReturnValues: 'UPDATED_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'taken', hold, taken: Number(res.Attributes?.taken) };
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const old = (e as { Item?: { taken?: { N?: string } } }).Item;
    return { kind: 'refused', left: placesLeft({ ...req.count, taken: Number(old?.taken?.N ?? 0) }) };
  }
}

/** The 409 text for a slot without enough places (R-BOOK-5). */
export function refusedText(left: number): string {
  return left <= 0
    ? 'This time slot is fully booked'
    : `Only ${left} place${left === 1 ? '' : 's'} left in this time slot`;
}

/**
 * Holds whose reservations landed are no longer needed: removed by one write for the lot (the sweep,
 * services/slot-hold-sweep.ts). Their places stay taken: the reservations carry them now.
 */
export async function forgetHolds(
  tenant: TenantId,
  serviceId: string,
  slot: SlotRef,
  holdIds: readonly string[],
): Promise<void> {
  for (let i = 0; i < holdIds.length; i += 50) {
    const names = Object.fromEntries(holdIds.slice(i, i + 50).map((id, n) => [`#h${n}`, `${HOLD_PREFIX}${id}`]));
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: slotRowKey(tenant, serviceId, slot),
          UpdateExpression: `REMOVE ${Object.keys(names).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      return;
    }
  }
}

/**
 * Gives a hold's places back to its slot row and removes the hold, conditional on the hold still
 * being there, so places come back once whoever releases (the failed booking, the sweep). A hold
 * added exactly its places to `taken`, so taking them off again needs no read. The caller has checked
 * that no reservation carries the hold's id. Answers whether places came back.
 */
export async function releaseHold(
  tenant: TenantId,
  hold: Pick<SlotHold, 'serviceId' | 'slot' | 'holdId' | 'places'>,
): Promise<boolean> {
  const w = auditedWrite(tenant);
  w.update('hold', slotRowKey(tenant, hold.serviceId, hold.slot), {
    update: 'SET taken = taken - :places, #v = #v + :one REMOVE #hold',
    condition: 'attribute_exists(#hold)',
    names: { '#hold': `${HOLD_PREFIX}${hold.holdId}`, '#v': 'v' },
    values: { ':places': hold.places, ':one': 1 },
  });
  // Freed places go to the slot's waitlist first (R-SVC-9); the check finds nothing to offer if none fit.
  addWaitlistCheckParts(w, tenant, hold.serviceId, hold.slot);
  try {
    await w.commit();
    return true;
  } catch (e) {
    if (e instanceof WriteFailed) return false;
    throw e;
  }
}
