import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SlotRef } from '../../shared/domain/slots.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { shardedIndexItems } from '../lib/sweep-shards.js';
import { isIndexPartition } from '../lib/sweep-shard-keys.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { reservationKey } from '../reservation-rows/entity.js';
import { getRow } from '../lib/coalesced-get.js';
import { holdsOf } from './slot-hold-attributes.js';
import {
  forgetHolds,
  HOLD_RELEASE_AFTER_MS,
  releaseHold,
  SLOT_HOLDS_INDEX_PK,
  slotHoldsPointer,
} from './slot-holds.js';
import { SLOT_ROW, slotRowKey } from './slot-rows.js';

/**
 * The places of bookings whose process died between taking them and landing (services/slot-holds.ts,
 * R-BOOK-5): slot rows whose oldest hold is old enough are found by a Query of the SWEEP#SLOTHOLDS
 * index (never a scan; the pointer is on the small slot row, never the service row). Holds whose
 * reservations exist are only forgotten, together; one without a reservation, older than
 * HOLD_RELEASE_AFTER_MS (the booking's own commit window is far shorter), gives its places back once.
 * A slot row without holds left drops out of the index. Safe to run twice at once. Service rows
 * still carrying holds from before slot rows are settled as before (slot-holds-legacy.ts).
 */
export async function sweepSlotHolds(now = Date.now()): Promise<{ services: number; released: number }> {
  let services = 0;
  let released = 0;
  // Every shard of the index and its legacy key (R-PLAT-17), oldest hold first.
  for await (const pointer of shardedIndexItems(SLOT_HOLDS_INDEX_PK, {
    TableName: tableName(),
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
    ExpressionAttributeValues: { ':now': `${new Date(now).toISOString()}\uffff` },
    ProjectionExpression: 'pk, sk, id, serviceId, #slot',
    ExpressionAttributeNames: { '#slot': 'slot' },
    Limit: 100,
  })) {
    services++;
    const tenant = trustedTenant(String(pointer.pk).replace(/^T#/, ''));
    if (String(pointer.sk).startsWith(`${SLOT_ROW}#`))
      released += await sweepSlot(tenant, String(pointer.serviceId), pointer.slot as SlotRef, now);
    else released += await (await import('./slot-holds-legacy.js')).sweepService(tenant, String(pointer.id), now);
  }
  return { services, released };
}

async function sweepSlot(tenant: TenantId, serviceId: string, slot: SlotRef, now: number): Promise<number> {
  const key = slotRowKey(tenant, serviceId, slot);
  const read = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const item = read.Item;
  if (!item) return 0;
  const holds = holdsOf(item);
  const due = holds.filter((h) => now - h.at >= HOLD_RELEASE_AFTER_MS);
  const young = holds.filter((h) => now - h.at < HOLD_RELEASE_AFTER_MS).map((h) => h.at);
  // One request for every due hold's reservation (lib/coalesced-get.ts).
  const landed = await Promise.all(due.map((h) => getRow(reservationKey(tenant, h.holdId), { consistent: true })));
  await forgetHolds(
    tenant,
    serviceId,
    slot,
    due.filter((_, i) => landed[i]).map((h) => h.holdId),
  );
  let released = 0;
  for (const [i, hold] of due.entries()) {
    if (landed[i] || !(await releaseHold(tenant, { serviceId, slot, holdId: hold.holdId, places: hold.places })))
      continue;
    released++;
    logger.warn('places of an abandoned booking given back', { serviceId, holdId: hold.holdId });
  }
  const next = young.length ? slotHoldsPointer(tenant, serviceId, slot, Math.min(...young)) : null;
  await movePointer(key, item.gsi1pk, Number(item.v) + released, next);
  return released;
}

/**
 * The index pointer follows the oldest hold left, or goes. Conditional on the row's `v` as read
 * (plus the releases made here): a booking that took places meanwhile leaves the pointer due, and the
 * next run looks again.
 */
async function movePointer(
  key: ReturnType<typeof keys.entity>,
  indexedAs: unknown,
  v: number,
  next: { gsi1pk: string; gsi1sk: string } | null,
): Promise<void> {
  if (!isIndexPartition(SLOT_HOLDS_INDEX_PK, indexedAs)) return; // no pointer left to move
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: next ? 'SET gsi1pk = :shard, gsi1sk = :next' : 'REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'gsi1pk = :pk AND #v = :v',
        ExpressionAttributeNames: { '#v': 'v' },
        ExpressionAttributeValues: {
          ':pk': indexedAs,
          ':v': v,
          ...(next ? { ':next': next.gsi1sk, ':shard': next.gsi1pk } : {}),
        },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}
