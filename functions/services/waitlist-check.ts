/**
 * The "waitlist check" that freed places leave behind (R-SVC-9, docs/decisions/0236-waitlist.md): the
 * marker written with the transaction that frees them, and the offers run right after its commit
 * (./waitlist-offers.ts, loaded on first use). Apart from the waitlist's rows (./waitlist-store.ts) so
 * the offers, which read those rows, do not import the module that starts them
 * (docs/decisions/0260-areas-depend-one-way.md: no file cycles).
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { sameSlot, type Slot, type SlotRef } from '../../shared/domain/slots.js';
import { slotKey } from '../../shared/domain/waitlist.js';
import type { AuditedWrite } from '../lib/audited-write.js';
import { db, tableName } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';
import { CHECK_INDEX_PK, checkKey, readQueue } from './waitlist-store.js';

function checkMarker(tenant: TenantId, serviceId: string, slot: SlotRef, due: string) {
  return {
    ...checkKey(tenant, serviceId, slot),
    gsi1pk: shardedIndexKey(CHECK_INDEX_PK, tenant),
    gsi1sk: `${due}#${tenant}#${serviceId}#${slotKey(slot)}`,
    tenantId: tenant,
    serviceId,
    slot: { date: slot.date, startTime: slot.startTime, endTime: slot.endTime },
    checkId: randomUUID(),
    due,
  };
}

/** Runs the slot's offers now (services/waitlist-offers.ts, loaded on first use); never fails its caller. */
async function runCheckNow(tenant: TenantId, serviceId: string, slot: SlotRef): Promise<void> {
  try {
    const { processCheck } = await import('./waitlist-offers.js');
    await processCheck(tenant, serviceId, slot);
  } catch (e) {
    // The marker stays: the sweep makes the offer within a minute (docs/decisions/0236-waitlist.md).
    logger.warn('waitlist check left to the sweep', { error: e as Error, serviceId });
  }
}

/**
 * Places of a slot came free (R-SVC-9): the "waitlist check" marker goes into the same transaction,
 * so the offer can never be forgotten, and the offers run right after the commit for speed.
 */
export function addWaitlistCheckParts(w: AuditedWrite, tenant: TenantId, serviceId: string, slot: SlotRef): void {
  w.put('waitlist-check', checkMarker(tenant, serviceId, slot, new Date().toISOString()));
  w.afterCommit(() => runCheckNow(tenant, serviceId, slot));
}

/**
 * A staff edit raised slots' places (R-SVC-9): a check per raised slot, then the offers. The edit is
 * one conditional Put of the service row; the markers follow it (a crash in between loses only the
 * immediate offer of an edit, which the next freed place or a hand offer makes).
 */
export async function checkRaisedSlots(
  tenant: TenantId,
  serviceId: string,
  before: readonly Slot[],
  after: readonly Slot[],
): Promise<void> {
  const raised = after.filter((s) => {
    const prev = before.find((b) => sameSlot(b, s));
    return prev && s.slotsAvailable > 0 && s.slotsAvailable > prev.slotsAvailable;
  });
  if (!raised.length) return;
  const waiting = (await readQueue(tenant, serviceId)).filter((e) => e.status === 'WAITING');
  raised.splice(0, raised.length, ...raised.filter((s) => waiting.some((e) => sameSlot(e.slot, s))));
  for (const s of raised) {
    try {
      await db().send(
        new PutCommand({ TableName: tableName(), Item: checkMarker(tenant, serviceId, s, new Date().toISOString()) }),
      );
      await runCheckNow(tenant, serviceId, s);
    } catch (e) {
      logger.warn('waitlist check after an edit failed', { error: e as Error, serviceId });
    }
  }
}
