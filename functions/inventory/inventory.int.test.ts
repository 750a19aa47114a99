import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ActivityLogEntry,
  InventoryItem,
  InventoryStats,
  ItemPage,
  ProductType,
} from '../../shared/contract/inventory-models.js';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { forgetPolicy } from '../lib/policy.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { bulkHooks } from '../testing/inventory-bulk-hooks.js';
import { recoverStaleBatches, STALE_BATCH_MS } from './bulk.js';
import { itemNumberKey } from './items.js';
import { INVENTORY_ROWS } from './model.js';

vi.mock('./bulk-batch.js', async (real) =>
  (await import('../testing/inventory-bulk-hooks.js')).hookedBatch(await real()),
);
vi.mock('./bulk-finish.js', async (real) =>
  (await import('../testing/inventory-bulk-hooks.js')).hookedFinish(await real()),
);

let admin: TestSession;

beforeAll(async () => {
  await useTestTable();
});

afterEach(() => {
  delete bulkHooks.afterCheck;
  delete bulkHooks.beforeFinish;
});

/** A fresh tenant per test: counts and logs start from zero. */
async function freshTenant(): Promise<TestSession> {
  admin = await sessionFor();
  return admin;
}

async function newType(s: TestSession, name = 'Golf Cart'): Promise<ProductType> {
  const res = await call('POST', '/api/inventory/product-types', {
    token: s.token,
    body: {
      name,
      category: 'Carts',
      rates: [
        { rate: '25', rateType: 'hourly' },
        { rate: 120, rateType: 'daily' },
      ],
    },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

async function newItem(
  s: TestSession,
  productTypeId: string,
  itemNumber: string,
  over: Record<string, unknown> = {},
): Promise<InventoryItem> {
  const res = await call('POST', '/api/inventory/items', {
    token: s.token,
    body: { productTypeId, itemNumber, ...over },
  });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

async function allItems(s: TestSession, limit = 7): Promise<InventoryItem[]> {
  const out: InventoryItem[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: ItemPage; raw: string } = await call(
      'GET',
      `/api/inventory/items?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      { token: s.token },
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    out.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return out;
}

const stats = async (s: TestSession) =>
  (await call<InventoryStats>('GET', '/api/inventory/items/stats/overview', { token: s.token })).body;
const log = async (s: TestSession) =>
  (await call<ActivityLogEntry[]>('GET', '/api/inventory/activity-log', { token: s.token })).body;

/** The stats row must always equal a full count of the items (what "kept up to date on write" means). */
async function expectStatsExact(s: TestSession) {
  const items = await allItems(s, 1000);
  const st = await stats(s);
  expect(st.total).toBe(items.length);
  for (const status of ['AVAILABLE', 'IN_USE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'] as const) {
    expect(st.byStatus[status], status).toBe(items.filter((i) => i.status === status).length);
  }
  expect(st.statusCounts.MAINTENANCE_REQUIRED).toBe(st.byStatus.MAINTENANCE);
  expect(st.maintenanceDue).toBe(st.byStatus.MAINTENANCE + st.byStatus.DAMAGED);
  const types = (await call<ProductType[]>('GET', '/api/inventory/product-types', { token: s.token })).body;
  for (const t of types) expect(t._count.items, t.name).toBe(items.filter((i) => i.productTypeId === t.id).length);
}

describe('product types and variants', () => {
  it('creates, lists with variants and counts, updates with a logged change, and deletes', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    expect(type).toMatchObject({
      name: 'Golf Cart',
      category: 'Carts',
      rates: [
        { rate: 25, rateType: 'hourly' },
        { rate: 120, rateType: 'daily' },
      ],
      _count: { items: 0 },
    });

    const v = await call('POST', `/api/inventory/product-types/${type.id}/variants`, {
      token: s.token,
      body: { name: '4-seater', hourlyRate: '30' },
    });
    expect(v.status).toBe(201);
    expect(v.body).toMatchObject({ name: '4-seater', hourlyRate: 30, productTypeId: type.id });
    expect(
      (await call('GET', `/api/inventory/product-types/${type.id}/variants`, { token: s.token })).body,
    ).toHaveLength(1);

    const upd = await call('PUT', `/api/inventory/product-types/${type.id}`, {
      token: s.token,
      body: { name: 'Golf Cart XL', category: 'Carts', rates: [{ rate: 25, rateType: 'hourly' }] },
    });
    expect(upd.status).toBe(200);
    const list = (await call<ProductType[]>('GET', '/api/inventory/product-types', { token: s.token })).body;
    expect(list[0]).toMatchObject({ name: 'Golf Cart XL', variants: [{ name: '4-seater' }] });

    const entry = (await log(s)).find((e) => e.eventType === 'PRODUCT_TYPE_UPDATED')!;
    expect(entry.details.changes).toEqual(
      expect.arrayContaining([{ field: 'name', oldValue: 'Golf Cart', newValue: 'Golf Cart XL' }]),
    );

    const renamedVariant = await call('PUT', `/api/inventory/product-variants/${v.body.id}`, {
      token: s.token,
      body: { name: '6-seater' },
    });
    expect(renamedVariant.body.name).toBe('6-seater');
    expect((await call('DELETE', `/api/inventory/product-variants/${v.body.id}`, { token: s.token })).status).toBe(200);
    expect((await call('DELETE', `/api/inventory/product-variants/${v.body.id}`, { token: s.token })).status).toBe(404);

    expect((await call('DELETE', `/api/inventory/product-types/${type.id}`, { token: s.token })).status).toBe(200);
    expect((await call('GET', `/api/inventory/product-types/${type.id}/variants`, { token: s.token })).status).toBe(
      404,
    );
  });

  it('refuses a missing name or category, a negative rate and an unknown rate type', async () => {
    const s = await freshTenant();
    const res = await call('POST', '/api/inventory/product-types', {
      token: s.token,
      body: { name: ' ', category: '', rates: [{ rate: -1, rateType: 'yearly' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Validation failed: /);
    expect(res.body.message).toContain('Name is required');
    expect(res.body.message).toContain('Category is required');
    expect(res.body.message).toContain('Rate must be 0 or more');
  });

  it('refuses to delete a type that still has items, then allows it once they are gone', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    const item = await newItem(s, type.id, 'GC-1');
    const refused = await call('DELETE', `/api/inventory/product-types/${type.id}`, { token: s.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cannot delete a product type that still has items (1)');
    await call('DELETE', `/api/inventory/items/${item.id}`, { token: s.token });
    expect((await call('DELETE', `/api/inventory/product-types/${type.id}`, { token: s.token })).status).toBe(200);
  });
});

describe('items', () => {
  it('creates with condition GOOD and status AVAILABLE, names joined from the type, and logs it', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    const item = await newItem(s, type.id, ' GC-001 ', { serialNumber: 'SN1', location: 'Barn' });
    expect(item).toMatchObject({
      itemNumber: 'GC-001',
      condition: 'GOOD',
      status: 'AVAILABLE',
      location: 'Barn',
      productType: { id: type.id, name: 'Golf Cart' },
    });
    const [entry] = await log(s);
    expect(entry).toMatchObject({
      eventType: 'ITEM_CREATED',
      item: { id: item.id, itemNumber: 'GC-001' },
      productType: { name: 'Golf Cart' },
      newStatus: 'AVAILABLE',
    });
  });

  it('keeps item numbers unique per tenant, whatever the case, on create and on rename', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    const a = await newItem(s, type.id, 'GC-001');
    const dup = await call('POST', '/api/inventory/items', {
      token: s.token,
      body: { productTypeId: type.id, itemNumber: 'gc-001' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Item ID "gc-001" already exists');
    const b = await newItem(s, type.id, 'GC-002');
    const rename = await call('PUT', `/api/inventory/items/${b.id}`, {
      token: s.token,
      body: { productTypeId: type.id, itemNumber: 'GC-001' },
    });
    expect(rename.status).toBe(409);
    // Renaming frees the old number.
    expect(
      (
        await call('PUT', `/api/inventory/items/${a.id}`, {
          token: s.token,
          body: { productTypeId: type.id, itemNumber: 'GC-100' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('PUT', `/api/inventory/items/${b.id}`, {
          token: s.token,
          body: { productTypeId: type.id, itemNumber: 'GC-001' },
        })
      ).status,
    ).toBe(200);
    // Another tenant may use the same number.
    const other = await sessionFor();
    const otherType = await newType(other);
    await newItem(other, otherType.id, 'GC-001');
  });

  it('refuses an unknown type, a variant of another type, and an item id of nobody', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    const other = await newType(s, 'Kayak');
    const v = await call('POST', `/api/inventory/product-types/${other.id}/variants`, {
      token: s.token,
      body: { name: 'Tandem' },
    });
    expect(
      (
        await call('POST', '/api/inventory/items', {
          token: s.token,
          body: { productTypeId: 'nope', itemNumber: 'X-1' },
        })
      ).status,
    ).toBe(404);
    const wrongVariant = await call('POST', '/api/inventory/items', {
      token: s.token,
      body: { productTypeId: type.id, itemNumber: 'X-1', productVariantId: v.body.id },
    });
    expect(wrongVariant.status).toBe(400);
    expect(
      (
        await call('PUT', '/api/inventory/items/nobody', {
          token: s.token,
          body: { productTypeId: type.id, itemNumber: 'X-2' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('PATCH', '/api/inventory/items/nobody/status', { token: s.token, body: { status: 'DAMAGED' } }))
        .status,
    ).toBe(404);
    // Nothing was half-written.
    expect(await allItems(s)).toHaveLength(0);
  });

  it('logs the changed fields of an update with before and after, and never changes status through PUT', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    const item = await newItem(s, type.id, 'GC-1', { location: 'Barn' });
    await call('PATCH', `/api/inventory/items/${item.id}/status`, { token: s.token, body: { status: 'MAINTENANCE' } });
    const res = await call('PUT', `/api/inventory/items/${item.id}`, {
      token: s.token,
      body: { productTypeId: type.id, itemNumber: 'GC-1', location: 'Shed', condition: 'FAIR', status: 'AVAILABLE' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ location: 'Shed', condition: 'FAIR', status: 'MAINTENANCE' });
    const entry = (await log(s)).find((e) => e.eventType === 'ITEM_UPDATED')!;
    expect(entry.details.changes).toEqual([
      { field: 'condition', oldValue: 'GOOD', newValue: 'FAIR', itemNumber: 'GC-1' },
      { field: 'location', oldValue: 'Barn', newValue: 'Shed', itemNumber: 'GC-1' },
    ]);
  });

  it('changes status (never to IN_USE by hand), logs old and new, and announces it live', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    const item = await newItem(s, type.id, 'GC-1');
    expect(
      (await call('PATCH', `/api/inventory/items/${item.id}/status`, { token: s.token, body: { status: 'IN_USE' } }))
        .status,
    ).toBe(400);
    const res = await call('PATCH', `/api/inventory/items/${item.id}/status`, {
      token: s.token,
      body: { status: 'OUT_OF_SERVICE', notes: 'Flat tyre' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'OUT_OF_SERVICE', notes: 'Flat tyre' });
    const [entry] = await log(s);
    expect(entry).toMatchObject({
      eventType: 'ITEM_STATUS_CHANGED',
      oldStatus: 'AVAILABLE',
      newStatus: 'OUT_OF_SERVICE',
    });
    const events = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(s.tenant), ':p': 'EVENT#' },
      }),
    );
    expect(events.Items?.map((e) => e.type)).toContain('inventory-status-changed');
  });

  it('refuses to delete or re-status an item that a rental has IN_USE', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    const item = await newItem(s, type.id, 'GC-1');
    // Rentals set IN_USE (reservations area); simulate one, counters included.
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.entity(s.tenant, INVENTORY_ROWS.item, item.id),
          ...item,
          productType: undefined,
          productVariant: undefined,
          status: 'IN_USE',
        },
      }),
    );
    expect((await call('DELETE', `/api/inventory/items/${item.id}`, { token: s.token })).status).toBe(409);
    expect(
      (await call('PATCH', `/api/inventory/items/${item.id}/status`, { token: s.token, body: { status: 'AVAILABLE' } }))
        .status,
    ).toBe(409);
    const bulk = await call('DELETE', '/api/inventory/bulk/delete', { token: s.token, body: { itemIds: [item.id] } });
    expect(bulk.status).toBe(409);
  });

  it('pages through items with limit and cursor, each exactly once, and refuses a forged cursor', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    const created = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items: Array.from({ length: 23 }, (_, i) => ({ itemId: `P-${i}` })) },
    });
    expect(created.status).toBe(201);
    const items = await allItems(s, 5);
    expect(items).toHaveLength(23);
    expect(new Set(items.map((i) => i.id)).size).toBe(23);
    // A JSON content type on a bodiless GET (common in client wrappers) is not "malformed JSON".
    const defaultPage = await call<ItemPage>('GET', '/api/inventory/items', {
      token: s.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(defaultPage.status, defaultPage.raw).toBe(200);
    expect(defaultPage.body.items).toHaveLength(23);
    const forged = Buffer.from('ORG#x').toString('base64url');
    expect((await call('GET', `/api/inventory/items?cursor=${forged}`, { token: s.token })).status).toBe(400);
  });

  it('keeps stats exact through creates, status changes, deletes and bulk operations', async () => {
    const s = await freshTenant();
    const carts = await newType(s);
    const kayaks = await newType(s, 'Kayak');
    const a = await newItem(s, carts.id, 'GC-1');
    const b = await newItem(s, carts.id, 'GC-2');
    await newItem(s, kayaks.id, 'K-1');
    await expectStatsExact(s);
    await call('PATCH', `/api/inventory/items/${a.id}/status`, { token: s.token, body: { status: 'MAINTENANCE' } });
    await call('PATCH', `/api/inventory/items/${b.id}/status`, { token: s.token, body: { status: 'DAMAGED' } });
    await expectStatsExact(s);
    expect((await stats(s)).maintenanceDue).toBe(2);
    await call('PUT', `/api/inventory/items/${b.id}`, {
      token: s.token,
      body: { productTypeId: kayaks.id, itemNumber: 'K-2' },
    });
    await expectStatsExact(s);
    await call('DELETE', `/api/inventory/items/${a.id}`, { token: s.token });
    await expectStatsExact(s);
    const bulk = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: {
        productTypeId: carts.id,
        items: Array.from({ length: 60 }, (_, i) => ({ itemId: `B-${i}` })),
        commonProperties: { status: 'MAINTENANCE', location: 'Yard' },
      },
    });
    expect(bulk.status).toBe(201);
    await expectStatsExact(s);
    const ids = (bulk.body.data.createdItems as InventoryItem[]).slice(0, 40).map((i) => i.id);
    expect(
      (await call('DELETE', '/api/inventory/bulk/delete', { token: s.token, body: { itemIds: [...ids, b.id] } }))
        .status,
    ).toBe(200);
    await expectStatsExact(s);
    expect((await stats(s)).total).toBe(21);
  });
});

describe('bulk', () => {
  it('suggests ids that continue after the taken ones and never collide', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    await newItem(s, type.id, 'GC-001');
    await newItem(s, type.id, 'gc-003');
    const res = await call('POST', '/api/inventory/bulk/generate-ids', {
      token: s.token,
      body: { productTypeId: type.id, quantity: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.suggestions.map((x: { suggestedId: string }) => x.suggestedId)).toEqual([
      'GC-004',
      'GC-005',
      'GC-006',
    ]);
    const tooMany = await call('POST', '/api/inventory/bulk/generate-ids', {
      token: s.token,
      body: { productTypeId: type.id, quantity: 101 },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('Maximum 100 items per batch');
  });

  it('creates 100 items in one call and logs one BULK_CREATED entry listing them', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    const items = Array.from({ length: 100 }, (_, i) => ({ itemId: `GC-${String(i + 1).padStart(3, '0')}` }));
    const res = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items, commonProperties: { location: 'Barn' } },
    });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.createdItems).toHaveLength(100);
    const entries = await log(s);
    const bulk = entries.filter((e) => e.eventType === 'BULK_CREATED');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]!.details).toMatchObject({
      itemCount: 100,
      productTypeName: 'Golf Cart',
      itemsByType: { 'Golf Cart': 100 },
    });
    expect(bulk[0]!.details.itemsData).toHaveLength(100);
    expect((await stats(s)).total).toBe(100);
    expect(
      (
        await call('POST', '/api/inventory/bulk/create', {
          token: s.token,
          body: { productTypeId: type.id, items: [...items, { itemId: 'X' }] },
        })
      ).status,
    ).toBe(400);
  });

  it('writes nothing when one of 100 numbers is taken', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    await newItem(s, type.id, 'gc-100');
    const before = await log(s);
    const items = Array.from({ length: 100 }, (_, i) => ({ itemId: `GC-${String(i + 1).padStart(3, '0')}` }));
    const res = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Item IDs already exist: GC-100');
    expect(await allItems(s, 1000)).toHaveLength(1);
    expect(await log(s)).toHaveLength(before.length);
    await expectStatsExact(s);
  });

  it('undoes the chunks already written when a later chunk loses a race for a number', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    const items = Array.from({ length: 100 }, (_, i) => ({ itemId: `GC-${String(i + 1).padStart(3, '0')}` }));
    // Between the check and the writes, someone else takes GC-080 (in the third chunk).
    bulkHooks.afterCheck = async (tenant: TenantId) => {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...itemNumberKey(tenant, 'GC-080'), itemId: 'someone-else', itemNumber: 'GC-080' },
        }),
      );
    };
    const res = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('GC-080');
    expect(await allItems(s, 1000)).toHaveLength(0);
    expect((await log(s)).filter((e) => e.eventType === 'BULK_CREATED')).toHaveLength(0);
    await expectStatsExact(s);
    const markers = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(s.tenant), ':p': `${INVENTORY_ROWS.itemNumber}#` },
      }),
    );
    expect(markers.Items?.map((m) => m.itemNumber)).toEqual(['GC-080']);
  });

  it('undoes every written chunk when the final step fails (an unexpected error answers 500, nothing stays)', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    bulkHooks.beforeFinish = async () => {
      throw Object.assign(new Error('Lambda timed out'), { simulatedCrash: true });
    };
    const items = Array.from({ length: 60 }, (_, i) => ({ itemId: `C-${i}` }));
    const res = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items },
    });
    expect(res.status).toBe(500);
    expect(await allItems(s, 1000)).toHaveLength(0);
    await expectStatsExact(s);
  });

  it('recovery rolls back an unfinished create and finishes an unfinished delete', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    // An unfinished create: items written with a batch id, intent row left behind (as after a crash).
    const created = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items: [{ itemId: 'K-1' }, { itemId: 'K-2' }, { itemId: 'K-3' }] },
    });
    const [k1, k2, k3] = created.body.data.createdItems as InventoryItem[];
    const old = new Date(Date.now() - STALE_BATCH_MS - 60_000).toISOString();
    const actor = {
      userId: s.userId,
      username: 'x',
      role: 'BUSINESS_ADMIN',
      accessLevel: 'EMPLOYEE',
      tenantId: s.tenant,
    };
    const asRow = (i: InventoryItem, batchId?: string) => ({
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
      ...(batchId ? { batchId } : {}),
    });
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.entity(s.tenant, INVENTORY_ROWS.item, k1!.id), ...asRow(k1!, 'crashed-create') },
      }),
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
          items: [asRow(k1!, 'crashed-create')],
          gsi1pk: 'SWEEP#INVBATCH',
          gsi1sk: `${old}#${s.tenant}#crashed-create`,
        },
      }),
    );
    // An unfinished delete of K-2 (K-3 untouched).
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.entity(s.tenant, INVENTORY_ROWS.batch, 'crashed-delete'),
          id: 'crashed-delete',
          kind: 'DELETE',
          tenantId: s.tenant,
          createdAt: old,
          actor,
          items: [asRow(k2!)],
          gsi1pk: 'SWEEP#INVBATCH',
          gsi1sk: `${old}#${s.tenant}#crashed-delete`,
        },
      }),
    );

    expect(await recoverStaleBatches()).toBeGreaterThanOrEqual(2);
    expect(await recoverStaleBatches()).toBe(0);
    expect((await allItems(s, 1000)).map((i) => i.itemNumber)).toEqual([k3!.itemNumber]);
    await expectStatsExact(s);
    expect((await log(s)).filter((e) => e.eventType === 'BULK_DELETED')).toHaveLength(1);
  });

  it('bulk-deletes all or nothing and logs one BULK_DELETED entry with the items', async () => {
    const s = await freshTenant();
    const type = await newType(s);
    const created = await call('POST', '/api/inventory/bulk/create', {
      token: s.token,
      body: { productTypeId: type.id, items: Array.from({ length: 5 }, (_, i) => ({ itemId: `D-${i}` })) },
    });
    const ids = (created.body.data.createdItems as InventoryItem[]).map((i) => i.id);
    const missing = await call('DELETE', '/api/inventory/bulk/delete', {
      token: s.token,
      body: { itemIds: [...ids.slice(0, 2), 'not-an-item'] },
    });
    expect(missing.status).toBe(404);
    expect(await allItems(s)).toHaveLength(5);
    const res = await call('DELETE', '/api/inventory/bulk/delete', {
      token: s.token,
      body: { itemIds: ids.slice(0, 3) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.deletedItems.map((d: { itemNumber: string }) => d.itemNumber).sort()).toEqual([
      'D-0',
      'D-1',
      'D-2',
    ]);
    const [entry] = await log(s);
    expect(entry).toMatchObject({
      eventType: 'BULK_DELETED',
      details: { itemCount: 3, itemsByType: { 'Golf Cart': 3 } },
    });
    expect(entry!.details.itemsData?.map((d) => d.itemNumber).sort()).toEqual(['D-0', 'D-1', 'D-2']);
    await expectStatsExact(s);
  });
});

