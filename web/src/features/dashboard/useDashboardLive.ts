import { useCallback, useRef, useState } from 'react';
import { useLiveUpdates, useRefetchDashboard } from './api/index.js';
import type { LiveMessage, LiveState } from './live.js';

/** Live events kept for Recent Activity while the page is open. */
const LIVE_KEPT = 20;

/**
 * The dashboard's live wiring: each pushed event is kept for Recent Activity and refetches the
 * figures it changes; a reconnect after a failure refetches everything it may have missed.
 */
export function useDashboardLive(): {
  live: LiveMessage[];
  liveState: LiveState;
  refetchStats: () => void;
  refetchActive: () => void;
} {
  const [live, setLive] = useState<LiveMessage[]>([]);
  const { refetchStats, refetchActive } = useRefetchDashboard();
  const onEvent = useCallback(
    (m: LiveMessage) => {
      setLive((prev) => [...prev, m].slice(-LIVE_KEPT));
      refetchStats();
      if (m.type.startsWith('reservation-') || m.type === 'payment-processed') refetchActive();
    },
    [refetchStats, refetchActive],
  );
  // The first open finds the numbers just loaded (or cached); a reconnect after a failure refetches them.
  const connectedOnce = useRef(false);
  const onConnected = useCallback(() => {
    if (connectedOnce.current) {
      refetchStats();
      refetchActive();
    }
    connectedOnce.current = true;
  }, [refetchStats, refetchActive]);
  const liveState = useLiveUpdates(onEvent, onConnected);
  return { live, liveState, refetchStats, refetchActive };
}
