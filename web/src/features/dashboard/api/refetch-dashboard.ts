import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { keyMatches } from '../../../api/keys.js';
import { DASHBOARD_ACTIVE, DASHBOARD_STATS } from './keys.js';

/** Reads the figures or the active list again (a live event changed them, or a reconnect may have missed some). */
export function useRefetchDashboard(): { refetchStats: () => void; refetchActive: () => void } {
  const { mutate } = useSWRConfig();
  const refetchStats = useCallback(() => void mutate(keyMatches(DASHBOARD_STATS)), [mutate]);
  const refetchActive = useCallback(() => void mutate(keyMatches(DASHBOARD_ACTIVE)), [mutate]);
  return { refetchStats, refetchActive };
}
