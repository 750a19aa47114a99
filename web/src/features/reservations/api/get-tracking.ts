import useSWR from 'swr';
import { api, type Answer } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { TRACKING } from './keys.js';

/** The rows' tracking; a load failure reads as none, so every row shows its own (unpaid) values. */
async function getTracking(ids: string[]): Promise<Answer<'payments.trackingBatch'>> {
  try {
    return await api('payments.trackingBatch', { body: { reservationIds: ids } });
  } catch {
    return {};
  }
}

/** Paid?, Amount and Source of the service rows shown (R-RES-1): a load failure resets all to unpaid. */
export function useTracking(ids: string[]) {
  return useSWR(ids.length ? apiKey(TRACKING, ids.join(',')) : null, () => getTracking(ids));
}
