import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { RESERVATIONS_STATS } from './keys.js';

const getReservationStats = () => api('reservations.statsOverview');

/** Counts for both kinds (kept on write by the server). */
export function useReservationStats() {
  return useSWR(apiKey(RESERVATIONS_STATS), getReservationStats);
}
