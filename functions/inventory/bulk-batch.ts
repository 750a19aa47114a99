import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../shared/zod.js';
import type { ItemStatus } from '../../shared/contract/inventory-models.js';
import { chunk, normaliseItemNumber } from '../../shared/domain/inventory.js';
import { auditedWrite, type AuditedWrite, WriteFailed } from '../lib/audited-write.js';
import { batchGetAll, db } from '../lib/db.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { rowParser } from '../lib/rows.js';
import type { AuthClaims } from '../lib/tokens.js';
import { CLAIM_NUMBER, deleteMarker, itemBookings, itemKey, itemNumberKey, markerRow } from './items.js';
import {
  addToTypeCount,
  BATCH_INDEX_PK,
  countStats,
  INVENTORY_ROWS,
  type ItemRow,
  itemRowSchema,
  parseItemRow,
  productTypeKey,
  type StatsDelta,
  table,
} from './model.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';

/**
 * The parts every bulk path shares (./bulk.ts explains the whole): the batch's intent row, the
 * chunk writes (each one transaction complete in itself) and the reads they re-check with.
 */

/** Item + marker per item, plus the type's count and the stats: 49 × 2 + 2 = 100 actions. */
export const CREATE_CHUNK = 49;
/**
 * Item + marker + the no-active-booking check + the type's count per item (items may span types),
 * plus the stats: 24 × 4 + 1 = 97.
 */
export const DELETE_CHUNK = 24;

export interface BatchRow {
  id: string;
  kind: 'CREATE' | 'DELETE';
  tenantId: string;
  createdAt: string;
  actor: AuthClaims;
  items: ItemRow[];
}
const batchPointer = z.object({ id: z.string(), tenantId: z.string() });
export const parseBatchPointer = rowParser('inventory batch pointer', batchPointer);
export const parseBatch = rowParser(
  'inventory batch',
  z.extend(batchPointer, {
    kind: z.enum(['CREATE', 'DELETE']),
    createdAt: z.string(),
    // The claims of the request that started the batch, written by this module and only logged again.
    actor: z.custom<AuthClaims>((v) => typeof (v as Partial<AuthClaims> | null)?.userId === 'string'),
    items: z.array(itemRowSchema),
  }),
);

/**
 * Records the intent (step 2 of ./bulk.ts) before the first chunk is written: the batch row with its
 * index entry, found by the recovery sweep if the writer dies.
 */
export async function recordBatch(tenant: TenantId, batch: BatchRow): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.entity(tenant, INVENTORY_ROWS.batch, batch.id),
        ...batch,
        gsi1pk: shardedIndexKey(BATCH_INDEX_PK, tenant),
        gsi1sk: `${batch.createdAt}#${tenant}#${batch.id}`,
        // Far beyond recovery's reach; only a safety net for rows nothing else removes.
        expiresAt: Math.floor(Date.now() / 1000) + 7 * 86_400,
      },
    }),
  );
}

/** Removes the intent of a batch that wrote nothing lasting (undone, or nothing left to write). */
export async function dropBatch(tenant: TenantId, id: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: keys.entity(tenant, INVENTORY_ROWS.batch, id) }));
}

/** Conditional (part `batch`), so a batch is finished (and logged) once even if two runs race to finish it. */
export const deleteBatch = (w: AuditedWrite, tenant: TenantId, id: string) =>
  w.delete('batch', keys.entity(tenant, INVENTORY_ROWS.batch, id), { condition: 'attribute_exists(pk)' });

/** A failed condition (by any part): what the bulk paths re-read and retry, or undo, on. */
export const conditionFailed = (e: unknown): e is WriteFailed => e instanceof WriteFailed && e.failed.length > 0;

/** Consistent reads of up to any number of keys (BatchGetItem takes 100 at a time). */
function consistentBatchGet(keyList: Key[]): Promise<Record<string, unknown>[]> {
  return batchGetAll(keyList as unknown as Record<string, unknown>[], { consistent: true });
}

export async function takenNumbers(tenant: TenantId, numbers: string[]): Promise<Set<string>> {
  const rows = await consistentBatchGet(numbers.map((n) => itemNumberKey(tenant, n)));
  return new Set(rows.map((i) => normaliseItemNumber(String(i.itemNumber))));
}

export async function readItems(tenant: TenantId, ids: string[]): Promise<ItemRow[]> {
  return (await consistentBatchGet(ids.map((id) => itemKey(tenant, id)))).map(parseItemRow);
}

/** An item a delete leaves where it is, and the reservations (numbers) that hold it. */
export interface KeptItem {
  id: string;
  itemNumber: string;
  reservations: string[];
}

