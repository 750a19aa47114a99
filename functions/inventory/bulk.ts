import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { chunk } from '../../shared/domain/inventory.js';
import { WriteFailed } from '../lib/audited-write.js';
import { db } from '../lib/db.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { shardedIndexItems } from '../lib/sweep-shards.js';
import {
  type BatchRow,
  conditionFailed,
  DELETE_CHUNK,
  deleteChunkWrite,
  dropBatch,
  parseBatch,
  parseBatchPointer,
  readItems,
  splitReserved,
} from './bulk-batch.js';
import { finishCreate, finishDelete } from './bulk-finish.js';
import { BATCH_INDEX_PK, INVENTORY_ROWS, getRow, type ItemRow, table } from './model.js';

/**
 * Bulk writes of up to 100 items, all or nothing as people see them.
 *
 * DynamoDB takes at most 100 actions per transaction and 100 items need 200 rows (item + number
 * marker) plus counters and the log entry, so one transaction cannot hold a batch. Instead:
 * 1. check every number first (consistent reads): a taken one refuses the batch, nothing written;
 * 2. record the intent (a batch row listing the items, found by the recovery sweep if we crash);
 * 3. write in chunks, each one transaction that is complete in itself (items, markers, the type's
 *    count and the stats move together, so counters are exact at every moment);
 * 4. if a chunk fails (someone took a number in between), undo the chunks already written;
 * 5. finish with one transaction: the BULK_* log entry and the intent row's removal.
 * A batch interrupted between 2 and 5 is rolled back (creates) or finished (deletes) by
 * `recoverStaleBatches`, run from the sweeps (every minute). See docs/decisions/0075-inventory-batch-recovery-drains-every-stale-batch.md.
 *
 * The parts: `bulk-batch.ts` (the intent row, the chunk writes and the reads they re-check with),
 * `bulk-create.ts`, `bulk-delete.ts`, `bulk-finish.ts` (step 5) and, here, the crash recovery that the
 * sweeps run (the area's public module for them).
 */

/**
 * An intent older than this is an interrupted batch, not a running one: API functions time out at
 * 29 s (infra/lambda.ts), so a batch a minute old has no Lambda left writing it. With the recovery
 * sweep every minute (functions/lib/sweep-schedules.ts), part of an unfinished batch is visible for at
 * most 2 minutes (docs/decisions/0163-hardening-interrupted-bulk-creates.md).
 */
export const STALE_BATCH_MS = 60_000;

/**
 * Rolls back what an interrupted create wrote, item by item, only where nobody touched it since: an
 * item still carrying the batch id with the batch's own `updatedAt` and number is removed (the
 * delete is conditional on exactly that, so an edit racing the sweep wins); an item someone edited,
 * renamed or rented meanwhile is kept and returned. Idempotent; safe with two sweeps at once.
 */
async function rollBackCreate(tenant: TenantId, batch: BatchRow): Promise<ItemRow[]> {
  const original = new Map(batch.items.map((r) => [r.id, r]));
  const kept = new Map<string, ItemRow>();
  for (const part of chunk(batch.items, DELETE_CHUNK)) {
    let lost: unknown;
    await optimistic(
      async () => {
        // every item of the batch still there; an edit may have rewritten it without the batch id
        const present = await readItems(
          tenant,
          part.map((r) => r.id),
        );
        // An item booked since (even for later: the item row does not show it) is someone's rental now.
        const free = new Set((await splitReserved(tenant, present)).free.map((r) => r.id));
        const untouched = present.filter((p) => {
          const o = original.get(p.id);
          return (
            o &&
            free.has(p.id) &&
            p.batchId === batch.id &&
            p.updatedAt === o.updatedAt &&
            p.itemNumber === o.itemNumber
          );
        });
        for (const p of present) if (!untouched.includes(p)) kept.set(p.id, p);
        if (!untouched.length) return;
        // delete only what is exactly as the batch wrote it (an edit racing the sweep wins)
        const w = await deleteChunkWrite(tenant, untouched, (p) => ({
          condition: 'batchId = :b AND updatedAt = :u',
          values: { ':b': batch.id, ':u': p.updatedAt },
        }));
        try {
          await w.commit();
        } catch (e) {
          // someone edited one between our read and the delete, or another sweep got there first: re-read
          lost = e;
          return retryWhen(e, conditionFailed(e));
        }
      },
      () => {
        throw lost;
      },
    );
  }
  return [...kept.values()];
}

