import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { RESERVATION_ONE } from './keys.js';

const getReservation = async (id: string) => (await api('reservations.get', { params: { id } })).data;

/** One reservation with its breakdown and payments (the details dialog); a 404 or 410 is not retried. */
export function useReservation(id: string | null) {
  return useSWR(id ? apiKey(RESERVATION_ONE, id) : null, () => getReservation(id!), { shouldRetryOnError: false });
}
