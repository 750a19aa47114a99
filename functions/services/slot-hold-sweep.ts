import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { getReservationRow } from '../reservations/entity.js';
import { E } from './model.js';
import { holdsOf } from './slot-hold-attributes.js';
import {
  forgetHold,
  HOLD_RELEASE_AFTER_MS,
  releaseHold,
  SLOT_HOLDS_INDEX_PK,
  slotHoldsPointerKey,
} from './slot-holds.js';

/**
 * The places of bookings whose process died between taking them and landing (services/slot-holds.ts,
 * R-BOOK-5): services whose newest hold is old enough are found by a Query of the SWEEP#SLOTHOLDS
 * index (never a scan). A hold whose reservation exists is only forgotten; one without a reservation,
 * older than HOLD_RELEASE_AFTER_MS (the booking's own commit window is far shorter), gives its places
 * back once. A service without holds left drops out of the index. Safe to run twice at once.
 */
export async function sweepSlotHolds(now = Date.now()): Promise<{ services: number; released: number }> {
  let services = 0;
  let released = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
        ExpressionAttributeValues: { ':pk': SLOT_HOLDS_INDEX_PK, ':now': `${new Date(now).toISOString()}\uffff` },
        ProjectionExpression: 'pk, sk, id',
        ExclusiveStartKey: start,
        Limit: 100,
      }),
    );
    for (const pointer of res.Items ?? []) {
      services++;
      const tenant = trustedTenant(String(pointer.pk).replace(/^T#/, ''));
      released += await sweepService(tenant, String(pointer.id), now);
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return { services, released };
}

async function sweepService(tenant: TenantId, serviceId: string, now: number): Promise<number> {
  const key = keys.entity(tenant, E.service, serviceId);
  const read = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const item = read.Item;
  if (!item) return 0;
  let released = 0;
  const young: number[] = [];
  for (const hold of holdsOf(item)) {
    if (now - hold.at < HOLD_RELEASE_AFTER_MS) {
      young.push(hold.at);
      continue;
    }
    if (await getReservationRow(tenant, hold.holdId, true)) await forgetHold(tenant, serviceId, hold.holdId);
    else if (await releaseHold(tenant, serviceId, hold.holdId)) {
      released++;
      logger.warn('places of an abandoned booking given back', { serviceId, holdId: hold.holdId });
    }
  }
  await movePointer(
    key,
    String(item.gsi1sk),
    young.length ? slotHoldsPointerKey(tenant, serviceId, Math.max(...young)) : null,
  );
  return released;
}

/** The index pointer follows the youngest hold left, or goes; unless a booking moved it meanwhile. */
async function movePointer(key: ReturnType<typeof keys.entity>, seen: string, next: string | null): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: next ? 'SET gsi1sk = :next' : 'REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'gsi1pk = :pk AND gsi1sk = :seen',
        ExpressionAttributeValues: { ':pk': SLOT_HOLDS_INDEX_PK, ':seen': seen, ...(next ? { ':next': next } : {}) },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}
