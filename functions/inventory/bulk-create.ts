import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from '../../shared/zod.js';
import type { bulkCreateBody } from '../../shared/contract/inventory-request-models.js';
import {
  chunk,
  itemIdPrefix,
  normaliseItemNumber,
  repeatedItemNumbers,
  suggestItemIds,
} from '../../shared/domain/inventory.js';
import { db, nowIso } from '../lib/db.js';
import { conflict, notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import type { AuthClaims } from '../lib/tokens.js';
import {
  type BatchRow,
  conditionFailed,
  CREATE_CHUNK,
  createChunkWrite,
  dropBatch,
  recordBatch,
  removeItems,
  takenNumbers,
} from './bulk-batch.js';
import { finishCreate } from './bulk-finish.js';
import { requireVariantOfType } from './items.js';
import { INVENTORY_ROWS, getRow, type ItemRow, table } from './model.js';

/** Bulk create (./bulk.ts): numbers checked, intent recorded, chunks written, undone on a clash, then logged. */

export async function generateItemIds(tenant: TenantId, productTypeId: string, quantity: number): Promise<string[]> {
  const type = await getRow(tenant, INVENTORY_ROWS.productType, productTypeId);
  if (!type) throw notFound('Product type not found');
  const prefix = itemIdPrefix(type.name);
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: {
        ':pk': keys.tenantPartition(tenant),
        ':p': `${INVENTORY_ROWS.itemNumber}#${prefix.toLowerCase()}-`,
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
  const type = await getRow(tenant, INVENTORY_ROWS.productType, input.productTypeId);
  if (!type) throw notFound('Product type not found');
  if (input.productVariantId) await requireVariantOfType(tenant, input.productVariantId, type.id);
  const numbers = input.items.map((i) => i.itemId.trim());
  const repeated = repeatedItemNumbers(numbers);
  if (repeated.length) throw conflict(`Item IDs repeated in this batch: ${repeated.join(', ')}`);
  const taken = await takenNumbers(tenant, numbers);
  if (taken.size)
    throw conflict(`Item IDs already exist: ${numbers.filter((n) => taken.has(normaliseItemNumber(n))).join(', ')}`);

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
  await recordBatch(tenant, batch);

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
    await finishCreate(tenant, batch, type.name);
  } catch (e) {
    await removeItems(tenant, written, batchId);
    await dropBatch(tenant, batchId);
    throw e;
  }
  return rows.map(({ batchId: _b, ...r }) => r);
}
