import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { CUSTOMER_DETAIL } from './keys.js';

/** One customer with its reservations. */
const getCustomer = (id: string) => api('customers.get', { params: { id } }).then((r) => r.customer);

/** One customer with its reservations, loaded when View Details opens (null: nothing loaded). */
export function useCustomer(id: string | null) {
  return useSWR(id ? apiKey(CUSTOMER_DETAIL, id) : null, () => getCustomer(id!));
}
