import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { OVERVIEW } from './keys.js';

const getOverviewMetrics = () => api('platform.overviewMetrics');

/** Overview: refreshed every 60 seconds (R-PLAT-5). */
export function useOverviewMetrics() {
  return useSWR(apiKey(OVERVIEW), getOverviewMetrics, { refreshInterval: 60_000 });
}
