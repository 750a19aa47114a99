import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { PAYMENTS } from './keys.js';

const getPayments = () => api('settings.getPayments').then((r) => r.data);

export function usePayments() {
  return useSWR(apiKey(PAYMENTS), getPayments, { revalidateOnFocus: false });
}
