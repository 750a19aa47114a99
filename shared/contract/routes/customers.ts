import { route } from '../types.js';
import { idParam } from '../common.js';
import {
  customerDetailResponse,
  customerListQuery,
  customerListResponse,
  customerStatsResponse,
} from '../customer-models.js';

const u = { access: 'user' } as const;
/** The customers area's routes (functions/customers). */
export const customersRoutes = [
  route({
    ...u,
    area: 'customers',
    id: 'customers.statsOverview',
    method: 'GET',
    path: '/api/customers/stats/overview',
    permission: 'dashboard.viewStats',
    response: customerStatsResponse,
    summary: 'Customer count (kept on write)',
  }),
  route({
    ...u,
    area: 'customers',
    id: 'customers.list',
    method: 'GET',
    path: '/api/customers',
    permission: 'customers.view',
    query: customerListQuery,
    response: customerListResponse,
    summary: 'Customers, 20 per page, newest first; search by name, phone or e-mail prefix',
  }),
  route({
    ...u,
    area: 'customers',
    id: 'customers.get',
    method: 'GET',
    path: '/api/customers/{id}',
    permission: 'customers.view',
    params: idParam,
    response: customerDetailResponse,
    summary: 'A customer with reservations',
  }),
] as const;
