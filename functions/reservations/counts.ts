/** The reservations' counters: rows kept on write, so no count ever reads the reservations themselves. */
import type { ReservationCounts, ReservationKind } from '../../shared/contract/reservation-models.js';
import { fromCents } from '../../shared/domain/money.js';
import { weekStartOf } from '../../shared/domain/reservations.js';
import { readShardedCounters } from '../lib/counter-shards.js';
import type { TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { PAYMENT_COUNTERS, RESERVATION_COUNTERS } from '../reservation-rows/entity.js';
import { parseCounterRow } from '../reservation-rows/row-schemas.js';

type Counters = Record<string, number>;
/** A count as shown: a counter never written is zero, and a count is never negative. */
export const count = (v: number | undefined) => Math.max(0, v ?? 0);

/**
 * The tenant's reservation counters (empty before the first reservation): every shard row and the
 * legacy unsharded one, parsed (./row-schemas.ts) and summed (R-PLAT-17).
 */
export async function counterRow(tenant: TenantId): Promise<Counters> {
  return readShardedCounters(tenant, RESERVATION_COUNTERS, parseCounterRow);
}

export function countsOf(c: Counters, kinds: readonly ReservationKind[]): ReservationCounts {
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

/** R-RES-8: the overdue count by the rows' rule: marked by the sweep, plus those past their end it has not reached. */
export async function overdueCount(tenant: TenantId, marked: number, now: number): Promise<number> {
  const { overdueNotYetMarked } = await import('./overdue-count.js');
  return count(marked) + (await overdueNotYetMarked(tenant, now));
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
    overdue: await overdueCount(tenant, c.overdue ?? 0, now),
  };
}

export async function paymentStats(tenant: TenantId) {
  const c = await readShardedCounters(tenant, PAYMENT_COUNTERS, parseCounterRow);
  return {
    totalAmount: fromCents(c.totalCents ?? 0),
    refundedAmount: fromCents(c.refundedCents ?? 0),
    count: count(c.count),
  };
}
