import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { GENERAL } from './keys.js';

const getGeneral = () => api('settings.getGeneral').then((r) => r.data);

export function useGeneral() {
  return useSWR(apiKey(GENERAL), getGeneral, { revalidateOnFocus: false });
}
