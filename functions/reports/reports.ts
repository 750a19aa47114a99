/**
 * The four range reports (R-REP-3, R-REP-2; docs/decisions/0201-reports-aggregates-kept-on-write.md): each
 * reads the per-day aggregate rows of its range (./report-days.ts: one Query on the tenant partition, at
 * most 367 rows for a year) and, for the per-employee, per-customer and per-item figures, one Query of
 * that kind's rows (one per entity and day, R-REP-8). The daily log, which reads reservations, is ./daily-log.ts; the range's
 * checks ./report-range.ts.
 */
import { fromCents } from '../../shared/domain/money.js';
import { addDaysToDay } from '../../shared/domain/time.js';
import type { TenantId } from '../lib/keys.js';
import { readOpeningHours } from '../settings/hours.js';
import { openMinutesOfDay } from './hours.js';
import { byEntity, readDays, readEntityDays, totals } from './report-days.js';
import { parseRange } from './report-range.js';

const round1 = (n: number) => Math.round(n * 10) / 10;
const avgCents = (total: number, n: number) => (n > 0 ? Math.round(total / n) : 0);
/** A name the aggregates wrote as JSON (`N#c#…`, `N#i#…`); a garbled one reads as no name. */
const json = <T>(v: string | null, fallback: T): T => {
  try {
    return typeof v === 'string' ? (JSON.parse(v) as T) : fallback;
  } catch {
    return fallback;
  }
};

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
    taxCollected: fromCents(t.tx ?? 0),
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
      .map((d) => ({
        date: d.day,
        revenue: fromCents(d.counts.rev ?? 0),
        reservations: d.counts.b ?? 0,
        cancelled: d.counts['s#CANCELLED'] ?? 0,
      }))
      .filter((d) => d.reservations || d.cancelled || d.revenue),
  };
}

// ---------------------------------------------------------------- employee performance

export async function employeePerformanceReport(tenant: TenantId, q: { startDate?: string; endDate?: string }) {
  const { start, end } = parseRange(q);
  const [rows, employees] = await Promise.all([readDays(tenant, start, end), readEntityDays(tenant, 'e', start, end)]);
  const performanceData = [...byEntity(rows, 'e', employees)]
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
        completedRevenue: fromCents(e.f.crev ?? 0),
        averageRevenue: fromCents(avgCents(e.f.rev ?? 0, booked)),
        completionRate: total > 0 ? round1((completed / total) * 100) : 0,
      };
    })
    .filter((e) => e.totalReservations > 0)
    .sort((a, b) => b.totalRevenue - a.totalRevenue || a.employeeName.localeCompare(b.employeeName));
  return { success: true as const, startDate: start, endDate: end, performanceData };
}

// ---------------------------------------------------------------- customer activity

const TOP_CUSTOMERS = 50;

export async function customerActivityReport(tenant: TenantId, q: { startDate?: string; endDate?: string }) {
  const { start, end } = parseRange(q);
  const [rows, customers] = await Promise.all([readDays(tenant, start, end), readEntityDays(tenant, 'c', start, end)]);
  const all = [...byEntity(rows, 'c', customers)]
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
    noShows: rows.reduce((s, d) => s + (d.counts.ns ?? 0), 0),
    topCustomers: all
      .slice(0, TOP_CUSTOMERS)
      .map(({ totalSpentCents: c, ...rest }) => ({ ...rest, totalSpent: fromCents(c) })),
  };
}

// ---------------------------------------------------------------- cart utilisation

export async function cartUtilizationReport(tenant: TenantId, q: { startDate?: string; endDate?: string }) {
  const { start, end } = parseRange(q);
  const [rows, itemDays, hours] = await Promise.all([
    readDays(tenant, start, end),
    readEntityDays(tenant, 'i', start, end),
    readOpeningHours(tenant),
  ]);
  let openMinutes = 0;
  for (let d = start; d <= end; d = addDaysToDay(d, 1)) openMinutes += openMinutesOfDay(hours, d);
  const hoursOpen = Math.round((openMinutes / 60) * 100) / 100;
  const pct = (reservedMin: number) => (openMinutes > 0 ? round1((reservedMin / openMinutes) * 100) : 0);
  const items = [...byEntity(rows, 'i', itemDays)]
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
