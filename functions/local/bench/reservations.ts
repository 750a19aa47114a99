import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { addDaysToDay, todayIn, zonedDateTime } from '../../../shared/domain/time.js';
import { db, tableName } from '../../lib/db.js';
import { trustedTenant, type TenantId } from '../../lib/keys.js';
import {
  indexAttributes,
  logRow,
  reservationKey,
  statsKey,
  statusDelta,
  type ReservationRow,
} from '../../reservation-rows/entity.js';
import { json, newTenant, post, putRows } from './helpers.js';
import type { BenchCase, BenchContext, BenchMeasure } from './types.js';

/**
 * Reservations (docs/decisions/README.md#reservations-page): the Reservations page's first page (All chip: three status partitions
 * merged; Active chip) and the log (first page, and page 40 reached by skipping keys) for a tenant
 * with 10,000 reservations and their 10,000 CREATED log lines; and the 20-way rush for one item and
 * time (p99 over 10 rounds, exactly one 201 per round).
 */
const tenantOf = (token: string): TenantId => trustedTenant(String(decodeJwt(token).tenantId));
const ZONE = 'America/New_York';

let seeded: Promise<string> | undefined;
function reservationsTenant(ctx: BenchContext): Promise<string> {
  seeded ??= (async () => {
    const token = await newTenant(ctx, 'reservations-10000');
    const tenant = tenantOf(token);
    const counters: Record<string, number> = {};
    const add = (d: Record<string, number>) => {
      for (const [k, n] of Object.entries(d)) counters[k] = (counters[k] ?? 0) + n;
    };
    const puts: Record<string, unknown>[] = [];
    const base = Date.UTC(2026, 0, 1, 14);
    for (let i = 0; i < 10_000; i++) {
      const status = i % 20 < 12 ? 'ACTIVE' : i % 20 < 17 ? 'COMPLETED' : 'CANCELLED';
      const start = new Date(base + i * 3_600_000).toISOString();
      const customerId = `c${i % 2000}`;
      const row: ReservationRow = {
        id: randomUUID(),
        reservationNumber: `RES-${String(i + 1).padStart(6, '0')}`,
        kind: 'ITEM',
        status,
        source: 'STAFF',
        customerId,
        customer: {
          id: customerId,
          firstName: 'Bench',
          lastName: `Customer${i % 2000}`,
          phone: `555${String(1_000_000 + (i % 2000)).slice(-7)}`,
          email: null,
        },
        inventoryItemId: `item${i % 300}`,
        inventoryItem: {
          id: `item${i % 300}`,
          itemNumber: `GC-${i % 300}`,
          name: 'Golf Cart',
          productType: null,
          productVariant: null,
          condition: null,
          status: null,
          hourlyRate: 20,
          rates: [],
        },
        startTime: start,
        endTime: new Date(Date.parse(start) + 2 * 3_600_000).toISOString(),
        reservationDuration: 2,
        depositAmountCents: 0,
        baseAmountCents: 4000,
        subtotalCents: 4000,
        taxRate: 0,
        taxAmountCents: 0,
        totalAmountCents: 4000,
        hourlyRateAtBookingCents: 2000,
        createdAt: start,
        updatedAt: start,
      };
      puts.push({ ...reservationKey(tenant, row.id), ...indexAttributes(tenant, row), ...row });
      const log = logRow(tenant, { action: 'CREATED', reservation: row, actor: null, at: start });
      puts.push(log.item);
      add({ total: 1, ...statusDelta('ITEM', status, 1), ...log.counters });
    }
    await putRows(puts);
    const names: Record<string, string> = {};
    const values: Record<string, number> = {};
    const parts = Object.entries(counters).map(
      ([k, n], i) => ((names[`#c${i}`] = k), (values[`:c${i}`] = n), `#c${i} :c${i}`),
    );
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: statsKey(tenant, 'bench-seed'), // one shard row holds the seeded totals; reads sum every shard
        UpdateExpression: `ADD ${parts.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return token;
  })();
  return seeded;
}

const get =
  (path: string): BenchCase['request'] =>
  async (ctx) => ({
    url: `${ctx.url}${path}`,
    method: 'GET',
    headers: { authorization: `Bearer ${await reservationsTenant(ctx)}` },
  });

export const cases: BenchCase[] = [
  {
    name: 'reservationsPageAll10000',
    description:
      'GET /api/reservations/integration/all?kind=ITEM (All chip, first 25, chip counts) with 10,000 reservations',
    request: get('/api/reservations/integration/all?kind=ITEM'),
  },
  {
    name: 'reservationsPageActive10000',
    description: 'GET /api/reservations/integration/all?kind=ITEM&status=ACTIVE (first 25) with 10,000 reservations',
    request: get('/api/reservations/integration/all?kind=ITEM&status=ACTIVE'),
  },
  {
    name: 'reservationsLog10000',
    description: 'GET /api/reservations/logs/?limit=25 (first page, total from counters) with 10,000 log lines',
    request: get('/api/reservations/logs/?limit=25'),
  },
  {
    name: 'reservationsLogPage40of10000',
    description: 'GET /api/reservations/logs/?limit=25&page=40 (975 keys skipped) with 10,000 log lines',
    request: get('/api/reservations/logs/?limit=25&page=40'),
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const measures: BenchMeasure[] = [
  {
    name: 'reservationsRush20',
    description:
      '20 simultaneous POST /api/reservations/items/create for one item and time, 10 rounds: latency p50/p99 (ms) and rounds with exactly one 201',
    needsRuntime: true,
    measure: async (ctx) => {
      if (!ctx) return undefined;
      const token = await newTenant(ctx, 'reservations-rush');
      const type = await post<{ id: string }>(
        `${ctx.url}/api/inventory/product-types`,
        { name: 'Kayak', category: 'Boats', rates: [{ rate: 20, rateType: 'hourly' }] },
        token,
      );
      const latencies: number[] = [];
      let exact = 0;
      for (let round = 0; round < 10; round++) {
        const item = await post<{ id: string }>(
          `${ctx.url}/api/inventory/items`,
          { productTypeId: type.id, itemNumber: `RUSH-${round}-${Date.now()}` },
          token,
        );
        const startTime = zonedDateTime(addDaysToDay(todayIn(ZONE), 2), '10:00', ZONE).toISOString();
        const statuses = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const t0 = performance.now();
            const res = await fetch(`${ctx.url}/api/reservations/items/create`, {
              method: 'POST',
              headers: { ...json, authorization: `Bearer ${token}` },
              body: JSON.stringify({
                customer: {
                  firstName: 'Rush',
                  lastName: `R${i}`,
                  phone: `555${String(1_000_000 + round * 100 + i).slice(-7)}`,
                },
                reservation: { startTime, reservationDuration: 2, inventoryItemId: item.id, depositAmount: 0 },
              }),
            });
            await res.text();
            latencies.push(performance.now() - t0);
            return res.status;
          }),
        );
        if (statuses.filter((s) => s === 201).length === 1 && statuses.filter((s) => s === 409).length === 19) exact++;
      }
      latencies.sort((a, b) => a - b);
      return {
        p50: Math.round(percentile(latencies, 50)),
        p99: Math.round(percentile(latencies, 99)),
        rounds: 10,
        roundsExactlyOne: exact,
      };
    },
  },
];
