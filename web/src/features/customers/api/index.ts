import useSWR from 'swr';
import { CUSTOMERS_PAGE_SIZE } from '../../../../../shared/domain/customers.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

/** Cache resources of this area. */
export const CUSTOMERS = 'customers';
export const CUSTOMERS_LIST = 'customers.list';
export const CUSTOMER_DETAIL = 'customers.detail';

/** One page of customers (20), optionally a search by name, phone or e-mail (R-CUS-1). */
export function useCustomers(page: number, search: string) {
  const q = search.trim();
  return useSWR(
    apiKey(CUSTOMERS_LIST, page, q),
    () =>
      api('customers.list', {
        query: { page, limit: CUSTOMERS_PAGE_SIZE, ...(q ? { search: q } : {}) },
      }),
    { keepPreviousData: true },
  );
}

/** One customer with its reservations, loaded when View Details opens. */
export function useCustomer(id: string | null) {
  return useSWR(id ? apiKey(CUSTOMER_DETAIL, id) : null, () =>
    api('customers.get', { params: { id: id! } }).then((r) => r.customer),
  );
}
