import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveUpdates, useRefetchDashboard } from './api/index.js';
import type { LiveMessage, LiveState } from './live.js';
import {
  createRefetchCoalescer,
  type DashboardRead,
  LIVE_EVENT_READS,
  type RefetchCoalescer,
} from './refetch-coalescer.js';

/** Live events kept for Recent Activity while the page is open. */
const LIVE_KEPT = 20;

/**
 * The dashboard's live wiring: each pushed event is kept for Recent Activity at once; the figures
 * and the list it changes are read again once per burst (R-DASH-5: one read of each after 1 s of
 * quiet, at most 3 s late). A reconnect after a failure reads everything it may have missed, in
 * the same window as the events it replays.
 */
export function useDashboardLive(): {
  live: LiveMessage[];
  liveState: LiveState;
  refetchStats: () => void;
  refetchActive: () => void;
} {
  const [live, setLive] = useState<LiveMessage[]>([]);
  const { refetchStats, refetchActive } = useRefetchDashboard();
  const runners = useRef({ refetchStats, refetchActive });
  runners.current = { refetchStats, refetchActive };
  const coalescer = useRef<RefetchCoalescer | null>(null);
  coalescer.current ??= createRefetchCoalescer((read: DashboardRead) =>
    read === 'stats' ? runners.current.refetchStats() : runners.current.refetchActive(),
  );
  // Nothing is read for a page that has gone away.
  useEffect(() => () => coalescer.current?.cancel(), []);
  const onEvent = useCallback((m: LiveMessage) => {
    setLive((prev) => [...prev, m].slice(-LIVE_KEPT));
    coalescer.current?.request(LIVE_EVENT_READS[m.type] ?? ['stats']);
  }, []);
  // The first open finds the numbers just loaded (or cached); a reconnect after a failure refetches them.
  const connectedOnce = useRef(false);
  const onConnected = useCallback(() => {
    if (connectedOnce.current) coalescer.current?.request(['stats', 'active']);
    connectedOnce.current = true;
  }, []);
  const liveState = useLiveUpdates(onEvent, onConnected);
  return { live, liveState, refetchStats, refetchActive };
}