describe('locations', () => {
  it('adds locations sorted by name and returns the existing one for a repeated name', async () => {
    const s = await freshTenant();
    const a = await call('POST', '/api/locations', { token: s.token, body: { name: 'North dock' } });
    expect(a.status).toBe(201);
    await call('POST', '/api/locations', { token: s.token, body: { name: 'Barn' } });
    const again = await call('POST', '/api/locations', { token: s.token, body: { name: 'north DOCK' } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(a.body.id);
    const list = await call('GET', '/api/locations', { token: s.token });
    expect(list.body.map((l: { name: string }) => l.name)).toEqual(['Barn', 'North dock']);
    expect((await call('POST', '/api/locations', { token: s.token, body: { name: '' } })).status).toBe(400);
  });
});

describe('permissions', () => {
  it('lets employees read but not write; managers write unless the tenant policy revokes it', async () => {
    const owner = await freshTenant();
    const type = await newType(owner);
    const item = await newItem(owner, type.id, 'GC-1');
    const employee = await sessionFor({ tenant: owner.tenant, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
    expect((await call('GET', '/api/inventory/items', { token: employee.token })).status).toBe(200);
    expect((await call('GET', '/api/inventory/product-types', { token: employee.token })).status).toBe(200);
    const writes: [string, string, unknown?][] = [
      ['POST', '/api/inventory/items', { productTypeId: type.id, itemNumber: 'E-1' }],
      ['PUT', `/api/inventory/items/${item.id}`, { productTypeId: type.id, itemNumber: 'E-2' }],
      ['PATCH', `/api/inventory/items/${item.id}/status`, { status: 'DAMAGED' }],
      ['DELETE', `/api/inventory/items/${item.id}`],
      ['POST', '/api/inventory/product-types', { name: 'x', category: 'y' }],
      ['DELETE', `/api/inventory/product-types/${type.id}`],
      ['POST', '/api/inventory/bulk/create', { productTypeId: type.id, items: [{ itemId: 'E-3' }] }],
      ['DELETE', '/api/inventory/bulk/delete', { itemIds: [item.id] }],
      ['GET', '/api/inventory/activity-log'],
    ];
    for (const [method, path, body] of writes) {
      const res = await call(method, path, { token: employee.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const manager = await sessionFor({ tenant: owner.tenant, role: 'EMPLOYEE', accessLevel: 'MANAGER' });
    expect(
      (
        await call('POST', '/api/inventory/items', {
          token: manager.token,
          body: { productTypeId: type.id, itemNumber: 'M-1' },
        })
      ).status,
    ).toBe(201);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.permissionPolicy(owner.tenant), policy: { MANAGER: { inventoryItems: { create: false } } } },
      }),
    );
    forgetPolicy(owner.tenant);
    expect(
      (
        await call('POST', '/api/inventory/items', {
          token: manager.token,
          body: { productTypeId: type.id, itemNumber: 'M-2' },
        })
      ).status,
    ).toBe(403);
    // The business admin is not subject to the policy.
    expect(
      (
        await call('POST', '/api/inventory/items', {
          token: owner.token,
          body: { productTypeId: type.id, itemNumber: 'M-3' },
        })
      ).status,
    ).toBe(201);
  });
});
