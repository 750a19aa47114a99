import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getRow } from '../lib/coalesced-get.js';
import { logger } from '../lib/logger.js';
import { isIndexPartition, shardedIndexKey } from '../lib/sweep-shard-keys.js';
import { reservationKey } from '../reservation-rows/entity.js';
import { holdsOf } from './slot-hold-attributes.js';
import { HOLD_RELEASE_AFTER_MS, SLOT_HOLDS_INDEX_PK } from './slot-holds.js';
import { sameSlot, type SlotRef } from '../../shared/domain/slots.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { SERVICE_ROWS } from './model.js';
import { HOLD_PREFIX } from './slot-hold-attributes.js';
import { addWaitlistCheckParts } from './waitlist-check.js';

/**
 * Holds written on the service row before slot rows (docs/decisions/0270-slot-rows.md): the sweep settles
 * the ones left at the deploy as before, loaded on first use (slot-hold-sweep.ts). New holds live on
 * slot rows (slot-holds.ts); delete this file once no SWEEP#SLOTHOLDS pointer names a service row.
 */
type Item = Record<string, unknown>;
type StoredSlot = SlotRef & { slotsAvailable: number; originalSlotsAvailable?: number | null };

const slotNames = {
  '#av': 'availability',
  '#left': 'slotsAvailable',
  '#date': 'date',
  '#start': 'startTime',
  '#end': 'endTime',
  '#version': 'version',
};
const slotValues = (slot: SlotRef) => ({ ':date': slot.date, ':start': slot.startTime, ':end': slot.endTime });
const identity = (p: string) => `${p}.#date = :date AND ${p}.#start = :start AND ${p}.#end = :end`;

async function readServiceItem(tenant: TenantId, serviceId: string): Promise<Item | undefined> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.entity(tenant, SERVICE_ROWS.service, serviceId),
      ConsistentRead: true,
    }),
  );
  return res.Item;
}

/**
 * Holds whose reservations landed are no longer needed: removed by one write for the lot (the sweep,
 * services/slot-hold-sweep.ts). Their places stay taken: the reservations carry them now.
 */
async function forgetHolds(tenant: TenantId, serviceId: string, holdIds: readonly string[]): Promise<void> {
  for (let i = 0; i < holdIds.length; i += 50) {
    const names = Object.fromEntries(holdIds.slice(i, i + 50).map((id, n) => [`#h${n}`, `${HOLD_PREFIX}${id}`]));
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.entity(tenant, SERVICE_ROWS.service, serviceId),
          UpdateExpression: `REMOVE ${Object.keys(names).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
        }),
      );
    } catch (e) {
      // The service was deleted meanwhile: its holds went with it.
      if (!isConditionFailure(e)) throw e;
      return;
    }
  }
}

/**
 * Gives a hold's places back to its slot, never above the capacity staff set, and removes the hold;
 * conditional on the hold still being there, so places come back once whoever releases (the failed
 * booking, the sweep). The caller has checked that no reservation carries the hold's id.
 * Answers whether places came back.
 */
async function releaseHold(tenant: TenantId, serviceId: string, holdId: string): Promise<boolean> {
  const name = `${HOLD_PREFIX}${holdId}`;
  return optimistic(
    async () => {
      const item = await readServiceItem(tenant, serviceId);
      const held = item?.[name] as { slot?: SlotRef; places?: number } | undefined;
      if (!item || !held?.slot || typeof held.places !== 'number') return false;
      // The raw row: the service's own parser lives in store.ts, which imports this module.
      const slots = (Array.isArray(item.availability) ? item.availability : []) as StoredSlot[];
      const index = slots.findIndex((s) => sameSlot(s, held.slot!));
      const w = auditedWrite(tenant);
      const key = keys.entity(tenant, SERVICE_ROWS.service, serviceId);
      const slot = slots[index];
      if (!slot) {
        // The slot was removed by staff: nothing to give back to.
        w.update('hold', key, {
          update: 'REMOVE #hold',
          condition: 'attribute_exists(#hold)',
          names: { '#hold': name },
        });
      } else {
        const capacity = slot.originalSlotsAvailable ?? Number.POSITIVE_INFINITY;
        const restored = Math.min(slot.slotsAvailable + held.places, capacity);
        const p = `#av[${index}]`;
        w.update('hold', key, {
          update: `SET ${p}.#left = :restored, #version = #version + :one REMOVE #hold`,
          condition: `attribute_exists(#hold) AND ${p}.#left = :seen AND ${identity(p)}`,
          names: { ...slotNames, '#hold': name },
          values: { ':restored': restored, ':seen': slot.slotsAvailable, ':one': 1, ...slotValues(slot) },
        });
        // Freed places go to the slot's waitlist first (R-SVC-9).
        if (restored > slot.slotsAvailable) addWaitlistCheckParts(w, tenant, serviceId, slot);
      }
      try {
        await w.commit();
        return Boolean(slot);
      } catch (e) {
        return retryWhen(e, e instanceof WriteFailed);
      }
    },
    () => false,
  );
}

/** The holds of one service row from before slot rows, settled as before. */
export async function sweepService(tenant: TenantId, serviceId: string, now: number): Promise<number> {
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
  const next = young.length ? pointerKey(tenant, serviceId, Math.min(...young)) : null;
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

const pointerKey = (tenant: TenantId, serviceId: string, at: number) =>
  `${new Date(at + HOLD_RELEASE_AFTER_MS).toISOString()}#${tenant}#${serviceId}`;