/**
 * Splits items into those a delete may remove and those out on (or booked for) a rental: an ACTIVE
 * reservation in the item's booking row, or the item IN_USE (docs/decisions/0006-nothing-rented-disappears.md).
 */
export async function splitReserved(tenant: TenantId, rows: ItemRow[]): Promise<{ free: ItemRow[]; kept: KeptItem[] }> {
  const bookings = await (await itemBookings()).activeBookings(
    tenant,
    rows.map((r) => r.id),
  );
  const free: ItemRow[] = [];
  const kept: KeptItem[] = [];
  for (const r of rows) {
    const held = bookings.get(r.id);
    if (held?.length || r.status === 'IN_USE')
      kept.push({ id: r.id, itemNumber: r.itemNumber, reservations: (held ?? []).map((b) => b.reservationNumber) });
    else free.push(r);
  }
  return { free, kept };
}

/**
 * One create chunk as one audited write: per item the item (`item:{id}`) and its number marker
 * (`number:{id}`), then the type's count (`type`, conditional on the type) and the stats counters.
 */
export function createChunkWrite(tenant: TenantId, rows: ItemRow[]): AuditedWrite {
  const w = auditedWrite(tenant);
  const byStatus: Partial<Record<ItemStatus, number>> = {};
  for (const r of rows) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    w.put(`item:${r.id}`, { ...itemKey(tenant, r.id), ...r }, { condition: 'attribute_not_exists(pk)' }).put(
      `number:${r.id}`,
      markerRow(tenant, r.itemNumber, r.id),
      CLAIM_NUMBER,
    );
  }
  addToTypeCount(w, 'type', tenant, rows[0]!.productTypeId, rows.length);
  return countStats(w, tenant, { total: rows.length, ...byStatus });
}

/**
 * Removes items (with their markers and counts) that a bulk write put; idempotent. An item a rental
 * has taken meanwhile (IN_USE, or booked for later) stays: removing it would pull it from under a reservation.
 */
export async function removeItems(tenant: TenantId, rows: ItemRow[], onlyBatch?: string): Promise<void> {
  for (const part of chunk(rows, DELETE_CHUNK)) {
    // Re-read and retry on a lost race: an overlapping recovery run may remove some of the same items.
    let lost: unknown;
    await optimistic(
      async () => {
        const present = await readItems(
          tenant,
          part.map((r) => r.id),
        );
        const mine = (
          await splitReserved(
            tenant,
            present.filter((p) => !onlyBatch || p.batchId === onlyBatch),
          )
        ).free;
        if (!mine.length) return;
        try {
          await (await deleteChunkWrite(tenant, mine)).commit();
        } catch (e) {
          lost = e;
          return retryWhen(e, conditionFailed(e));
        }
      },
      () => {
        throw lost;
      },
    );
  }
}

/**
 * One delete chunk as one audited write: per item the item (`item:{id}`, conditional on its status,
 * plus `extra(row)` when given), its number marker (`number:{id}`) and the check that no ACTIVE
 * reservation holds it (`bookings:{id}`: a booking racing the delete cannot slip through), then each
 * type's count and the stats counters (ADDs: a type deleted meanwhile does not stop the removal).
 */
export async function deleteChunkWrite(
  tenant: TenantId,
  rows: ItemRow[],
  extra?: (r: ItemRow) => { condition: string; values: Record<string, unknown> },
): Promise<AuditedWrite> {
  const { noActiveBookingCheck } = await itemBookings();
  const w = auditedWrite(tenant);
  const delta: StatsDelta = { total: -rows.length };
  for (const r of rows) {
    delta[r.status] = (delta[r.status] ?? 0) - 1;
    const more = extra?.(r);
    w.delete(`item:${r.id}`, itemKey(tenant, r.id), {
      condition: more ? `#s = :s AND ${more.condition}` : '#s = :s',
      names: { '#s': 'status' },
      values: { ':s': r.status, ...more?.values },
    });
    deleteMarker(w, `number:${r.id}`, tenant, r.itemNumber, r.id);
    noActiveBookingCheck(w, `bookings:${r.id}`, tenant, r.id);
  }
  for (const r of rows) w.count(productTypeKey(tenant, r.productTypeId), { itemCount: -1 });
  return countStats(w, tenant, delta);
}

/** Puts deleted items back exactly as they were (compensation of a failed bulk delete). */
export async function restoreItems(tenant: TenantId, rows: ItemRow[]): Promise<void> {
  for (const part of chunk(rows, CREATE_CHUNK)) {
    const byType = new Map<string, ItemRow[]>();
    for (const r of part) byType.set(r.productTypeId, [...(byType.get(r.productTypeId) ?? []), r]);
    for (const group of byType.values()) await createChunkWrite(tenant, group).commit();
  }
}
