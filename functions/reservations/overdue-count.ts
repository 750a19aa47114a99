/**
 * The overdue count by the rule the rows are marked by (R-RES-8, `isOverdue` in shared/domain/reservations.ts):
 * an ACTIVE item reservation is overdue from its end, not from the sweep's next run. The `overdue` counter
 * holds the ones the sweep has marked; the ones past their end it has not reached yet still have their
 * overdue pointer (deleted when marked, returned or cancelled), so they are the pointers due before now.
 * The read is bounded by the sweep's 5 minutes, not by the tenant's rows: the pointers of the tenant's index
 * shard (and the legacy unsharded key) due before now, counted, the other tenants' filtered out.
 * Loaded with import() by ./counts.ts and ./queries.ts callers: the count is read, the cold start stays lean.
 */
import { queryPageResults, tableName } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';
import { OVERDUE_INDEX_PK } from '../reservation-rows/entity.js';

export async function overdueNotYetMarked(tenant: TenantId, now: number): Promise<number> {
  let n = 0;
  for (const pk of [shardedIndexKey(OVERDUE_INDEX_PK, tenant), OVERDUE_INDEX_PK])
    for await (const page of queryPageResults({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :now',
      FilterExpression: 'tenantId = :t',
      ExpressionAttributeValues: { ':pk': pk, ':now': new Date(now).toISOString(), ':t': tenant },
      Select: 'COUNT',
    }))
      n += page.count;
  return n;
}
