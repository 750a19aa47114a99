import { useMemo } from 'react';
import useSWR from 'swr';
import { AREA_MODULE, type ModuleId } from '../../../../../shared/domain/modules.js';
import { api } from '../../../api/client.js';
import { apiKey, scopeId } from '../../../api/keys.js';
import {
  combineStats,
  type DashboardStats,
  readCachedStats,
  STATS_CACHE_MS,
  STATS_REFRESH_MS,
  writeCachedStats,
} from '../stats.js';
import { DASHBOARD_STATS } from './keys.js';

/** The four overview calls in combineStats' order. */
const STATS_ROUTES = [
  'inventory.statsOverview',
  'reservations.statsOverview',
  'customers.statsOverview',
  'payments.statsOverview',
] as const;

/**
 * Fetched together; a failed call is replaced by zeroed defaults. When every one fails there is
 * nothing to show: the first failure is thrown ('Failed to load dashboard statistics: {message}').
 * A switched-off module's call is not made (its API would answer 403): its figures are zeros, and
 * the page does not show them.
 */
async function getDashboardStats(isOn: (module: ModuleId) => boolean = () => true): Promise<DashboardStats> {
  const results = await Promise.allSettled(
    STATS_ROUTES.map((route) => {
      const module = AREA_MODULE[route.slice(0, route.indexOf('.'))];
      return module && !isOn(module) ? Promise.resolve({}) : api(route);
    }),
  );
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length === results.length)
    throw failed[0]!.reason instanceof Error ? failed[0]!.reason : new Error(String(failed[0]!.reason));
  return combineStats(results);
}

interface StatsSnapshot {
  stats: DashboardStats;
  /** When these numbers were fetched (ms). */
  at: number;
  /** Shown from the browser's 5-minute cache, not fetched for this view. */
  fromCache: boolean;
}

/**
 * The four overview calls (R-DASH-2), cached 5 minutes in the browser (shown with 'Data from
 * cache' while they come from there) and refreshed every 5 minutes; live events refetch them.
 */
export function useDashboardStats(enabled: boolean, disabledModules: readonly ModuleId[] = []) {
  const scope = scopeId();
  const cached = useMemo(() => readCachedStats(scope, Date.now()), [scope]);
  return useSWR<StatsSnapshot>(
    // The switched-off modules are part of the key: a module turned back on fetches its figures.
    enabled ? apiKey(DASHBOARD_STATS, disabledModules.join(',')) : null,
    async () => {
      const stats = await getDashboardStats((m) => !disabledModules.includes(m));
      const at = Date.now();
      writeCachedStats(scope, { stats, at });
      return { stats, at, fromCache: false };
    },
    {
      fallbackData: cached ? { ...cached, fromCache: true } : undefined,
      // A cached answer younger than 5 minutes is shown as is; SWR fetches when it is older.
      revalidateOnMount: !cached,
      refreshInterval: STATS_REFRESH_MS,
      dedupingInterval: STATS_CACHE_MS,
      revalidateOnFocus: false,
    },
  );
}
