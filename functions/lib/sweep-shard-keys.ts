/**
 * Sharded platform-wide index keys (R-PLAT-17, docs/decisions/0264-sharded-index-keys-and-counters.md).
 *
 * The cross-tenant sweep pointers (`SWEEP#UNPAID`, `SWEEP#OVERDUE`, …) and the organizations index
 * (`ORGS`) are gsi1 partitions every tenant writes to. One gsi1pk for the whole platform is one index
 * partition: its write limit (1,000 WCU/s) is shared by every tenant, and a throttled index holds back
 * the base-table writes that feed it. So each writer appends a shard chosen by a stable hash of its
 * tenant (`{base}#{0..INDEX_SHARDS-1}`): one tenant's rows stay in one shard, and the platform's spread
 * over INDEX_SHARDS partitions. Every reader goes through `shardedIndexItems` (./sweep-shards.ts), which
 * Queries every shard (at once) and the legacy unsharded key (rows written before sharding, until they drain),
 * merged in gsi1sk order.
 */
export const INDEX_SHARDS = 16;

/** FNV-1a (32 bit) of the text: stable across processes and releases, unlike any runtime hash. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A stable shard (0 … shards − 1) of any text: the same text lands in the same shard, always. */
export function stableShard(text: string, shards: number): number {
  return fnv1a(text) % shards;
}

/** The shard of a tenant (0 … INDEX_SHARDS − 1). */
export function indexShard(tenant: string): number {
  return stableShard(tenant, INDEX_SHARDS);
}

/** The gsi1pk a tenant's row of the platform-wide index `base` is written under. */
export function shardedIndexKey(base: string, tenant: string): string {
  return `${base}#${indexShard(tenant)}`;
}

/** Every partition a reader of `base` must Query: each shard, then the legacy unsharded key. */
export function indexPartitions(base: string): string[] {
  return [...Array.from({ length: INDEX_SHARDS }, (_, shard) => `${base}#${shard}`), base];
}

/** True when `gsi1pk` is a partition of `base` (a shard or the legacy key). */
export function isIndexPartition(base: string, gsi1pk: unknown): boolean {
  return typeof gsi1pk === 'string' && indexPartitions(base).includes(gsi1pk);
}
