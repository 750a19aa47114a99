import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../shared/zod.js';
import type { ItemStatus } from '../../shared/contract/inventory-models.js';
import type { bulkCreateBody } from '../../shared/contract/routes/inventory.js';
import {
  chunk,
  itemIdPrefix,
  normaliseItemNumber,
  repeatedItemNumbers,
  suggestItemIds,
} from '../../shared/domain/inventory.js';
import { auditedWrite, type AuditedWrite, WriteFailed } from '../lib/audited-write.js';
import { batchGetAll, db, nowIso } from '../lib/db.js';
import { conflict, notFound } from '../lib/errors.js';
import { keys, trustedTenant, type Key, type TenantId } from '../lib/keys.js';
import { optimistic, RETRY, retryWhen } from '../lib/optimistic.js';
import { rowParser } from '../lib/rows.js';
import type { AuthClaims } from '../lib/tokens.js';
import { logRow } from './activity-log.js';
import { getRow } from './model.js';
import {
  CLAIM_NUMBER,
  deleteMarker,
  itemBookings,
  itemKey,
  itemNumberKey,
  markerRow,
  requireVariantOfType,
  reservedItemMessage,
} from './items.js';
import {
  addToTypeCount,
  BATCH_INDEX_PK,
  countStats,
  E,
  productTypeKey,
  itemRowSchema,
  parseItemRow,
  type StatsDelta,
  T,
  type ItemRow,
} from './model.js';

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
 * `recoverStaleBatches`, run from the hourly sweep. See docs/decisions/inventory-batch-recovery-drains-every-stale-batch.md.
 */

/** Item + marker per item, plus the type's count and the stats: 49 × 2 + 2 = 100 actions. */
const CREATE_CHUNK = 49;
/**
 * Item + marker + the no-active-booking check + the type's count per item (items may span types),
 * plus the stats: 24 × 4 + 1 = 97.
 */
const DELETE_CHUNK = 24;
/**
 * An intent older than this is an interrupted batch, not a running one: API functions time out at
 * 29 s (infra/lambda.ts), so a batch a minute old has no Lambda left writing it. With the recovery
 * sweep every minute (functions/sweeps/schedules.ts), part of an unfinished batch is visible for at
 * most 2 minutes (docs/decisions/hardening-interrupted-bulk-creates.md).
 */
export const STALE_BATCH_MS = 60_000;

interface BatchRow {
  id: string;
  kind: 'CREATE' | 'DELETE';
  tenantId: string;
  createdAt: string;
  actor: AuthClaims;
  items: ItemRow[];
}
const batchPointer = z.object({ id: z.string(), tenantId: z.string() });
const parseBatchPointer = rowParser('inventory batch pointer', batchPointer);
const parseBatch = rowParser(
  'inventory batch',
  z.extend(batchPointer, {
    kind: z.enum(['CREATE', 'DELETE']),
    createdAt: z.string(),
    // The claims of the request that started the batch, written by this module and only logged again.
    actor: z.custom<AuthClaims>((v) => typeof (v as Partial<AuthClaims> | null)?.userId === 'string'),
    items: z.array(itemRowSchema),
  }),
);

/** Test hook: runs between the check and the writes (lets a test take a number in between). */
export const bulkHooks: {
  afterCheck?: (tenant: TenantId, itemIdsInWriteOrder: string[]) => Promise<void>;
  beforeFinish?: () => Promise<void>;
} = {};

function batchPut(tenant: TenantId, batch: BatchRow) {
  return new PutCommand({
    TableName: T(),
    Item: {
      ...keys.entity(tenant, E.batch, batch.id),
      ...batch,
      gsi1pk: BATCH_INDEX_PK,
      gsi1sk: `${batch.createdAt}#${tenant}#${batch.id}`,
      // Far beyond recovery's reach; only a safety net for rows nothing else removes.
      expiresAt: Math.floor(Date.now() / 1000) + 7 * 86_400,
    },
  });
}
/** Conditional (part `batch`), so a batch is finished (and logged) once even if two runs race to finish it. */
const deleteBatch = (w: AuditedWrite, tenant: TenantId, id: string) =>
  w.delete('batch', keys.entity(tenant, E.batch, id), { condition: 'attribute_exists(pk)' });

/** A failed condition (by any part): what the bulk paths re-read and retry, or undo, on. */
const conditionFailed = (e: unknown): e is WriteFailed => e instanceof WriteFailed && e.failed.length > 0;

