import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { codecs } from './codecs.js';
import { SERVICES_LIST } from './keys.js';

async function getServices() {
  const [wire, { decodeService }] = await Promise.all([api('services.list'), codecs()]);
  return wire.map(decodeService);
}

/** The tenant's services. A failure is an error here; the inventory page tolerates it for its count (R-SVC-1). */
export function useServices() {
  return useSWR(apiKey(SERVICES_LIST), getServices);
}
