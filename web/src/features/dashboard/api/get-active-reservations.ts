import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { ACTIVE_FETCH_LIMIT, ACTIVE_REFRESH_MS, type ActiveReservation, normaliseActive } from '../activity.js';
import { DASHBOARD_ACTIVE } from './keys.js';

/** The first ACTIVE reservations, as the dashboard's list shows them. */
const getActiveReservations = async (limit: number) =>
  normaliseActive(await api('reservations.list', { query: { status: 'ACTIVE', limit } }));

/** ACTIVE reservations, 10 fetched, refreshed every 2 minutes (R-DASH-3, R-DASH-4). */
export function useActiveReservations(enabled: boolean) {
  return useSWR<ActiveReservation[]>(
    enabled ? apiKey(DASHBOARD_ACTIVE, ACTIVE_FETCH_LIMIT) : null,
    () => getActiveReservations(ACTIVE_FETCH_LIMIT),
    { refreshInterval: ACTIVE_REFRESH_MS, revalidateOnFocus: false },
  );
}
