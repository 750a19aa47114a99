/**
 * The five reports (R-REP-3, R-REP-2; docs/decisions/reports-aggregates-kept-on-write.md). Range reports read the per-day aggregate rows
 * (functions/reports/aggregates.ts): one Query on the tenant partition, at most 367 rows for a year.
 * The daily log reads the reservations of one day through the list index (6 Queries: kind × status).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { RESERVATION_KINDS, RESERVATION_STATUSES } from '../../shared/contract/reservation-models.js';
import { fromCents } from '../../shared/domain/money.js';
import { addDaysToDay, endOfDayIn, isRealDate, startOfDayIn } from '../../shared/domain/time.js';
import { db, tableName } from '../lib/db.js';
import { badRequest } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { listIndex, stripKeys, toView } from '../reservations/entity.js';
import { readOpeningHours } from '../settings/hours.js';
import { REPORT_DAY } from './aggregates.js';
import { openMinutesOfDay } from './hours.js';

export const REPORT_MESSAGES = {
  dateRequired: 'Date parameter is required for daily log report',
  rangeRequired: 'Both startDate and endDate are required',
  invalidDate: 'Invalid date format',
  order: 'Start date must be before end date',
  tooLong: 'Date range cannot exceed 1 year',
} as const;

/** A calendar day from `YYYY-MM-DD` (or an ISO date-time: its date part); null when not a real date. */
export function parseDay(v: string | undefined): string | null {
  if (!v) return null;
  const m = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(v.trim());
  return m && isRealDate(m[1]) ? m[1]! : null;
}

export function parseRange(q: { startDate?: string; endDate?: string }): { start: string; end: string } {
  if (!q.startDate?.trim() || !q.endDate?.trim()) throw badRequest(REPORT_MESSAGES.rangeRequired);
  const start = parseDay(q.startDate);
  const end = parseDay(q.endDate);
  if (!start || !end) throw badRequest(REPORT_MESSAGES.invalidDate);
  if (start > end) throw badRequest(REPORT_MESSAGES.order);
  if (end > addDaysToDay(start, 366)) throw badRequest(REPORT_MESSAGES.tooLong);
  return { start, end };
}

type Row = Record<string, unknown>;

/** The day rows of a range (inclusive), in day order. */
export async function readDays(tenant: TenantId, start: string, end: string): Promise<Row[]> {
  const out: Row[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
        ExpressionAttributeValues: {
          ':pk': keys.tenantPartition(tenant),
          ':a': `${REPORT_DAY}#${start}`,
          ':b': `${REPORT_DAY}#${end}`,
        },
        ExclusiveStartKey: startKey,
      }),
    );
    out.push(...(res.Items ?? []));
    startKey = res.LastEvaluatedKey;
  } while (startKey);
  return out;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const round1 = (n: number) => Math.round(n * 10) / 10;
const avgCents = (total: number, n: number) => (n > 0 ? Math.round(total / n) : 0);
const json = <T>(v: unknown, fallback: T): T => {
  try {
    return typeof v === 'string' ? (JSON.parse(v) as T) : fallback;
  } catch {
    return fallback;
  }
};

/** Sums a family of attributes `{prefix}#{id}#{field}` over the rows, with the latest name per id. */
function byEntity(rows: Row[], prefix: 'e' | 'c' | 'i') {
  const m = new Map<string, { f: Record<string, number>; name: unknown }>();
  for (const row of rows) {
    for (const [k, v] of Object.entries(row)) {
      if (k.startsWith(`${prefix}#`)) {
        const last = k.lastIndexOf('#');
        const id = k.slice(prefix.length + 1, last);
        const field = k.slice(last + 1);
        let e = m.get(id);
        if (!e) m.set(id, (e = { f: {}, name: null }));
        e.f[field] = (e.f[field] ?? 0) + num(v);
      } else if (k.startsWith(`N#${prefix}#`)) {
        const id = k.slice(prefix.length + 3);
        let e = m.get(id);
        if (!e) m.set(id, (e = { f: {}, name: null }));
        e.name = v;
      }
    }
  }
  return m;
}

