import useSWR from 'swr';
import { CUSTOMERS_PAGE_SIZE } from '../../../../../shared/domain/customers.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { CUSTOMERS_LIST } from './keys.js';

/** One page of customers (20), optionally only those whose name, phone or e-mail match `search`. */
const getCustomers = (page: number, search: string) =>
  api('customers.list', { query: { page, limit: CUSTOMERS_PAGE_SIZE, ...(search ? { search } : {}) } });

/** One page of customers, optionally a search by name, phone or e-mail (R-CUS-1); the last page stays shown while the next loads. */
export function useCustomers(page: number, search: string) {
  const q = search.trim();
  return useSWR(apiKey(CUSTOMERS_LIST, page, q), () => getCustomers(page, q), { keepPreviousData: true });
}
