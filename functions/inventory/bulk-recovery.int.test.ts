import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivityLogEntry,
  InventoryItem,
  InventoryStats,
  ItemPage,
  ProductType,
} from '../../shared/contract/inventory-models.js';
import { db, tableName } from '../lib/db.js';
import { keys } from '../lib/keys.js';
import { SWEEPS } from '../lib/sweep-schedules.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { recoverStaleBatches, STALE_BATCH_MS } from './bulk.js';
import { BATCH_INDEX_PK, INVENTORY_ROWS } from './model.js';

/**
 * docs/decisions/0163-hardening-interrupted-bulk-creates.md: after a crash in the middle of a bulk create, readers see part of the batch for
 * at most 2 minutes, and recovery never destroys or orphans a change a person made after the crash.
 */
beforeAll(async () => {
  await useTestTable();
});

async function listAll(s: TestSession): Promise<InventoryItem[]> {
  const res = await call<ItemPage>('GET', '/api/inventory/items?limit=1000', { token: s.token });
  expect(res.status).toBe(200);
  return res.body.items;
}

/** The state a kill -9 after the first chunk leaves: 49 items written with the batch id, the intent row, no log entry. */
async function crashedCreate(s: TestSession, ageMs: number) {
  const type = (
    await call<ProductType>('POST', '/api/inventory/product-types', {
      token: s.token,
      body: { name: 'Kayak', category: 'Boats' },
    })
  ).body;
  const created = await call('POST', '/api/inventory/bulk/create', {
    token: s.token,
    body: { productTypeId: type.id, items: Array.from({ length: 49 }, (_, i) => ({ itemId: `K-${i}` })) },
  });
  expect(created.status).toBe(201);
  const items = created.body.data.createdItems as InventoryItem[];
  const at = new Date(Date.now() - ageMs).toISOString();
  const batchId = `crashed-${ageMs}`;
  const rows = items.map((i) => ({
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
    batchId,
  }));
  for (const r of rows)
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...keys.entity(s.tenant, INVENTORY_ROWS.item, r.id), ...r } }),
    );
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
        ...keys.entity(s.tenant, INVENTORY_ROWS.batch, batchId),
        id: batchId,
        kind: 'CREATE',
        tenantId: s.tenant,
        createdAt: at,
        actor,
        items: rows,
        gsi1pk: BATCH_INDEX_PK,
        gsi1sk: `${at}#${s.tenant}#${batchId}`,
      },
    }),
  );
  return { type, items };
}

describe('an interrupted bulk create', () => {
  it('is recovered within 2 minutes: stale after a minute, swept every minute', async () => {
    const sweep = SWEEPS.find((w) => w.entry === 'functions/sweeps/inventory-batches.ts');
    expect(sweep?.everyMinutes).toBe(1);
    expect(STALE_BATCH_MS + sweep!.everyMinutes * 60_000).toBeLessThanOrEqual(120_000);
    // API functions time out at 29 s (infra/lambda.ts): a batch a minute old has nobody writing it.
    expect(STALE_BATCH_MS).toBeGreaterThan(29_000 * 2);

    const s = await sessionFor();
    await crashedCreate(s, 30_000); // still within a running Lambda's reach: left alone
    expect(await recoverStaleBatches()).toBe(0);
    expect(await recoverStaleBatches(Date.now() + STALE_BATCH_MS)).toBe(1); // a minute later it is rolled back
    expect(await listAll(s)).toHaveLength(0);
  });

  it('keeps what people edited or renamed after the crash, logs it, and rolls back only untouched items', async () => {
    const s = await sessionFor();
    const { type, items } = await crashedCreate(s, STALE_BATCH_MS + 5_000);
    const [edited, renamed, rented] = items;
    const put = (i: InventoryItem, over: Record<string, unknown>) =>
      call('PUT', `/api/inventory/items/${i.id}`, {
        token: s.token,
        body: { productTypeId: type.id, itemNumber: i.itemNumber, condition: i.condition, ...over },
      });
    expect((await put(edited!, { notes: 'Fixed the seat' })).status).toBe(200);
    expect((await put(renamed!, { itemNumber: 'K-RENAMED' })).status).toBe(200);
    expect(
      (
        await call('PATCH', `/api/inventory/items/${rented!.id}/status`, {
          token: s.token,
          body: { status: 'MAINTENANCE' },
        })
      ).status,
    ).toBe(200);

    await Promise.all([recoverStaleBatches(), recoverStaleBatches()]);
    expect(await recoverStaleBatches()).toBe(0);

    const left = await listAll(s);
    expect(left.map((i) => i.itemNumber).sort()).toEqual(['K-0', 'K-2', 'K-RENAMED'].sort());
    expect(left.find((i) => i.id === edited!.id)?.notes).toBe('Fixed the seat');
    expect(left.find((i) => i.id === rented!.id)?.status).toBe('MAINTENANCE');
    // nothing orphaned: the renamed item's new number is taken, its old one and the rolled-back ones are free
    expect(
      (
        await call('POST', '/api/inventory/items', {
          token: s.token,
          body: { productTypeId: type.id, itemNumber: 'K-RENAMED' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call('POST', '/api/inventory/items', {
          token: s.token,
          body: { productTypeId: type.id, itemNumber: 'K-1' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call('POST', '/api/inventory/items', {
          token: s.token,
          body: { productTypeId: type.id, itemNumber: 'K-10' },
        })
      ).status,
    ).toBe(201);
    // the kept items have a creation entry in the log, and the counters are exact
    const log = (await call<ActivityLogEntry[]>('GET', '/api/inventory/activity-log', { token: s.token })).body.filter(
      (e) => e.eventType === 'BULK_CREATED',
    );
    expect(
      log.map((e) => e.details.itemCount),
      JSON.stringify(log.map((e) => e.details)).slice(0, 600),
    ).toContain(3);
    const all = await listAll(s);
    const stats = (await call<InventoryStats>('GET', '/api/inventory/items/stats/overview', { token: s.token })).body;
    expect(stats.total).toBe(all.length);
    const types = (await call<ProductType[]>('GET', '/api/inventory/product-types', { token: s.token })).body;
    expect(types.find((t) => t.id === type.id)?._count.items).toBe(all.length);
  });
});
