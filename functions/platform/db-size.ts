import { type RowParser, rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';
import { counterNameOf, sumCounters } from '../lib/counter-shards.js';

/**
 * Database size per tenant (docs/decisions/0195-platform-database-size-estimated-from-counters.md: "bytes kept on write or estimated from counters, say which"):
 * ESTIMATED FROM COUNTERS. Nothing adds item sizes on write; the tenant list multiplies the counters
 * of its `STATS#` rows by an average stored size per kind, plus a fixed base for the tenant's own
 * rows (organization, settings, counters, modules, product types...).
 *
 * Where the averages come from: functions/platform/db-size.int.test.ts scripts a tenant through the
 * real API (product types and items, customers, item reservations with deposits, some returned and
 * cancelled, invited users), sums `storedItemSize` over every row of its partition and every index
 * row (gsi1/gsi2 project ALL, so an index row costs the item again), attributes the rows to kinds by
 * their sort key prefix, and divides by the counters. Figures of 2026-11-25 (that test prints them
 * again): the test fails when the estimate is more than 35 % off the measured sum. Rows outside the
 * tenant partition (username, setup-link and share-link pointers, the send log) are not counted.
 */
export const AVERAGE_BYTES = {
  /** Base: org row, STATS#, MODULES, SETTINGS# rows of a tenant. */
  base: 1_500,
  /** Per inventory item (`STATS#inventory.total`): the item row, its index rows, its share of product types and status logs. */
  item: 1_400,
  /** Per reservation (`STATS#reservations.total`): the reservation row and index rows, its log lines, start/overdue pointers, report-day aggregates, number pointer. */
  reservation: 10_800,
  /** Per payment (`STATS#payments.count`): the payment row. */
  payment: 450,
  /** Per customer (`STATS#customers.total`): the customer row, its phone/e-mail pointers, index rows. */
  customer: 1_400,
  /** Per user (`STATS#users.total`): the user row (employee fields) and its audit log lines. */
  user: 900,
} as const;

/**
 * What the platform reads of an area's `STATS#` row (each kept by ADD in the owning area's
 * transactions): the counters it sizes and shows. Absent until the first ADD, so absent is 0.
 */
const count = () => z._default(z.number(), 0);
const countersRow = z.object({ total: count(), active: count(), overdue: count(), count: count() });
type TenantCounters = z.output<typeof countersRow>;
const parseTenantCounters: RowParser<TenantCounters> = rowParser('tenant counters', countersRow);

/**
 * A tenant's `STATS#` rows by counter name, the shards of a sharded counter (`STATS#reservations#{k}`,
 * and the legacy unsharded row) summed into one (R-PLAT-17, functions/lib/counter-shards.ts).
 */
export function tenantCountersByName(rows: readonly Record<string, unknown>[]): Map<string, TenantCounters> {
  const byName = new Map<string, TenantCounters[]>();
  for (const row of rows) {
    const name = counterNameOf(String(row.sk));
    byName.set(name, [...(byName.get(name) ?? []), parseTenantCounters(row)]);
  }
  return new Map([...byName].map(([name, parts]) => [name, sumCounters(parts) as TenantCounters] as const));
}

/** The estimate from a tenant's `STATS#` rows by name (`inventory`, `reservations`, `payments`, `customers`, `users`). */
export function estimateDatabaseSize(stats: Map<string, TenantCounters>): number {
  const a = AVERAGE_BYTES;
  const size = (n: number | undefined) => Math.max(0, n ?? 0);
  return Math.round(
    a.base +
      size(stats.get('inventory')?.total) * a.item +
      size(stats.get('reservations')?.total) * a.reservation +
      size(stats.get('payments')?.count) * a.payment +
      size(stats.get('customers')?.total) * a.customer +
      size(stats.get('users')?.total) * a.user,
  );
}

/**
 * DynamoDB's size of a stored item, approximately as its documentation counts it: per attribute the
 * UTF-8 length of its name plus its value (string: UTF-8 bytes; number: about 1 byte per 2
 * significant digits + 1; boolean and null: 1; list and map: 3 + their elements + 1 per element;
 * sets: their elements), plus 100 bytes of per-item overhead that DynamoDB's storage counts.
 */
export function storedItemSize(item: Record<string, unknown>): number {
  let size = 100;
  for (const [name, value] of Object.entries(item)) size += Buffer.byteLength(name) + valueSize(value);
  return size;
}

function valueSize(v: unknown): number {
  if (v === null || v === undefined || typeof v === 'boolean') return 1;
  if (typeof v === 'string') return Buffer.byteLength(v);
  if (typeof v === 'number' || typeof v === 'bigint')
    return (
      Math.ceil(
        String(v)
          .replace(/^-|\.|e.*$/g, '')
          .replace(/^0+/, '').length / 2,
      ) + 1
    );
  if (v instanceof Uint8Array) return v.byteLength;
  if (v instanceof Set) return [...v].reduce((s: number, e) => s + valueSize(e), 0);
  if (Array.isArray(v)) return 3 + v.reduce((s: number, e) => s + 1 + valueSize(e), 0);
  if (typeof v === 'object')
    return (
      3 +
      Object.entries(v as Record<string, unknown>).reduce((s, [k, e]) => s + 1 + Buffer.byteLength(k) + valueSize(e), 0)
    );
  return 0;
}
