import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { WAITLIST } from './keys.js';

const getWaitlist = (serviceId: string) => api('services.waitlistList', { params: { id: serviceId } });

/** Each slot's waitlist of one service (R-SVC-10). */
export function useWaitlist(serviceId: string) {
  return useSWR(apiKey(WAITLIST, serviceId), () => getWaitlist(serviceId));
}
