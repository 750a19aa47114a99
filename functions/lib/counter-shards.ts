import { type Key, keys, type TenantId } from './keys.js';
import { queryAll, tableName } from './db.js';
import { stableShard } from './sweep-shard-keys.js';

/**
 * Counter rows that every booking ADDs to (`STATS#reservations`, `STATS#payments`) are split into
 * COUNTER_SHARDS rows `STATS#{name}#{k}` (R-PLAT-17, docs/decisions/0264-sharded-index-keys-and-counters.md).
 * DynamoDB cancels a transaction that touches an item another transaction is writing
 * (TransactionConflict), so one counter item per tenant lets only one booking of the tenant commit at
 * a time. The shard is a stable hash of the reservation, so every write about one reservation (create,
 * cancel, return, payments) lands on the same row, and concurrent bookings of the tenant mostly on
 * different rows. A read sums every shard and the legacy unsharded row in one Query.
 */
export const COUNTER_SHARDS = 8;

/** The counter row `name` of the tenant that a write about `spreadBy` (a reservation id) ADDs to. */
export function shardedCounterKey(tenant: TenantId, name: string, spreadBy: string): Key {
  return keys.entity(tenant, 'STATS', `${name}#${stableShard(spreadBy, COUNTER_SHARDS)}`);
}

/** `STATS#{name}`, `STATS#{name}#{k}` → `name`: the counter a `STATS#` row belongs to. */
export function counterNameOf(sk: string): string {
  return sk.replace(/^STATS#/, '').replace(/#\d+$/, '');
}

/** Adds every numeric attribute of `rows` (counters never written are absent, so 0). */
export function sumCounters(rows: readonly Record<string, number>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const row of rows) for (const [name, n] of Object.entries(row)) sum[name] = (sum[name] ?? 0) + n;
  return sum;
}

/**
 * The counters `name` of a tenant: every shard and the legacy unsharded row (written before
 * sharding), summed; one Query of the rows (a handful of small items).
 */
export async function readShardedCounters(
  tenant: TenantId,
  name: string,
  parse: (row: Record<string, unknown>) => Record<string, number>,
): Promise<Record<string, number>> {
  const base = `STATS#${name}`;
  const rows = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :base)',
    ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':base': base },
  });
  return sumCounters(rows.filter((r) => counterNameOf(String(r.sk)) === name).map(parse));
}
