import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { trustedTenant, type TenantId } from '../../lib/keys.js';
import { indexAttributes, reservationKey, type ReservationRow } from '../../reservation-rows/entity.js';
import { contribution, splitContribution } from '../../reservation-rows/aggregates.js';
import { newTenant, putRows } from './helpers.js';
import type { BenchCase, BenchContext, BenchMeasure } from './types.js';

/**
 * Reports (docs/decisions/0201-reports-aggregates-kept-on-write.md): a tenant with 20,000 reservations over one year (Dec 2025 - Nov 2026; mixed
 * statuses, 40 employees, 3,000 customers, 300 items), its per-day aggregate rows written the way the
 * reservation transactions keep them (contribution() split into the day, customer, item and employee
 * rows, summed). Revenue for one month and one year reads at most 366 day rows; the other reports over
 * one year also read their kind's rows (one per entity and day); the daily log reads one day.
 */
const tenantOf = (token: string): TenantId => trustedTenant(String(decodeJwt(token).tenantId));
const ZONE = 'America/New_York';

let seeded: Promise<string> | undefined;
function reportsTenant(ctx: BenchContext): Promise<string> {
  seeded ??= (async () => {
    const token = await newTenant(ctx, 'reports-20000');
    const tenant = tenantOf(token);
    const puts: Record<string, unknown>[] = [];
    const rows = new Map<string, Record<string, unknown>>();
    const base = Date.UTC(2025, 11, 1, 14);
    const step = (365 * 24 * 3_600_000) / 20_000;
    for (let i = 0; i < 20_000; i++) {
      const status = i % 20 < 4 ? 'ACTIVE' : i % 20 < 18 ? 'COMPLETED' : 'CANCELLED';
      const start = new Date(base + Math.floor(i * step)).toISOString();
      const customerId = `c${i % 3000}`;
      const emp = `e${i % 40}`;
      const hours = 1 + (i % 2);
      const row: ReservationRow = {
        id: randomUUID(),
        reservationNumber: `RES-${String(i + 1).padStart(6, '0')}`,
        kind: 'ITEM',
        status,
        source: 'STAFF',
        customerId,
        timeZone: ZONE,
        customer: {
          id: customerId,
          firstName: 'Bench',
          lastName: `Customer${i % 3000}`,
          phone: `555${String(1_000_000 + (i % 3000)).slice(-7)}`,
          email: null,
        },
        inventoryItemId: `item${i % 300}`,
        inventoryItem: {
          id: `item${i % 300}`,
          itemNumber: `GC-${i % 300}`,
          name: 'Golf Cart',
          productType: { id: 'pt1', name: 'Golf Cart' },
          productVariant: null,
          condition: null,
          status: null,
          hourlyRate: 20,
          rates: [],
        },
        startTime: start,
        endTime: new Date(Date.parse(start) + hours * 3_600_000).toISOString(),
        reservationDuration: hours,
        depositAmountCents: 0,
        baseAmountCents: 2000 * hours,
        subtotalCents: 2000 * hours,
        taxRate: 0,
        taxAmountCents: 0,
        totalAmountCents: 2000 * hours + (i % 7 === 0 ? 1000 : 0),
        overageAmountCents: i % 7 === 0 ? 1000 : 0,
        overageHours: i % 7 === 0 ? 0.5 : 0,
        hourlyRateAtBookingCents: 2000,
        createdByEmployee: { id: emp, firstName: 'Emp', lastName: emp },
        createdAt: start,
        updatedAt: start,
      };
      puts.push({ ...reservationKey(tenant, row.id), ...indexAttributes(tenant, row), ...row });
      for (const part of splitContribution(tenant, contribution(row)!)) {
        let d = rows.get(part.key.sk);
        if (!d) rows.set(part.key.sk, (d = { ...part.key }));
        for (const [k, n] of Object.entries(part.counts)) d[k] = ((d[k] as number) ?? 0) + n;
        Object.assign(d, part.sets);
      }
    }
    puts.push(...rows.values());
    await putRows(puts);
    return token;
  })();
  return seeded;
}

const get =
  (path: string): BenchCase['request'] =>
  async (ctx) => ({
    url: `${ctx.url}${path}`,
    method: 'GET',
    headers: { authorization: `Bearer ${await reportsTenant(ctx)}` },
  });
const YEAR = 'startDate=2025-12-01&endDate=2026-11-30';

export const cases: BenchCase[] = [
  {
    name: 'reportsRevenueMonth20000',
    description: 'GET /api/reports/revenue for one month (30 day rows) of a tenant with 20,000 reservations',
    request: get('/api/reports/revenue?startDate=2026-06-01&endDate=2026-06-30'),
  },
  {
    name: 'reportsRevenueYear20000',
    description: 'GET /api/reports/revenue for one year (365 day rows) of a tenant with 20,000 reservations',
    request: get(`/api/reports/revenue?${YEAR}`),
  },
  {
    name: 'reportsEmployeesYear20000',
    description:
      'GET /api/reports/employee-performance for one year, 40 employees (365 day rows and one row per employee and day)',
    request: get(`/api/reports/employee-performance?${YEAR}`),
  },
  {
    name: 'reportsCustomersYear20000',
    description:
      'GET /api/reports/customer-activity for one year, 3,000 customers (365 day rows and one row per customer and day)',
    request: get(`/api/reports/customer-activity?${YEAR}`),
  },
  {
    name: 'reportsUtilizationYear20000',
    description:
      'GET /api/reports/cart-utilization for one year, 300 items (365 day rows and one row per item and day)',
    request: get(`/api/reports/cart-utilization?${YEAR}`),
  },
  {
    name: 'reportsDailyLog20000',
    description: 'GET /api/reports/daily-log for one day (about 55 reservations)',
    request: get('/api/reports/daily-log?date=2026-06-15'),
  },
];

export const measures: BenchMeasure[] = [
  {
    name: 'reportsRevenueYearOverMonth',
    description: 'p50 of the one-year revenue report divided by the one-month one (goal: within 2)',
    measure: async (_ctx, results) => {
      const m = results.reportsRevenueMonth20000 as { p50?: number } | undefined;
      const y = results.reportsRevenueYear20000 as { p50?: number } | undefined;
      if (!m?.p50 || !y?.p50) return undefined;
      return Math.round((y.p50 / m.p50) * 100) / 100;
    },
  },
];
