import { api } from '../../api/client.js';

/** Document 1 §3: the four overview calls, as the dashboard reads them. */
export interface DashboardStats {
  inventory: { total: number; statusCounts: { AVAILABLE: number; IN_USE: number; MAINTENANCE_REQUIRED: number; OUT_OF_SERVICE: number }; maintenanceDue: number };
  reservations: { active: number; total: number };
  customers: { total: number };
  payments: { totalAmount: number };
}

export const ZERO_STATS: DashboardStats = {
  inventory: { total: 0, statusCounts: { AVAILABLE: 0, IN_USE: 0, MAINTENANCE_REQUIRED: 0, OUT_OF_SERVICE: 0 }, maintenanceDue: 0 },
  reservations: { active: 0, total: 0 },
  customers: { total: 0 },
  payments: { totalAmount: 0 },
};

/** Document 1 §9. */
export const STATS_REFRESH_MS = 300_000;

function num(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** Some handlers answer `{stats: {...}}`, others the object itself. */
function unwrap(v: unknown): Record<string, unknown> {
  if (!v || typeof v !== 'object') return {};
  const o = v as Record<string, unknown>;
  return (o.stats && typeof o.stats === 'object' ? o.stats : o) as Record<string, unknown>;
}

/** Fetched together; a failed call is replaced by zeroed defaults (document 1 §7). */
export async function fetchDashboardStats(): Promise<DashboardStats> {
  const [inv, res, cus, pay] = await Promise.allSettled([
    api('inventory.statsOverview'),
    api('reservations.statsOverview'),
    api('customers.statsOverview'),
    api('payments.statsOverview'),
  ]);
  const value = (r: PromiseSettledResult<unknown>) => (r.status === 'fulfilled' ? unwrap(r.value) : {});
  const i = value(inv);
  const r = value(res);
  const c = value(cus);
  const p = value(pay);
  const sc = (i.statusCounts ?? {}) as Record<string, unknown>;
  return {
    inventory: {
      total: num(i.total),
      statusCounts: { AVAILABLE: num(sc.AVAILABLE), IN_USE: num(sc.IN_USE), MAINTENANCE_REQUIRED: num(sc.MAINTENANCE_REQUIRED), OUT_OF_SERVICE: num(sc.OUT_OF_SERVICE) },
      maintenanceDue: num(i.maintenanceDue),
    },
    reservations: { active: num(r.active), total: num(r.total) },
    customers: { total: num(c.total) },
    payments: { totalAmount: num(p.totalAmount) },
  };
}
