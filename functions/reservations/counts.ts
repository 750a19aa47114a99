/** The reservations' counters: one row kept on write, so no count ever reads the reservations themselves. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ReservationCounts, ReservationKind } from '../../shared/contract/reservation-models.js';
import { fromCents } from '../../shared/domain/money.js';
import { weekStartOf } from '../../shared/domain/reservations.js';
import { db, tableName } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { paymentStatsKey, statsKey } from './entity.js';

type Row = Record<string, unknown>;
/** A counter's value: missing or garbled reads as zero, never negative. */
export const count = (v: unknown) => Math.max(0, Number(v) || 0);

/** The tenant's counter row (empty before the first reservation). */
export async function counterRow(tenant: TenantId): Promise<Row> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: statsKey(tenant) }));
  return res.Item ?? {};
}

export function countsOf(c: Row, kinds: readonly ReservationKind[]): ReservationCounts {
  const sum = (s: string) => kinds.reduce((t, k) => t + count(c[`${k}#${s}`]), 0);
  const active = sum('ACTIVE');
  const completed = sum('COMPLETED');
  const cancelled = sum('CANCELLED');
  return {
    all: active + completed + cancelled,
    active,
    completed,
    cancelled,
    overdue: sum('overdue'),
    noShow: sum('noShow'),
  };
}

export async function reservationStats(tenant: TenantId, now = Date.now()) {
  const [c, zone] = await Promise.all([counterRow(tenant), organizationTimeZone(tenant)]);
  return {
    // R-RES-12: this week's no-shows (Monday to Sunday in the organization's zone), kept on write by ./no-show.ts.
    noShowsThisWeek: count(c[`noShow#week#${weekStartOf(now, zone)}`]),
    active: count(c.active),
    total: count(c.total),
    completed: count(c.completed),
    cancelled: count(c.cancelled),
    overdue: count(c.overdue),
  };
}

export async function paymentStats(tenant: TenantId) {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: paymentStatsKey(tenant) }));
  return { totalAmount: fromCents(Number(res.Item?.totalCents) || 0), count: count(res.Item?.count) };
}
