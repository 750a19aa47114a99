import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { TENANTS } from './keys.js';

const getTenantModules = (id: string) => api('platform.listModules', { params: { id } });

export function useTenantModules(id: string | null) {
  return useSWR(id ? apiKey(TENANTS, 'modules', id) : null, () => getTenantModules(id!));
}
