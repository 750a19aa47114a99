import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { TENANTS } from './keys.js';

const getTenantMetrics = () => api('platform.tenantMetrics');

/** Tenant list with metrics: refreshed every 10 minutes (R-PLAT-5). */
export function useTenantMetrics() {
  return useSWR(apiKey(TENANTS), getTenantMetrics, { refreshInterval: 600_000 });
}
