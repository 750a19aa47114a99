import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { EMAIL_STATS } from './keys.js';

export type EmailRange = '1d' | '7d' | '30d' | '90d';

const getEmailStats = (range: EmailRange) => api('platform.emailStats', { query: { range } });

/** E-mail stats from the product's own send log (R-DASH-2). */
export function useEmailStats(range: EmailRange) {
  return useSWR(apiKey(EMAIL_STATS, range), () => getEmailStats(range));
}
