import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { USAGE } from './keys.js';

export type UsageRange = '1d' | '7d' | '30d' | '90d' | '1y';

const getUsageAnalytics = (range: UsageRange) => api('platform.usageAnalytics', { query: { range } });

/** Usage analytics for a range (R-PLAT-9): cards and trend series from the metering rows. */
export function useUsageAnalytics(range: UsageRange) {
  return useSWR(apiKey(USAGE, range), () => getUsageAnalytics(range));
}
