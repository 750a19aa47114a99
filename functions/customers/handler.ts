import { CUSTOMERS_PAGE_SIZE } from '../../shared/contract/customer-models.js';
import { notFound } from '../lib/errors.js';
import { createAreaHandler } from '../lib/pipeline.js';
import { customerTotal, getCustomer, listCustomers } from './store.js';

/** Lambda entry of the customers area (R-CUS-1; the dashboard's customer count, R-DASH-2). */
export const handler = createAreaHandler('customers', {
  'customers.list': async ({ tenant, query }) => {
    const page = query.page ?? 1;
    const limit = query.limit ?? CUSTOMERS_PAGE_SIZE;
    const { customers, total } = await listCustomers(tenant, { page, limit, search: query.search });
    return { customers, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
  },
  'customers.get': async ({ tenant, params }) => {
    const customer = await getCustomer(tenant, params.id);
    if (!customer) throw notFound('Customer not found');
    return { customer };
  },
  'customers.statsOverview': async ({ tenant }) => ({ total: await customerTotal(tenant) }),
});
