import useSWR from 'swr';
import { api, type Answer, type QueryOf } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { PAGE_SIZE } from '../rules.js';
import { RESERVATIONS_LIST } from './keys.js';

export type ListAnswer = Answer<'reservations.list'>;

/** The list's filters: the route's query without the page size, which is this screen's. */
export type ListQuery = Omit<NonNullable<QueryOf<'reservations.list'>>, 'limit'> & { kind: 'ITEM' | 'SERVICE' };

const getReservationPage = (q: ListQuery) => api('reservations.list', { query: { ...q, limit: PAGE_SIZE } });

/** One server page (25) of item reservations or service bookings, with the chip counts of that kind. */
export function useReservationPage(q: ListQuery) {
  return useSWR(apiKey(RESERVATIONS_LIST, q), () => getReservationPage(q), { keepPreviousData: true });
}
