import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { InventoryStats, ItemStatus } from '../../shared/contract/inventory-models.js';
import { db, queryPageResults } from '../lib/db.js';
import { badRequest } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { listRows } from './model.js';
import {
  INVENTORY_ROWS,
  STATS_KEY,
  parseItemRow,
  parseStatsRow,
  table,
  type ItemRow,
  type ProductTypeRow,
  type VariantRow,
} from './model.js';

/** Reading items: the list page by page (R-INV-2), the catalogue in one Query, the counters in one GetItem. */
// ---------------------------------------------------------------- listing

const CURSOR_SK = /^ITEM#[0-9a-f-]{36}$/;

/** The cursor carries only the sort key of the last item: the partition always comes from the token. */
export function encodeCursor(sk: string): string {
  return Buffer.from(sk, 'utf8').toString('base64url');
}
export function decodeCursor(cursor: string): string {
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!CURSOR_SK.test(sk)) throw badRequest('Invalid cursor');
  return sk;
}

/** Rows read per Query while a status filter is on: a sparse status must not cost one tiny read per match. */
const FILTERED_READ = 500;

export async function listItemPage(
  tenant: TenantId,
  opts: { limit: number; cursor?: string; status?: ItemStatus },
): Promise<{ rows: ItemRow[]; nextCursor: string | null }> {
  const pk = keys.tenantPartition(tenant);
  const rows: ItemRow[] = [];
  const wanted = () => opts.limit - rows.length;
  let next: Record<string, unknown> | undefined;
  // A status filter can leave a page short: keep reading until it is full or the items end.
  const pages = queryPageResults(
    {
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: {
        ':pk': pk,
        ':p': `${INVENTORY_ROWS.item}#`,
        ...(opts.status ? { ':s': opts.status } : {}),
      },
      ...(opts.status ? { FilterExpression: '#s = :s', ExpressionAttributeNames: { '#s': 'status' } } : {}),
    },
    {
      after: opts.cursor ? { pk, sk: decodeCursor(opts.cursor) } : undefined,
      limit: () => (opts.status ? Math.max(wanted(), FILTERED_READ) : wanted()),
    },
  );
  for await (const page of pages) {
    const want = wanted();
    const got = page.items.map(parseItemRow);
    if (got.length > want) {
      // Read past the page: the next page starts right after the last item returned.
      rows.push(...got.slice(0, want));
      return { rows, nextCursor: encodeCursor(`${INVENTORY_ROWS.item}#${rows[rows.length - 1]!.id}`) };
    }
    rows.push(...got);
    next = page.lastKey;
    if (rows.length >= opts.limit) break;
  }
  return { rows, nextCursor: next ? encodeCursor(String(next.sk)) : null };
}

export async function typesAndVariants(
  tenant: TenantId,
): Promise<{ types: Map<string, ProductTypeRow>; variants: Map<string, VariantRow> }> {
  const [types, variants] = await Promise.all([
    listRows(tenant, INVENTORY_ROWS.productType),
    listRows(tenant, INVENTORY_ROWS.variant),
  ]);
  return { types: new Map(types.map((t) => [t.id, t])), variants: new Map(variants.map((v) => [v.id, v])) };
}

// ---------------------------------------------------------------- stats

/** One GetItem of the counters every item write keeps: the cost does not grow with the item count. */
export async function readStats(tenant: TenantId): Promise<InventoryStats> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: STATS_KEY(tenant) }));
  const { total, ...byStatus } = parseStatsRow(res.Item ?? {});
  return {
    total,
    statusCounts: {
      AVAILABLE: byStatus.AVAILABLE,
      IN_USE: byStatus.IN_USE,
      MAINTENANCE_REQUIRED: byStatus.MAINTENANCE,
      OUT_OF_SERVICE: byStatus.OUT_OF_SERVICE,
    },
    byStatus,
    maintenanceDue: byStatus.MAINTENANCE + byStatus.DAMAGED,
  };
}
