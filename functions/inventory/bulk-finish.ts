import { chunk } from '../../shared/domain/inventory.js';
import { auditedWrite } from '../lib/audited-write.js';
import { db } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { logRow } from './activity-log.js';
import { type BatchRow, deleteBatch } from './bulk-batch.js';
import { itemKey } from './items.js';
import { INVENTORY_ROWS, getRow, type ItemRow, table } from './model.js';

/**
 * The last step of a bulk write (step 5 of ./bulk.ts): its BULK_* log entry and the intent row's
 * removal in one transaction, conditional on the intent, so a batch is logged once however many
 * runs (the request, recovery sweeps) race to finish it.
 */

/** The BULK_CREATED entry for the batch's items, then the items' `batchId` removed. */
export async function finishCreate(tenant: TenantId, batch: BatchRow, typeName: string): Promise<void> {
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
              TableName: table(),
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
 * The BULK_DELETED entry for `deleted` (the batch's items, less any recovery had to leave) and the
 * intent row's removal, together. The removal is conditional, so a second run cannot log the batch twice.
 */
export async function finishDelete(tenant: TenantId, batch: BatchRow, deleted: ItemRow[] = batch.items): Promise<void> {
  const types = new Map<string, string>();
  for (const r of deleted)
    if (!types.has(r.productTypeId))
      types.set(
        r.productTypeId,
        (await getRow(tenant, INVENTORY_ROWS.productType, r.productTypeId))?.name ?? 'Unknown',
      );
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
