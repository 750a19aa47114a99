import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOrganizations } from '../platform/metrics.js';
import { overduePointer, overduePointerKey, startPointer, startPointerKey } from '../reservation-rows/entity.js';
import { SERVICE_ROWS, UNPAID_INDEX_PK } from '../services/model.js';
import { sweepOverdue } from '../sweeps/overdue-reservations.js';
import { sweepUnpaid } from '../sweeps/unpaid-bookings.js';
import { useTestTable } from '../testing/harness.js';
import { batchPutAll, db, tableName } from './db.js';
import { keys, ORGANIZATIONS_INDEX, trustedTenant, type TenantId } from './keys.js';
import { shardedIndexAll, shardedIndexPages } from './sweep-shards.js';
import { INDEX_SHARDS, indexShard, shardedIndexKey } from './sweep-shard-keys.js';

/** Tenants that fall in `count` different shards (found by hashing names, never assumed). */
function tenantsInDistinctShards(count: number): TenantId[] {
  const seen = new Map<number, TenantId>();
  for (let i = 0; seen.size < count; i++) {
    const tenant = trustedTenant(`shardtenant${i}`);
    if (!seen.has(indexShard(tenant))) seen.set(indexShard(tenant), tenant);
  }
  return [...seen.values()];
}

const exists = async (key: { pk: string; sk: string }) =>
  Boolean((await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item);

beforeAll(async () => {
  await useTestTable();
});

describe('sharded index keys (R-PLAT-17)', () => {
  it('reads every shard and the legacy key, merged in gsi1sk order, due range only, both directions', async () => {
    const base = 'SWEEP#SHARDTEST';
    const tenants = tenantsInDistinctShards(INDEX_SHARDS);
    // Two rows per shard, interleaved in time across shards, plus legacy rows written before sharding.
    const rows = tenants.flatMap((tenant, i) =>
      [i, i + INDEX_SHARDS].map((n) => ({
        pk: keys.tenantPartition(tenant),
        sk: `SHARDTEST#${n}`,
        gsi1pk: shardedIndexKey(base, tenant),
        gsi1sk: `2026-01-01T00:${String(n).padStart(2, '0')}:00.000Z#${tenant}`,
        n,
      })),
    );
    const legacy = [5.5, 40].map((n) => ({
      pk: 'T#legacy',
      sk: `SHARDTEST#${n}`,
      gsi1pk: base,
      gsi1sk: `2026-01-01T00:${n === 40 ? '40' : '05'}:30.000Z#legacy`,
      n,
    }));
    await batchPutAll([...rows, ...legacy]);
    expect(new Set(rows.map((r) => r.gsi1pk)).size).toBe(INDEX_SHARDS);

    const due = await shardedIndexAll(base, {
      TableName: tableName(),
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':now': '2026-01-01T00:35:00.000Z' },
      Limit: 1, // one row a page: the merge must follow every partition's pages
    });
    const expected = [...rows, ...legacy].filter((r) => r.gsi1sk <= '2026-01-01T00:35:00.000Z');
    expect(due.map((r) => r.n)).toEqual(expected.map((r) => r.n).sort((a, b) => a - b));

    const newestFirst = await shardedIndexAll(base, {
      TableName: tableName(),
      KeyConditionExpression: 'gsi1pk = :pk',
      ScanIndexForward: false,
      ProjectionExpression: 'n',
    });
    expect(newestFirst.map((r) => r.n)).toEqual([...rows, ...legacy].map((r) => r.n).sort((a, b) => b - a));

    const pages: number[] = [];
    for await (const page of shardedIndexPages(
      base,
      { TableName: tableName(), KeyConditionExpression: 'gsi1pk = :pk', Limit: 3 },
      10,
    ))
      pages.push(page.length);
    expect(pages).toEqual([10, 10, 10, 4]);
  });

  it('the platform tenant list reads every shard of ORGS and the legacy key, newest first', async () => {
    const tenants = tenantsInDistinctShards(3);
    const org = (tenant: TenantId, createdAt: string, gsi1pk: string) => ({
      ...keys.organization(tenant),
      gsi1pk,
      gsi1sk: `${createdAt}#${tenant}`,
      id: tenant,
      name: `Org ${tenant}`,
      subdomain: tenant.toLowerCase(),
      status: 'ACTIVE',
      createdAt,
    });
    await batchPutAll([
      org(tenants[0]!, '2026-03-01T00:00:00.000Z', keys.organizationsIndex(tenants[0]!).gsi1pk),
      org(tenants[1]!, '2026-01-01T00:00:00.000Z', keys.organizationsIndex(tenants[1]!).gsi1pk),
      org(tenants[2]!, '2026-02-01T00:00:00.000Z', ORGANIZATIONS_INDEX), // written before sharding
    ]);
    const listed = (await listOrganizations()).map((o) => o.tenant);
    expect(listed).toEqual([tenants[0], tenants[2], tenants[1]]);
  });

  it('the unpaid and overdue sweeps find due pointers in every shard and under the legacy key', async () => {
    const [first, second, third] = tenantsInDistinctShards(3) as [TenantId, TenantId, TenantId];
    const past = '2026-01-01T10:00:00.000Z';
    const now = Date.parse('2026-01-02T00:00:00.000Z');
    // Pointers of reservations that no longer exist: each sweep that finds one deletes it.
    const unpaid = (tenant: TenantId, id: string, gsi1pk: string) => ({
      ...keys.entity(tenant, SERVICE_ROWS.unpaid, id),
      gsi1pk,
      gsi1sk: `${past}#${tenant}#${id}`,
      tenantId: tenant,
      reservationId: id,
      serviceId: 'svc',
      slot: { date: '2026-01-01', startTime: '10:00', endTime: '11:00' },
      places: 1,
      dueBy: past,
    });
    const legacyOverdue = { ...overduePointer(third, { id: 'r3', endTime: past }), gsi1pk: 'SWEEP#OVERDUE' };
    const legacyStart = { ...startPointer(third, { id: 'r6', startTime: past }), gsi1pk: 'SWEEP#RESSTART' };
    await batchPutAll([
      unpaid(first, 'u1', shardedIndexKey(UNPAID_INDEX_PK, first)),
      unpaid(second, 'u2', shardedIndexKey(UNPAID_INDEX_PK, second)),
      unpaid(third, 'u3', UNPAID_INDEX_PK),
      overduePointer(first, { id: 'r1', endTime: past }),
      overduePointer(second, { id: 'r2', endTime: past }),
      legacyOverdue,
      startPointer(first, { id: 'r4', startTime: past }),
      startPointer(second, { id: 'r5', startTime: past }),
      legacyStart,
    ]);
    // The writers put their pointers in the tenant's shard, never the shared key.
    expect(overduePointer(first, { id: 'x', endTime: past }).gsi1pk).toBe(`SWEEP#OVERDUE#${indexShard(first)}`);

    expect((await sweepUnpaid(now)).processed).toBe(3);
    expect(await exists(keys.entity(first, SERVICE_ROWS.unpaid, 'u1'))).toBe(false);
    expect(await exists(keys.entity(second, SERVICE_ROWS.unpaid, 'u2'))).toBe(false);
    expect(await exists(keys.entity(third, SERVICE_ROWS.unpaid, 'u3'))).toBe(false);

    expect((await sweepOverdue(now)).processed).toBe(6);
    for (const [tenant, id] of [
      [first, 'r1'],
      [second, 'r2'],
      [third, 'r3'],
    ] as const)
      expect(await exists(overduePointerKey(tenant, id))).toBe(false);
    for (const [tenant, id] of [
      [first, 'r4'],
      [second, 'r5'],
      [third, 'r6'],
    ] as const)
      expect(await exists(startPointerKey(tenant, id))).toBe(false);
  });
});
