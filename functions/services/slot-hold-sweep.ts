import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { shardedIndexItems } from '../lib/sweep-shards.js';
import { isIndexPartition, shardedIndexKey } from '../lib/sweep-shard-keys.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { reservationKey } from '../reservations/entity.js';
import { getRow } from '../lib/coalesced-get.js';
import { SERVICE_ROWS } from './model.js';
import { holdsOf } from './slot-hold-attributes.js';
import {
  forgetHolds,
  HOLD_RELEASE_AFTER_MS,
  releaseHold,
  SLOT_HOLDS_INDEX_PK,
  slotHoldsPointerKey,
} from './slot-holds.js';

/**
 * The places of bookings whose process died between taking them and landing (services/slot-holds.ts,
 * R-BOOK-5): services whose newest hold is old enough are found by a Query of the SWEEP#SLOTHOLDS
 * index (never a scan). Holds whose reservations exist are only forgotten, together; one without a
 * reservation, older than HOLD_RELEASE_AFTER_MS (the booking's own commit window is far shorter), gives
 * its places back once. A service without holds left drops out of the index. Safe to run twice at once.
 */
export async function sweepSlotHolds(now = Date.now()): Promise<{ services: number; released: number }> {
  let services = 0;
  let released = 0;
  // Every shard of the index and its legacy key (R-PLAT-17), oldest hold first.
  for await (const pointer of shardedIndexItems(SLOT_HOLDS_INDEX_PK, {
    TableName: tableName(),
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
    ExpressionAttributeValues: { ':now': `${new Date(now).toISOString()}\uffff` },
    ProjectionExpression: 'pk, sk, id',
    Limit: 100,
  })) {
    services++;
    const tenant = trustedTenant(String(pointer.pk).replace(/^T#/, ''));
    released += await sweepService(tenant, String(pointer.id), now);
  }
  return { services, released };
}

async function sweepService(tenant: TenantId, serviceId: string, now: number): Promise<number> {
  const key = keys.entity(tenant, SERVICE_ROWS.service, serviceId);
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
    due.filter((_, i) => landed[i]).map((h) => h.holdId),
  );
  let released = 0;
  for (const [i, hold] of due.entries()) {
    if (landed[i] || !(await releaseHold(tenant, serviceId, hold.holdId))) continue;
    released++;
    logger.warn('places of an abandoned booking given back', { serviceId, holdId: hold.holdId });
  }
  const next = young.length ? slotHoldsPointerKey(tenant, serviceId, Math.min(...young)) : null;
  await movePointer(tenant, key, item.gsi1pk, Number(item.version) + released, next);
  return released;
}

/**
 * The index pointer follows the oldest hold left, or goes. Conditional on the row's version as read
 * (plus the releases made here): a booking that took places meanwhile leaves the pointer due, and the
 * next run looks again. A pointer still under the legacy unsharded key moves to its shard (R-PLAT-17).
 */
async function movePointer(
  tenant: TenantId,
  key: ReturnType<typeof keys.entity>,
  indexedAs: unknown,
  version: number,
  next: string | null,
): Promise<void> {
  if (!isIndexPartition(SLOT_HOLDS_INDEX_PK, indexedAs)) return; // no pointer left to move

  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: next ? 'SET gsi1pk = :shard, gsi1sk = :next' : 'REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'gsi1pk = :pk AND #version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: {
          ':pk': indexedAs,
          ':version': version,
          ...(next ? { ':next': next, ':shard': shardedIndexKey(SLOT_HOLDS_INDEX_PK, tenant) } : {}),
        },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}
