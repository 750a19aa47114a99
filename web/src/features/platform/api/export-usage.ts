import { api } from '../../../api/client.js';
import type { UsageRange } from './get-usage-analytics.js';

/** The CSV export as text (the server names it usage-analytics-{range}.csv), asked for on a click. */
export const exportUsage = (range: UsageRange) => api('platform.exportAnalytics', { query: { range } });
