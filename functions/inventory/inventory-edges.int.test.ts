import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ActivityLogEntry,
  InventoryItem,
  InventoryStats,
  ItemPage,
  ProductType,
} from '../../shared/contract/inventory-models.js';
import { db, tableName } from '../lib/db.js';
import { keys } from '../lib/keys.js';
import { RowShapeError } from '../lib/rows.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { bulkHooks } from '../testing/inventory-bulk-hooks.js';
import { recoverStaleBatches, STALE_BATCH_MS } from './bulk.js';
import { getItem } from './items.js';
import { BATCH_INDEX_PK, INVENTORY_ROWS, STATS_KEY } from './model.js';

vi.mock('./bulk-batch.js', async (real) =>
  (await import('../testing/inventory-bulk-hooks.js')).hookedBatch(await real()),
);
vi.mock('./bulk-finish.js', async (real) =>
  (await import('../testing/inventory-bulk-hooks.js')).hookedFinish(await real()),
);

/**
 * Edges the main inventory suite does not walk: a variant deleted under its items, a bulk delete
 * whose second chunk loses a race (the first is put back), crash recovery meeting an item a rental
 * took meanwhile, and requests without a token.
 */

beforeAll(async () => {
  await useTestTable();
});

afterEach(() => {
  delete bulkHooks.afterCheck;
});

async function newType(s: TestSession, name = 'Golf Cart'): Promise<ProductType> {
  const res = await call<ProductType>('POST', '/api/inventory/product-types', {
    token: s.token,
    body: { name, category: 'Carts' },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

async function everyItem(s: TestSession): Promise<InventoryItem[]> {
  const out: InventoryItem[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: ItemPage; raw: string } = await call(
      'GET',
      `/api/inventory/items?limit=1000${cursor ? `&cursor=${cursor}` : ''}`,
      { token: s.token },
    );
    expect(res.status, res.raw).toBe(200);
    out.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return out;
}

async function expectStatsMatchItems(s: TestSession) {
  const items = await everyItem(s);
  const stats = (await call<InventoryStats>('GET', '/api/inventory/items/stats/overview', { token: s.token })).body;
  expect(stats.total).toBe(items.length);
  for (const status of ['AVAILABLE', 'IN_USE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'] as const) {
    expect(stats.byStatus[status], status).toBe(items.filter((i) => i.status === status).length);
  }
  const types = (await call<ProductType[]>('GET', '/api/inventory/product-types', { token: s.token })).body;
  for (const t of types) expect(t._count.items, t.name).toBe(items.filter((i) => i.productTypeId === t.id).length);
}

describe('a variant deleted while items name it', () => {
  it('reads as no variant, and the item can still be saved with what the page was given', async () => {
    const s = await sessionFor();
    const type = await newType(s);
    const variant = await call<{ id: string }>('POST', `/api/inventory/product-types/${type.id}/variants`, {
      token: s.token,
      body: { name: '4-seater' },
    });
    const created = await call<InventoryItem>('POST', '/api/inventory/items', {
      token: s.token,
      body: { productTypeId: type.id, itemNumber: 'GC-1', productVariantId: variant.body.id },
    });
    expect(created.body.productVariant).toEqual({ id: variant.body.id, name: '4-seater' });

    expect(
      (await call('DELETE', `/api/inventory/product-variants/${variant.body.id}`, { token: s.token })).status,
    ).toBe(200);
    const [listed] = await everyItem(s);
    expect(listed).toMatchObject({ id: created.body.id, productVariantId: null, productVariant: null });

    // A client holding the old id sends it back unchanged: the save goes through without it.
    const saved = await call<InventoryItem>('PUT', `/api/inventory/items/${created.body.id}`, {
      token: s.token,
      body: { productTypeId: type.id, itemNumber: 'GC-1', productVariantId: variant.body.id, location: 'Barn' },
    });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body).toMatchObject({ productVariantId: null, productVariant: null, location: 'Barn' });
    // A new item naming the deleted variant is still refused.
    const other = await call('POST', '/api/inventory/items', {
      token: s.token,
      body: { productTypeId: type.id, itemNumber: 'GC-2', productVariantId: variant.body.id },
    });
    expect([400, 404]).toContain(other.status);
  });
});

describe('bulk delete compensation', () => {
  it('puts the first chunk back when a later chunk finds an item changed, and logs nothing', async () => {
    const s = await sessionFor();
    const type = await newType(s);
    const created = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items: Array.from({ length: 40 }, (_, i) => ({ itemId: `D-${i}` })) },
    });
    expect(created.status, created.raw).toBe(201);
    const ids = (created.body.data.createdItems as InventoryItem[]).map((i) => i.id);
    const logBefore = (await call<ActivityLogEntry[]>('GET', '/api/inventory/activity-log', { token: s.token })).body
      .length;

    // Between the reads and the writes someone changes an item of the second chunk (chunks hold 32).
    let changed = '';
    bulkHooks.afterCheck = async (_tenant, inWriteOrder) => {
      changed = inWriteOrder[inWriteOrder.length - 1]!;
      const res = await call('PATCH', `/api/inventory/items/${changed}/status`, {
        token: s.token,
        body: { status: 'DAMAGED' },
      });
      expect(res.status, res.raw).toBe(200);
    };
    const res = await call('DELETE', '/api/inventory/bulk/delete', { token: s.token, body: { itemIds: ids } });
    expect(res.status, res.raw).toBe(409);

    const left = await everyItem(s);
    expect(left.map((i) => i.id).sort()).toEqual([...ids].sort());
    expect(left.find((i) => i.id === changed)?.status).toBe('DAMAGED');
    await expectStatsMatchItems(s);
    const log = (await call<ActivityLogEntry[]>('GET', '/api/inventory/activity-log', { token: s.token })).body;
    expect(log.filter((e) => e.eventType === 'BULK_DELETED')).toHaveLength(0);
    expect(log).toHaveLength(logBefore + 1); // the status change only
    // The numbers are still claimed by their items: re-creating one is refused.
    const again = await call('POST', '/api/inventory/items', {
      token: s.token,
      body: { productTypeId: type.id, itemNumber: 'd-0' },
    });
    expect(again.status).toBe(409);
  });
});

