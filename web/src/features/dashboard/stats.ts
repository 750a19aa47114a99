/** R-DASH-2: the four overview calls, as the dashboard reads them. */
export interface DashboardStats {
  inventory: {
    total: number;
    statusCounts: { AVAILABLE: number; IN_USE: number; MAINTENANCE_REQUIRED: number; OUT_OF_SERVICE: number };
    maintenanceDue: number;
  };
  /** `noShowsThisWeek`: R-RES-12, kept on write by the server. */
  reservations: { active: number; total: number; noShowsThisWeek: number };
  customers: { total: number };
  /** R-DASH-6: Collected (`totalAmount`) and Refunded, as shared/domain/revenue.ts defines them. */
  payments: { totalAmount: number; refundedAmount: number };
}

export const ZERO_STATS: DashboardStats = {
  inventory: {
    total: 0,
    statusCounts: { AVAILABLE: 0, IN_USE: 0, MAINTENANCE_REQUIRED: 0, OUT_OF_SERVICE: 0 },
    maintenanceDue: 0,
  },
  reservations: { active: 0, total: 0, noShowsThisWeek: 0 },
  customers: { total: 0 },
  payments: { totalAmount: 0, refundedAmount: 0 },
};

/** R-DASH-4: stats cached 5 minutes and refreshed every 5 minutes. */
export const STATS_CACHE_MS = 300_000;
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

/** Builds the stats from the four answers; a failed one counts as zeroed defaults (R-DASH-2). */
export function combineStats(results: PromiseSettledResult<unknown>[]): DashboardStats {
  const value = (r: PromiseSettledResult<unknown> | undefined) => (r?.status === 'fulfilled' ? unwrap(r.value) : {});
  const [i, r, c, p] = [value(results[0]), value(results[1]), value(results[2]), value(results[3])];
  const sc = (i.statusCounts ?? {}) as Record<string, unknown>;
  return {
    inventory: {
      total: num(i.total),
      statusCounts: {
        AVAILABLE: num(sc.AVAILABLE),
        IN_USE: num(sc.IN_USE),
        MAINTENANCE_REQUIRED: num(sc.MAINTENANCE_REQUIRED),
        OUT_OF_SERVICE: num(sc.OUT_OF_SERVICE),
      },
      maintenanceDue: num(i.maintenanceDue),
    },
    reservations: { active: num(r.active), total: num(r.total), noShowsThisWeek: num(r.noShowsThisWeek) },
    customers: { total: num(c.total) },
    payments: { totalAmount: num(p.totalAmount), refundedAmount: num(p.refundedAmount) },
  };
}

const cacheKey = (scope: string) => `dashboard-stats:${scope}`;

/** The browser's copy of the last numbers, when younger than 5 minutes. */
export function readCachedStats(
  scope: string,
  now: number,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): { stats: DashboardStats; at: number } | null {
  try {
    const raw = storage?.getItem(cacheKey(scope));
    if (!raw) return null;
    const v = JSON.parse(raw) as { stats?: DashboardStats; at?: number };
    if (!v.stats || typeof v.at !== 'number' || now - v.at >= STATS_CACHE_MS || v.at > now + 60_000) return null;
    return { stats: v.stats, at: v.at };
  } catch {
    return null;
  }
}

export function writeCachedStats(
  scope: string,
  v: { stats: DashboardStats; at: number },
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(cacheKey(scope), JSON.stringify(v));
  } catch {
    /* storage full or blocked: the numbers are simply not cached */
  }
}