/**
 * Batches interrupted by a crash: an unfinished create is rolled back (its items never showed as
 * a finished batch), an unfinished delete is finished (the user asked for it). Idempotent.
 */
export async function recoverStaleBatches(now = Date.now(), budgetMs = 10 * 60_000): Promise<number> {
  const before = new Date(now - STALE_BATCH_MS).toISOString();
  const deadline = Date.now() + budgetMs;
  let recovered = 0;
  // One pass over every shard of the index and its legacy key (R-PLAT-17), oldest first: an entry
  // the index still lists after its batch was dealt with (it lags the table) is skipped by
  // recoverBatch; the time budget leaves anything beyond it to the next hourly run.
  for await (const pointer of shardedIndexItems(BATCH_INDEX_PK, {
    TableName: table(),
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
    ExpressionAttributeValues: { ':before': before },
    Limit: 25,
  })) {
    if (await recoverBatch(parseBatchPointer(pointer))) recovered++;
    if (Date.now() > deadline) break;
  }
  return recovered;
}

/** Rolls one batch back or forward; false if it was already dealt with (the index lags the table). */
async function recoverBatch(pointer: { id: string; tenantId: string }): Promise<boolean> {
  const tenant = trustedTenant(pointer.tenantId);
  const res = await db().send(
    new GetCommand({
      TableName: table(),
      Key: keys.entity(tenant, INVENTORY_ROWS.batch, pointer.id),
      ConsistentRead: true,
    }),
  );
  const batch: BatchRow | null = res.Item ? parseBatch(res.Item) : null;
  if (!batch) return false;
  if (batch.kind === 'CREATE') {
    const kept = await rollBackCreate(tenant, batch);
    if (kept.length) {
      // People changed these after the crash: they are theirs now. Log them as created (the batch
      // never was), instead of destroying or orphaning the change.
      const typeName = (await getRow(tenant, INVENTORY_ROWS.productType, kept[0]!.productTypeId))?.name ?? 'Unknown';
      try {
        await finishCreate(tenant, { ...batch, items: kept }, typeName);
      } catch (e) {
        if (!(e instanceof WriteFailed && e.failed.includes('batch'))) throw e; // another run finished it meanwhile
      }
    } else {
      await dropBatch(tenant, batch.id);
    }
  } else {
    // Finish what the user asked for, except items a rental has taken since the crash: they stay
    // (and stay out of the log entry). Re-read and retry on a lost race: a concurrent run may delete
    // some of the same items first.
    const inUse = new Set<string>();
    let lost: unknown;
    await optimistic(
      async () => {
        try {
          const left = await readItems(
            tenant,
            batch.items.map((r) => r.id),
          );
          for (const k of (await splitReserved(tenant, left)).kept) inUse.add(k.id);
          for (const part of chunk(
            left.filter((r) => !inUse.has(r.id)),
            DELETE_CHUNK,
          ))
            await (await deleteChunkWrite(tenant, part)).commit();
        } catch (e) {
          lost = e;
          return retryWhen(e, conditionFailed(e));
        }
      },
      () => {
        throw lost;
      },
    );
    try {
      await finishDelete(
        tenant,
        batch,
        batch.items.filter((r) => !inUse.has(r.id)),
      );
    } catch (e) {
      // Another run finished it meanwhile (the intent row's delete is conditional): one log entry only.
      if (!(e instanceof WriteFailed && e.failed.includes('batch'))) throw e;
    }
  }
  return true;
}