describe('crash recovery and rentals', () => {
  it('finishing an interrupted bulk delete leaves an item a rental has IN_USE, and logs only what it deleted', async () => {
    const s = await sessionFor();
    const type = await newType(s);
    const created = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items: [{ itemId: 'R-1' }, { itemId: 'R-2' }] },
    });
    const [r1, r2] = created.body.data.createdItems as InventoryItem[];
    // A rental takes R-2 (the reservations area sets IN_USE, counters included) after a bulk delete
    // of both crashed before writing anything.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(s.tenant, INVENTORY_ROWS.item, r2!.id),
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'IN_USE' },
      }),
    );
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: STATS_KEY(s.tenant),
        UpdateExpression: 'ADD AVAILABLE :m, IN_USE :p',
        ExpressionAttributeValues: { ':m': -1, ':p': 1 },
      }),
    );
    const old = new Date(Date.now() - STALE_BATCH_MS - 60_000).toISOString();
    const asRow = (i: InventoryItem) => ({
      id: i.id,
      itemNumber: i.itemNumber,
      serialNumber: null,
      productTypeId: i.productTypeId,
      productVariantId: null,
      condition: i.condition,
      location: null,
      notes: null,
      status: 'AVAILABLE',
      createdAt: i.createdAt,
      updatedAt: i.updatedAt,
    });
    const actor = {
      userId: s.userId,
      username: 'x',
      role: 'BUSINESS_ADMIN',
      accessLevel: 'EMPLOYEE',
      tenantId: s.tenant,
    };
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
          items: [asRow(r1!), asRow(r2!)],
          gsi1pk: BATCH_INDEX_PK,
          gsi1sk: `${old}#${s.tenant}#crashed`,
        },
      }),
    );

    expect(await recoverStaleBatches()).toBeGreaterThanOrEqual(1);
    const left = await everyItem(s);
    expect(left.map((i) => [i.itemNumber, i.status])).toEqual([['R-2', 'IN_USE']]);
    await expectStatsMatchItems(s);
    const entry = (await call<ActivityLogEntry[]>('GET', '/api/inventory/activity-log', { token: s.token })).body.find(
      (e) => e.eventType === 'BULK_DELETED',
    );
    expect(entry?.details).toMatchObject({ itemCount: 1, itemIds: [r1!.id] });
  });
});

describe('stored rows read through their schemas', () => {
  it('a bad write to an item or a product type fails loudly instead of being coerced', async () => {
    const s = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const type = await newType(s, 'Paddle board');
    const made = await call<InventoryItem>('POST', '/api/inventory/items', {
      token: s.token,
      body: { itemNumber: 'PB-1', productTypeId: type.id },
    });
    expect(made.status, made.raw).toBe(201);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(s.tenant, INVENTORY_ROWS.item, made.body.id),
        UpdateExpression: 'SET #s = :s, itemNumber = :n',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'LOST', ':n': 7 },
      }),
    );
    const err = await getItem(s.tenant, made.body.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RowShapeError);
    expect((err as RowShapeError).problems.map((p) => p.split(':')[0]).sort()).toEqual(['itemNumber', 'status']);

    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(s.tenant, INVENTORY_ROWS.productType, type.id),
        UpdateExpression: 'SET itemCount = :c',
        ExpressionAttributeValues: { ':c': '3' },
      }),
    );
    expect((await call('GET', '/api/inventory/product-types', { token: s.token })).status).toBe(500);
  });
});

describe('without a token', () => {
  it('answers 401 on reads and writes', async () => {
    for (const [method, path] of [
      ['GET', '/api/inventory/items'],
      ['GET', '/api/inventory/items/stats/overview'],
      ['POST', '/api/inventory/bulk/create'],
      ['GET', '/api/locations'],
    ] as const) {
      expect((await call(method, path, {})).status, `${method} ${path}`).toBe(401);
    }
  });
});