/** Consistent reads of up to any number of keys (BatchGetItem takes 100 at a time). */
function consistentBatchGet(keyList: Key[]): Promise<Record<string, unknown>[]> {
  return batchGetAll(keyList as unknown as Record<string, unknown>[], { consistent: true });
}

async function takenNumbers(tenant: TenantId, numbers: string[]): Promise<Set<string>> {
  const rows = await consistentBatchGet(numbers.map((n) => itemNumberKey(tenant, n)));
  return new Set(rows.map((i) => normaliseItemNumber(String(i.itemNumber))));
}

async function readItems(tenant: TenantId, ids: string[]): Promise<ItemRow[]> {
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
 * reservation in the item's booking row, or the item IN_USE (docs/decisions/nothing-rented-disappears.md).
 */
async function splitReserved(tenant: TenantId, rows: ItemRow[]): Promise<{ free: ItemRow[]; kept: KeptItem[] }> {
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
function createChunkWrite(tenant: TenantId, rows: ItemRow[]): AuditedWrite {
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
async function removeItems(tenant: TenantId, rows: ItemRow[], onlyBatch?: string): Promise<void> {
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
async function deleteChunkWrite(
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

export async function generateItemIds(tenant: TenantId, productTypeId: string, quantity: number): Promise<string[]> {
  const type = await getRow(tenant, E.productType, productTypeId);
  if (!type) throw notFound('Product type not found');
  const prefix = itemIdPrefix(type.name);
  const res = await db().send(
    new QueryCommand({
      TableName: T(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: {
        ':pk': keys.tenantPartition(tenant),
        ':p': `${E.itemNumber}#${prefix.toLowerCase()}-`,
      },
      ProjectionExpression: 'itemNumber',
    }),
  );
  let taken = (res.Items ?? []).map((i) => String(i.itemNumber));
  // Suggestions are checked against every marker, not just the prefix query, before they go out.
  for (;;) {
    const ids = suggestItemIds(prefix, taken, quantity);
    const clash = await takenNumbers(tenant, ids);
    if (clash.size === 0) return ids;
    taken = [...taken, ...clash];
  }
}

export async function bulkCreate(
  tenant: TenantId,
  actor: AuthClaims,
  input: z.infer<typeof bulkCreateBody>,
): Promise<ItemRow[]> {
  const type = await getRow(tenant, E.productType, input.productTypeId);
  if (!type) throw notFound('Product type not found');
  if (input.productVariantId) await requireVariantOfType(tenant, input.productVariantId, type.id);
  const numbers = input.items.map((i) => i.itemId.trim());
  const repeated = repeatedItemNumbers(numbers);
  if (repeated.length) throw conflict(`Item IDs repeated in this batch: ${repeated.join(', ')}`);
  const taken = await takenNumbers(tenant, numbers);
  if (taken.size)
    throw conflict(`Item IDs already exist: ${numbers.filter((n) => taken.has(normaliseItemNumber(n))).join(', ')}`);
  await bulkHooks.afterCheck?.(tenant, []);

  const batchId = randomUUID();
  const at = nowIso();
  const common = input.commonProperties ?? {};
  const rows: ItemRow[] = input.items.map((i) => ({
    id: randomUUID(),
    itemNumber: i.itemId.trim(),
    serialNumber: null,
    productTypeId: type.id,
    productVariantId: input.productVariantId || null,
    condition: common.condition ?? 'GOOD',
    location: common.location?.trim() || null,
    notes: common.notes?.trim() || null,
    status: common.status ?? 'AVAILABLE',
    createdAt: at,
    updatedAt: at,
    batchId,
  }));
  const batch: BatchRow = { id: batchId, kind: 'CREATE', tenantId: tenant, createdAt: at, actor, items: rows };
  await db().send(batchPut(tenant, batch));

  const written: ItemRow[] = [];
  try {
    for (const part of chunk(rows, CREATE_CHUNK)) {
      try {
        await createChunkWrite(tenant, part).commit();
      } catch (e) {
        if (!conditionFailed(e)) throw e;
        const clash = await takenNumbers(
          tenant,
          part.map((r) => r.itemNumber),
        );
        throw clash.size
          ? conflict(
              `Item IDs already exist: ${part
                .filter((r) => clash.has(normaliseItemNumber(r.itemNumber)))
                .map((r) => r.itemNumber)
                .join(', ')}`,
            )
          : notFound('Product type not found');
      }
      written.push(...part);
    }
    await bulkHooks.beforeFinish?.();
    await finishCreate(tenant, batch, type.name);
  } catch (e) {
    await removeItems(tenant, written, batchId);
    await db().send(new DeleteCommand({ TableName: T(), Key: keys.entity(tenant, E.batch, batchId) }));
    throw e;
  }
  return rows.map(({ batchId: _b, ...r }) => r);
}

async function finishCreate(tenant: TenantId, batch: BatchRow, typeName: string): Promise<void> {
  const rows = batch.items;
  const w = auditedWrite(tenant).log(
    logRow(tenant, {
      eventType: 'BULK_CREATED',
      actor: batch.actor,
      productType: { id: rows[0]!.productTypeId, name: typeName },
      details: {
        operationType: 'BULK_CREATE',
        itemCount: rows.length,
        productTypeName: typeName,
        itemsByType: { [typeName]: rows.length },
        itemIds: rows.map((r) => r.id),
        itemsData: rows.map((r) => ({
          id: r.id,
          itemNumber: r.itemNumber,
          productTypeName: typeName,
          status: r.status,
          location: r.location,
        })),
      },
    }),
  );
  await deleteBatch(w, tenant, batch.id).commit();
  // The items no longer belong to an unfinished batch. Best effort: recovery ignores finished batches.
  for (const part of chunk(rows, 100)) {
    await Promise.all(
      part.map((r) =>
        db()
          .send(
            new UpdateCommand({
              TableName: T(),
              Key: itemKey(tenant, r.id),
              UpdateExpression: 'REMOVE batchId',
              ConditionExpression: 'batchId = :b',
              ExpressionAttributeValues: { ':b': batch.id },
            }),
          )
          .catch(() => undefined),
      ),
    );
  }
}

/**
 * Deletes what it may and keeps what a rental holds (docs/decisions/nothing-rented-disappears.md): items with an ACTIVE
 * reservation (under way or to come) stay and come back in `kept` with the reservations' numbers;
 * when every item is held, nothing is written and the answer is a 409 naming them.
 */
export async function bulkDelete(
  tenant: TenantId,
  actor: AuthClaims,
  itemIds: string[],
): Promise<{ deleted: ItemRow[]; kept: KeptItem[] }> {
  const ids = [...new Set(itemIds)];
  const rows = await readItems(tenant, ids);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`Items not found: ${missing.length}`);
  const { free, kept } = await splitReserved(tenant, rows);
  if (!free.length) throw conflict(keptMessage(kept));
  await bulkHooks.afterCheck?.(
    tenant,
    free.map((r) => r.id),
  );

  const batch: BatchRow = {
    id: randomUUID(),
    kind: 'DELETE',
    tenantId: tenant,
    createdAt: nowIso(),
    actor,
    items: free,
  };
  await db().send(batchPut(tenant, batch));
  const done: ItemRow[] = [];
  try {
    for (const part of chunk(free, DELETE_CHUNK)) {
      let todo = part;
      const changed = () =>
        conflict('Some items changed while they were being deleted; nothing was deleted, reload and try again');
      await optimistic(
        async () => {
          if (!todo.length) return;
          try {
            await (await deleteChunkWrite(tenant, todo)).commit();
            done.push(...todo);
            return;
          } catch (e) {
            if (!conditionFailed(e)) throw e;
            // A booking landed on one of these meanwhile: it stays with the others kept; the rest go.
            if (!e.failed.some((n) => n.startsWith('bookings:'))) throw changed();
          }
          const fresh = await splitReserved(
            tenant,
            await readItems(
              tenant,
              todo.map((r) => r.id),
            ),
          );
          kept.push(...fresh.kept);
          const stay = new Set(fresh.kept.map((k) => k.id));
          todo = todo.filter((r) => !stay.has(r.id));
          return RETRY;
        },
        () => {
          throw changed();
        },
      );
    }
  } catch (e) {
    await restoreItems(tenant, done);
    await db().send(new DeleteCommand({ TableName: T(), Key: keys.entity(tenant, E.batch, batch.id) }));
    throw e;
  }
  if (!done.length) {
    // Every item was booked while we deleted: nothing to log.
    await db().send(new DeleteCommand({ TableName: T(), Key: keys.entity(tenant, E.batch, batch.id) }));
    throw conflict(keptMessage(kept));
  }
  await finishDelete(tenant, batch, done);
  return { deleted: done, kept };
}

/** The 409 of a bulk delete that kept every item: each item with the reservations that hold it. */
export function keptMessage(kept: readonly KeptItem[]): string {
  if (kept.length === 1) return reservedItemMessage(kept[0]!.itemNumber, kept[0]!.reservations);
  const list = kept
    .map((k) => `${k.itemNumber} (${k.reservations.length ? k.reservations.join(', ') : 'in use'})`)
    .join('; ');
  return `None of the selected items can be deleted: they have active or upcoming reservations: ${list}. Cancel or complete them first.`;
}

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

/** Puts deleted items back exactly as they were (compensation of a failed bulk delete). */
async function restoreItems(tenant: TenantId, rows: ItemRow[]): Promise<void> {
  for (const part of chunk(rows, CREATE_CHUNK)) {
    const byType = new Map<string, ItemRow[]>();
    for (const r of part) byType.set(r.productTypeId, [...(byType.get(r.productTypeId) ?? []), r]);
    for (const group of byType.values()) await createChunkWrite(tenant, group).commit();
  }
}

/**
 * The BULK_DELETED entry for `deleted` (the batch's items, less any recovery had to leave) and the
 * intent row's removal, together. The removal is conditional, so a second run cannot log the batch twice.
 */
async function finishDelete(tenant: TenantId, batch: BatchRow, deleted: ItemRow[] = batch.items): Promise<void> {
  const types = new Map<string, string>();
  for (const r of deleted)
    if (!types.has(r.productTypeId))
      types.set(r.productTypeId, (await getRow(tenant, E.productType, r.productTypeId))?.name ?? 'Unknown');
  const itemsByType: Record<string, number> = {};
  for (const r of deleted)
    itemsByType[types.get(r.productTypeId)!] = (itemsByType[types.get(r.productTypeId)!] ?? 0) + 1;
  const w = auditedWrite(tenant).log(
    logRow(tenant, {
      eventType: 'BULK_DELETED',
      actor: batch.actor,
      details: {
        operationType: 'BULK_DELETE',
        itemCount: deleted.length,
        itemsByType,
        itemIds: deleted.map((r) => r.id),
        itemsData: deleted.map((r) => ({
          id: r.id,
          itemNumber: r.itemNumber,
          productTypeName: types.get(r.productTypeId) ?? null,
          status: r.status,
          location: r.location,
        })),
      },
    }),
  );
  await deleteBatch(w, tenant, batch.id).commit();
}

/**
 * Batches interrupted by a crash: an unfinished create is rolled back (its items never showed as
 * a finished batch), an unfinished delete is finished (the user asked for it). Idempotent.
 */
export async function recoverStaleBatches(now = Date.now(), budgetMs = 10 * 60_000): Promise<number> {
  const before = new Date(now - STALE_BATCH_MS).toISOString();
  const deadline = Date.now() + budgetMs;
  let recovered = 0;
  // Each recovered batch removes its own index entry, so re-querying from the start makes progress;
  // the time budget leaves anything beyond it to the next hourly run.
  for (;;) {
    const res = await db().send(
      new QueryCommand({
        TableName: T(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
        ExpressionAttributeValues: { ':pk': BATCH_INDEX_PK, ':before': before },
        Limit: 25,
      }),
    );
    let round = 0;
    for (const pointer of res.Items ?? []) if (await recoverBatch(parseBatchPointer(pointer))) round++;
    recovered += round;
    // No progress means the index still lists batches already recovered (it lags the table): stop.
    if (!res.LastEvaluatedKey || round === 0 || Date.now() > deadline) return recovered;
  }
}

/** Rolls one batch back or forward; false if it was already dealt with (the index lags the table). */
async function recoverBatch(pointer: { id: string; tenantId: string }): Promise<boolean> {
  const tenant = trustedTenant(pointer.tenantId);
  const res = await db().send(
    new GetCommand({ TableName: T(), Key: keys.entity(tenant, E.batch, pointer.id), ConsistentRead: true }),
  );
  const batch: BatchRow | null = res.Item ? parseBatch(res.Item) : null;
  if (!batch) return false;
  if (batch.kind === 'CREATE') {
    const kept = await rollBackCreate(tenant, batch);
    if (kept.length) {
      // People changed these after the crash: they are theirs now. Log them as created (the batch
      // never was), instead of destroying or orphaning the change.
      const typeName = (await getRow(tenant, E.productType, kept[0]!.productTypeId))?.name ?? 'Unknown';
      try {
        await finishCreate(tenant, { ...batch, items: kept }, typeName);
      } catch (e) {
        if (!(e instanceof WriteFailed && e.failed.includes('batch'))) throw e; // another run finished it meanwhile
      }
    } else {
      await db().send(new DeleteCommand({ TableName: T(), Key: keys.entity(tenant, E.batch, batch.id) }));
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
