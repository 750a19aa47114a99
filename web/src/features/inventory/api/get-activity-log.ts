import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { ACTIVITY_LOG_LIMIT } from '../itemRules.js';
import { INVENTORY_ACTIVITY } from './keys.js';

const getActivityLog = (limit: number) => api('inventory.activityLog', { query: { limit } });

/** The activity log, loaded when its tab opens (limit 100). */
export function useActivityLog() {
  return useSWR(apiKey(INVENTORY_ACTIVITY, ACTIVITY_LOG_LIMIT), () => getActivityLog(ACTIVITY_LOG_LIMIT));
}