function totals(rows: Row[]) {
  const t: Record<string, number> = {};
  for (const row of rows)
    for (const [k, v] of Object.entries(row))
      if (!k.includes('#') || /^(s|k|h)#[^#]+$/.test(k)) if (typeof v === 'number') t[k] = (t[k] ?? 0) + v;
  return t;
}

// ---------------------------------------------------------------- revenue

export async function revenueReport(tenant: TenantId, q: { startDate?: string; endDate?: string }) {
  const { start, end } = parseRange(q);
  const rows = await readDays(tenant, start, end);
  const t = totals(rows);
  const booked = t.b ?? 0;
  const peakHours: Record<string, number> = {};
  for (const [k, v] of Object.entries(t)) if (k.startsWith('h#') && v) peakHours[k.slice(2)] = v;
  return {
    success: true as const,
    startDate: start,
    endDate: end,
    totalRevenue: fromCents(t.rev ?? 0),
    overageRevenue: fromCents(t.ovr ?? 0),
    refundTotal: fromCents(t.rfd ?? 0),
    totalReservations: booked,
    averageRevenue: fromCents(avgCents(t.rev ?? 0, booked)),
    completedReservations: t['s#COMPLETED'] ?? 0,
    activeReservations: t['s#ACTIVE'] ?? 0,
    cancelledReservations: t['s#CANCELLED'] ?? 0,
    itemReservations: t['k#ITEM'] ?? 0,
    serviceReservations: t['k#SERVICE'] ?? 0,
    averageDurationHours: (t.dn ?? 0) > 0 ? Math.round(((t.dm ?? 0) / 60 / (t.dn ?? 1)) * 100) / 100 : 0,
    durationSamples: t.dn ?? 0,
    reservationsByHour: peakHours,
    daily: rows
      .map((r) => ({
        date: String(r.sk).slice(REPORT_DAY.length + 1),
        revenue: fromCents(num(r.rev)),
        reservations: num(r.b),
        cancelled: num(r['s#CANCELLED']),
      }))
      .filter((d) => d.reservations || d.cancelled || d.revenue),
  };
}

// ---------------------------------------------------------------- employee performance

export async function employeePerformanceReport(tenant: TenantId, q: { startDate?: string; endDate?: string }) {
  const { start, end } = parseRange(q);
  const rows = await readDays(tenant, start, end);
  const performanceData = [...byEntity(rows, 'e')]
    .map(([id, e]) => {
      const total = e.f.n ?? 0;
      const completed = e.f.c ?? 0;
      const booked = total - (e.f.x ?? 0);
      return {
        employeeId: id,
        employeeName: typeof e.name === 'string' && e.name ? e.name : 'Unknown',
        totalReservations: total,
        completedReservations: completed,
        cancelledReservations: e.f.x ?? 0,
        totalRevenue: fromCents(e.f.rev ?? 0),
        averageRevenue: fromCents(avgCents(e.f.rev ?? 0, booked)),
        completionRate: total > 0 ? round1((completed / total) * 100) : 0,
      };
    })
    .filter((e) => e.totalReservations > 0)
    .sort((a, b) => b.totalRevenue - a.totalRevenue || a.employeeName.localeCompare(b.employeeName));
  return { success: true as const, startDate: start, endDate: end, performanceData };
}

// ---------------------------------------------------------------- customer activity

export const TOP_CUSTOMERS = 50;

export async function customerActivityReport(tenant: TenantId, q: { startDate?: string; endDate?: string }) {
  const { start, end } = parseRange(q);
  const rows = await readDays(tenant, start, end);
  const all = [...byEntity(rows, 'c')]
    .map(([id, c]) => {
      const n = json<{ name?: string; phone?: string }>(c.name, {});
      return {
        customerId: id,
        name: n.name || 'Unknown',
        phone: n.phone ?? '',
        reservationCount: c.f.n ?? 0,
        noShows: c.f.ns ?? 0,
        totalSpentCents: c.f.rev ?? 0,
      };
    })
    // A customer who only failed to come is still a customer of the period (R-RES-12).
    .filter((c) => c.reservationCount > 0 || c.noShows > 0)
    .sort(
      (a, b) =>
        b.totalSpentCents - a.totalSpentCents ||
        b.reservationCount - a.reservationCount ||
        a.name.localeCompare(b.name),
    );
  const totalSpentCents = all.reduce((s, c) => s + c.totalSpentCents, 0);
  return {
    success: true as const,
    startDate: start,
    endDate: end,
    totalCustomers: all.length,
    returningCustomers: all.filter((c) => c.reservationCount > 1).length,
    totalSpent: fromCents(totalSpentCents),
    totalReservations: all.reduce((s, c) => s + c.reservationCount, 0),
    noShows: rows.reduce((s, r) => s + (Number(r.ns) || 0), 0),
    topCustomers: all
      .slice(0, TOP_CUSTOMERS)
      .map(({ totalSpentCents: c, ...rest }) => ({ ...rest, totalSpent: fromCents(c) })),
  };
}

// ---------------------------------------------------------------- cart utilisation

export async function cartUtilizationReport(tenant: TenantId, q: { startDate?: string; endDate?: string }) {
  const { start, end } = parseRange(q);
  const [rows, hours] = await Promise.all([readDays(tenant, start, end), readOpeningHours(tenant)]);
  let openMinutes = 0;
  for (let d = start; d <= end; d = addDaysToDay(d, 1)) openMinutes += openMinutesOfDay(hours, d);
  const hoursOpen = Math.round((openMinutes / 60) * 100) / 100;
  const pct = (reservedMin: number) => (openMinutes > 0 ? round1((reservedMin / openMinutes) * 100) : 0);
  const items = [...byEntity(rows, 'i')]
    .map(([id, i]) => {
      const n = json<{ name?: string; itemNumber?: string; productTypeId?: string; productType?: string }>(i.name, {});
      const min = i.f.min ?? 0;
      return {
        itemId: id,
        name: n.name || id,
        itemNumber: n.itemNumber ?? '',
        productTypeId: n.productTypeId ?? '',
        productType: n.productType || 'Other',
        reservations: i.f.n ?? 0,
        hoursReserved: Math.round((min / 60) * 100) / 100,
        hoursOpen,
        utilizationRate: pct(min),
        revenueCents: i.f.rev ?? 0,
        min,
      };
    })
    .filter((i) => i.reservations > 0)
    .sort((a, b) => b.utilizationRate - a.utilizationRate || a.name.localeCompare(b.name));
  const types = new Map<
    string,
    { productTypeId: string; productType: string; items: number; reservations: number; min: number; rev: number }
  >();
  for (const i of items) {
    const key = i.productTypeId || i.productType;
    const t = types.get(key) ?? {
      productTypeId: i.productTypeId,
      productType: i.productType,
      items: 0,
      reservations: 0,
      min: 0,
      rev: 0,
    };
    t.items++;
    t.reservations += i.reservations;
    t.min += i.min;
    t.rev += i.revenueCents;
    types.set(key, t);
  }
  const totalMin = items.reduce((s, i) => s + i.min, 0);
  return {
    success: true as const,
    startDate: start,
    endDate: end,
    hoursOpenPerItem: hoursOpen,
    totalHoursReserved: Math.round((totalMin / 60) * 100) / 100,
    averageUtilization: items.length && openMinutes > 0 ? round1((totalMin / (openMinutes * items.length)) * 100) : 0,
    totalRevenue: fromCents(items.reduce((s, i) => s + i.revenueCents, 0)),
    items: items.map(({ min: _m, revenueCents, ...rest }) => ({ ...rest, revenue: fromCents(revenueCents) })),
    productTypes: [...types.values()]
      .map((t) => ({
        productTypeId: t.productTypeId,
        productType: t.productType,
        items: t.items,
        reservations: t.reservations,
        hoursReserved: Math.round((t.min / 60) * 100) / 100,
        hoursOpen: Math.round(((openMinutes * t.items) / 60) * 100) / 100,
        utilizationRate: openMinutes > 0 ? round1((t.min / (openMinutes * t.items)) * 100) : 0,
        revenue: fromCents(t.rev),
      }))
      .sort((a, b) => b.utilizationRate - a.utilizationRate || a.productType.localeCompare(b.productType)),
  };
}

// ---------------------------------------------------------------- daily log

export async function dailyLogReport(tenant: TenantId, q: { date?: string }) {
  if (!q.date?.trim()) throw badRequest(REPORT_MESSAGES.dateRequired);
  const day = parseDay(q.date);
  if (!day) throw badRequest(REPORT_MESSAGES.invalidDate);
  const zone = await organizationTimeZone(tenant);
  const from = startOfDayIn(day, zone).toISOString();
  const to = endOfDayIn(day, zone).toISOString();
  const lists = await Promise.all(
    RESERVATION_KINDS.flatMap((kind) =>
      RESERVATION_STATUSES.map(async (status) => {
        const out: Row[] = [];
        let startKey: Record<string, unknown> | undefined;
        do {
          const res = await db().send(
            new QueryCommand({
              TableName: tableName(),
              IndexName: 'gsi1',
              KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :a AND :b',
              ExpressionAttributeValues: { ':pk': listIndex(tenant, kind, status), ':a': from, ':b': `${to}#\uffff` },
              ExclusiveStartKey: startKey,
            }),
          );
          out.push(...(res.Items ?? []));
          startKey = res.LastEvaluatedKey;
        } while (startKey);
        return out;
      }),
    ),
  );
  const now = Date.now();
  const reservations = lists
    .flat()
    .map((i) => toView(stripKeys(i), now))
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.reservationNumber.localeCompare(b.reservationNumber));
  return { success: true as const, date: day, timeZone: zone, reservations };
}
