import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { TENANTS } from './keys.js';

const getTenantDetails = (id: string) => api('platform.tenantDetails', { params: { id } });

export function useTenantDetails(id: string | null) {
  return useSWR(id ? apiKey(TENANTS, 'details', id) : null, () => getTenantDetails(id!));
}
