import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivityLogEntry,
  InventoryItem,
  InventoryStats,
  ItemPage,
  ItemStatus,
  ProductType,
} from '../../shared/contract/inventory-models.js';
import { db, tableName } from '../lib/db.js';
import { keys } from '../lib/keys.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { recoverStaleBatches, STALE_BATCH_MS } from './bulk.js';
import { BATCH_INDEX_PK, INVENTORY_ROWS } from './model.js';

/**
 * Rules the main suite does not pin down: which answer a bad variant gets, paging with a status
 * filter, a type delete taking its variants along, and batch recovery run twice at once.
 */

beforeAll(async () => {
  await useTestTable();
});

async function newType(s: TestSession, name = 'Golf Cart'): Promise<ProductType> {
  const res = await call<ProductType>('POST', '/api/inventory/product-types', {
    token: s.token,
    body: { name, category: 'Carts' },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

async function newVariant(s: TestSession, typeId: string, name: string): Promise<{ id: string }> {
  const res = await call('POST', `/api/inventory/product-types/${typeId}/variants`, { token: s.token, body: { name } });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

async function pages(
  s: TestSession,
  limit: number,
  status?: ItemStatus,
): Promise<{ items: InventoryItem[]; requests: number }> {
  const items: InventoryItem[] = [];
  let cursor: string | null = null;
  let requests = 0;
  do {
    const qs = new URLSearchParams({
      limit: String(limit),
      ...(status ? { status } : {}),
      ...(cursor ? { cursor } : {}),
    });
    const res: { status: number; body: ItemPage; raw: string } = await call('GET', `/api/inventory/items?${qs}`, {
      token: s.token,
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
    requests++;
  } while (cursor && requests < 100);
  return { items, requests };
}

async function expectStatsExact(s: TestSession) {
  const { items } = await pages(s, 1000);
  const st = (await call<InventoryStats>('GET', '/api/inventory/items/stats/overview', { token: s.token })).body;
  expect(st.total).toBe(items.length);
  for (const status of ['AVAILABLE', 'IN_USE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'] as const)
    expect(st.byStatus[status], status).toBe(items.filter((i) => i.status === status).length);
  const types = (await call<ProductType[]>('GET', '/api/inventory/product-types', { token: s.token })).body;
  for (const t of types) expect(t._count.items, t.name).toBe(items.filter((i) => i.productTypeId === t.id).length);
}

describe('variants named by items', () => {
  it('answers 404 for a variant that does not exist and 400 for one of another type, single and bulk, writing nothing', async () => {
    const s = await sessionFor();
    const carts = await newType(s);
    const kayaks = await newType(s, 'Kayak');
    const tandem = await newVariant(s, kayaks.id, 'Tandem');

    const missing = await call('POST', '/api/inventory/items', {
      token: s.token,
      body: { productTypeId: carts.id, itemNumber: 'GC-1', productVariantId: 'no-such-variant' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Product variant not found');
    const foreign = await call('POST', '/api/inventory/items', {
      token: s.token,
      body: { productTypeId: carts.id, itemNumber: 'GC-1', productVariantId: tandem.id },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('The variant does not belong to this product type');

    const bulkMissing = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: carts.id, productVariantId: 'no-such-variant', items: [{ itemId: 'GC-1' }] },
    });
    expect(bulkMissing.status).toBe(404);
    const bulkForeign = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: carts.id, productVariantId: tandem.id, items: [{ itemId: 'GC-1' }] },
    });
    expect(bulkForeign.status).toBe(400);

    // Another tenant's variant is as unknown as a made-up one.
    const other = await sessionFor();
    const otherType = await newType(other);
    const otherVariant = await newVariant(other, otherType.id, 'Six-seater');
    expect(
      (
        await call('POST', '/api/inventory/items', {
          token: s.token,
          body: { productTypeId: carts.id, itemNumber: 'GC-1', productVariantId: otherVariant.id },
        })
      ).status,
    ).toBe(404);

    expect((await pages(s, 1000)).items).toHaveLength(0);
    await expectStatsExact(s);
  });

  it('deleting a product type deletes its variants', async () => {
    const s = await sessionFor();
    const type = await newType(s);
    const a = await newVariant(s, type.id, '2-seater');
    const b = await newVariant(s, type.id, '4-seater');
    const keep = await newVariant(s, (await newType(s, 'Kayak')).id, 'Tandem');
    expect((await call('DELETE', `/api/inventory/product-types/${type.id}`, { token: s.token })).status).toBe(200);
    for (const v of [a, b])
      expect(
        (await call('PUT', `/api/inventory/product-variants/${v.id}`, { token: s.token, body: { name: 'x' } })).status,
      ).toBe(404);
    const rows = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(s.tenant), ':p': `${INVENTORY_ROWS.variant}#` },
      }),
    );
    expect(rows.Items?.map((r) => r.id)).toEqual([keep.id]);
    const entry = (await call<ActivityLogEntry[]>('GET', '/api/inventory/activity-log', { token: s.token })).body.find(
      (e) => e.eventType === 'PRODUCT_TYPE_DELETED',
    );
    expect(entry?.details).toMatchObject({ productTypeName: 'Golf Cart', variantCount: 2 });
  });
});

describe('paging with a status filter', () => {
  it('returns each matching item exactly once, pages never longer than the limit, in few requests', async () => {
    const s = await sessionFor();
    const type = await newType(s);
    const created = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items: Array.from({ length: 60 }, (_, i) => ({ itemId: `P-${i}` })) },
    });
    expect(created.status, created.raw).toBe(201);
    const all = (await pages(s, 1000)).items;
    // Every seventh item (in list order) goes to DAMAGED: a sparse status spread over the partition.
    const damaged = all.filter((_, i) => i % 7 === 3).map((i) => i.id);
    for (const id of damaged)
      expect(
        (await call('PATCH', `/api/inventory/items/${id}/status`, { token: s.token, body: { status: 'DAMAGED' } }))
          .status,
      ).toBe(200);

    for (const limit of [1, 2, 5, 25]) {
      const got = await pages(s, limit, 'DAMAGED');
      expect(got.items.map((i) => i.id).sort(), `limit ${limit}`).toEqual([...damaged].sort());
      expect(got.items.every((i) => i.status === 'DAMAGED')).toBe(true);
      // One request per full page plus at most one to find the end.
      expect(got.requests).toBeLessThanOrEqual(Math.ceil(damaged.length / limit) + 1);
    }
    const available = await pages(s, 10, 'AVAILABLE');
    expect(available.items).toHaveLength(60 - damaged.length);
    expect(new Set(available.items.map((i) => i.id)).size).toBe(60 - damaged.length);
    expect((await pages(s, 25, 'IN_USE')).items).toHaveLength(0);
  });
});

