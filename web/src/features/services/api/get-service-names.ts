import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { SERVICES_LIST } from './keys.js';

interface ServiceName {
  id: string;
  name: string;
}

/**
 * The services' ids and names, read from the list's wire answer without the contract's codecs: neither
 * field is JSON text, so the reservations list's service filter (R-RES-1) needs no zod on the page's
 * first load (docs/decisions/0221-first-load-route-preload-and-compression.md). Its own cache key (the same
 * resource, so saving or deleting a service revalidates it with `useServices`).
 */
async function getServiceNames(): Promise<ServiceName[]> {
  const wire = await api('services.list');
  return wire.map(({ id, name }) => ({ id, name }));
}

export function useServiceNames() {
  return useSWR(apiKey(SERVICES_LIST, 'names'), getServiceNames);
}
