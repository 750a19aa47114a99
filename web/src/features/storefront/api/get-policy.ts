import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { POLICY } from './keys.js';

const getPolicy = () => api('settings.getPermissions');

export function usePolicy() {
  return useSWR(apiKey(POLICY), getPolicy, { revalidateOnFocus: false });
}
