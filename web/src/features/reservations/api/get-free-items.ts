import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { FREE_ITEMS } from './keys.js';

const getFreeItems = (startTime: string, hours: number) =>
  api('reservations.availableItems', { query: { startTime, hours } });

/** Items free for the whole chosen time (the server knows future bookings; a plain status filter cannot). */
export function useFreeItems(startTime: string | null, hours: number) {
  return useSWR(startTime ? apiKey(FREE_ITEMS, startTime, hours) : null, () => getFreeItems(startTime!, hours));
}
