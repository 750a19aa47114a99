import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import type { ModuleId } from '../../../../../shared/domain/modules.js';
import { api } from '../../../api/client.js';
import { apiKey, scopeId, TOKEN_KEY } from '../../../api/keys.js';
import { connectLive, resolveLiveUrl, type LiveMessage, type LiveState } from '../live.js';
import { ACTIVE_FETCH_LIMIT, ACTIVE_REFRESH_MS, normaliseActive, type ActiveReservation } from '../activity.js';
import {
  fetchDashboardStats,
  readCachedStats,
  STATS_CACHE_MS,
  STATS_REFRESH_MS,
  writeCachedStats,
  type DashboardStats,
} from '../stats.js';

/** Cache resources of this area (reservations' writes revalidate everything under 'dashboard'). */
export const DASHBOARD_STATS = 'dashboard.stats';
export const DASHBOARD_ACTIVE = 'dashboard.active';

export interface StatsSnapshot {
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
      const stats = await fetchDashboardStats((m) => !disabledModules.includes(m));
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

/** ACTIVE reservations, 10 fetched, refreshed every 2 minutes (R-DASH-3, R-DASH-4). */
export function useActiveReservations(enabled: boolean) {
  return useSWR<ActiveReservation[]>(
    enabled ? apiKey(DASHBOARD_ACTIVE, ACTIVE_FETCH_LIMIT) : null,
    async () =>
      normaliseActive(await api('reservations.list', { query: { status: 'ACTIVE', limit: ACTIVE_FETCH_LIMIT } })),
    { refreshInterval: ACTIVE_REFRESH_MS, revalidateOnFocus: false },
  );
}

/**
 * The live connection while the page is visible (a hidden tab closes it: nothing runs for a tab
 * nobody looks at, and it reconnects and refetches when shown again).
 */
export function useLiveUpdates(onEvent: (m: LiveMessage) => void, onConnected: () => void): LiveState {
  const [state, setState] = useState<LiveState>('disconnected');
  const [visible, setVisible] = useState(
    () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  );
  const latest = useRef({ onEvent, onConnected });
  latest.current = { onEvent, onConnected };
  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  useEffect(() => {
    if (!visible || typeof EventSource === 'undefined') return undefined;
    let close: (() => void) | undefined;
    let cancelled = false;
    void resolveLiveUrl().then((url) => {
      if (cancelled) return;
      close = connectLive({
        url,
        token: () => localStorage.getItem(TOKEN_KEY),
        onEvent: (m) => latest.current.onEvent(m),
        onConnected: () => latest.current.onConnected(),
        onState: setState,
      });
    });
    return () => {
      cancelled = true;
      close?.();
    };
  }, [visible]);
  return state;
}