describe('batch recovery', () => {
  it('finishes an interrupted bulk delete once even when two sweeps run at the same time', async () => {
    const s = await sessionFor();
    const type = await newType(s);
    const created = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items: Array.from({ length: 40 }, (_, i) => ({ itemId: `R-${i}` })) },
    });
    const items = created.body.data.createdItems as InventoryItem[];
    const old = new Date(Date.now() - STALE_BATCH_MS - 60_000).toISOString();
    const actor = {
      userId: s.userId,
      username: 'x',
      role: 'BUSINESS_ADMIN',
      accessLevel: 'EMPLOYEE',
      tenantId: s.tenant,
    };
    const rows = items.slice(0, 35).map((i) => ({
      id: i.id,
      itemNumber: i.itemNumber,
      serialNumber: null,
      productTypeId: i.productTypeId,
      productVariantId: null,
      condition: i.condition,
      location: null,
      notes: null,
      status: i.status,
      createdAt: i.createdAt,
      updatedAt: i.updatedAt,
    }));
    // The intent of a delete of 35 items (two chunks) whose Lambda died before writing anything.
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.entity(s.tenant, INVENTORY_ROWS.batch, 'crashed'),
          id: 'crashed',
          kind: 'DELETE',
          tenantId: s.tenant,
          createdAt: old,
          actor,
          items: rows,
          gsi1pk: BATCH_INDEX_PK,
          gsi1sk: `${old}#${s.tenant}#crashed`,
        },
      }),
    );

    await Promise.all([recoverStaleBatches(), recoverStaleBatches()]);
    expect(await recoverStaleBatches()).toBe(0);

    expect((await pages(s, 1000)).items.map((i) => i.itemNumber).sort()).toEqual(
      items
        .slice(35)
        .map((i) => i.itemNumber)
        .sort(),
    );
    const bulkDeleted = (
      await call<ActivityLogEntry[]>('GET', '/api/inventory/activity-log', { token: s.token })
    ).body.filter((e) => e.eventType === 'BULK_DELETED');
    expect(bulkDeleted).toHaveLength(1);
    expect(bulkDeleted[0]!.details.itemCount).toBe(35);
    await expectStatsExact(s);
  });

  it('rolls back an interrupted bulk create once even when two sweeps run at the same time', async () => {
    const s = await sessionFor();
    const type = await newType(s);
    const created = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items: Array.from({ length: 70 }, (_, i) => ({ itemId: `C-${i}` })) },
    });
    const items = created.body.data.createdItems as InventoryItem[];
    const old = new Date(Date.now() - STALE_BATCH_MS - 60_000).toISOString();
    const actor = {
      userId: s.userId,
      username: 'x',
      role: 'BUSINESS_ADMIN',
      accessLevel: 'EMPLOYEE',
      tenantId: s.tenant,
    };
    // As after a crash before the final step: 60 of the items still carry the batch id, intent left behind.
    const rows = items.slice(0, 60).map((i) => ({
      id: i.id,
      itemNumber: i.itemNumber,
      serialNumber: null,
      productTypeId: i.productTypeId,
      productVariantId: null,
      condition: i.condition,
      location: null,
      notes: null,
      status: i.status,
      createdAt: i.createdAt,
      updatedAt: i.updatedAt,
      batchId: 'crashed-create',
    }));
    for (const r of rows)
      await db().send(
        new PutCommand({ TableName: tableName(), Item: { ...keys.entity(s.tenant, INVENTORY_ROWS.item, r.id), ...r } }),
      );
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.entity(s.tenant, INVENTORY_ROWS.batch, 'crashed-create'),
          id: 'crashed-create',
          kind: 'CREATE',
          tenantId: s.tenant,
          createdAt: old,
          actor,
          items: rows,
          gsi1pk: BATCH_INDEX_PK,
          gsi1sk: `${old}#${s.tenant}#crashed-create`,
        },
      }),
    );

    await Promise.all([recoverStaleBatches(), recoverStaleBatches()]);
    expect(await recoverStaleBatches()).toBe(0);
    expect((await pages(s, 1000)).items.map((i) => i.itemNumber).sort()).toEqual(
      items
        .slice(60)
        .map((i) => i.itemNumber)
        .sort(),
    );
    // The numbers of the rolled-back items are free again.
    expect(
      (
        await call('POST', '/api/inventory/items', {
          token: s.token,
          body: { productTypeId: type.id, itemNumber: 'c-0' },
        })
      ).status,
    ).toBe(201);
    await expectStatsExact(s);
  });

  it('skips an index entry whose batch is already gone (the index lags the table) and stops', async () => {
    const s = await sessionFor();
    const old = new Date(Date.now() - STALE_BATCH_MS - 60_000).toISOString();
    // Stands in for a lagging index entry: indexed like a batch, but no INVBATCH row behind it.
    const ghost = {
      ...keys.entity(s.tenant, 'GHOST', 'x'),
      id: 'gone',
      kind: 'CREATE',
      tenantId: s.tenant,
      createdAt: old,
      items: [],
      gsi1pk: BATCH_INDEX_PK,
      gsi1sk: `${old}#${s.tenant}#gone`,
    };
    await db().send(new PutCommand({ TableName: tableName(), Item: ghost }));
    try {
      expect(await recoverStaleBatches()).toBe(0);
    } finally {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.entity(s.tenant, 'GHOST', 'x') }));
    }
  });
});
