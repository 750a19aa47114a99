import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { TERMS } from './keys.js';

const getTerms = () => api('settings.getTerms').then((r) => r.data);

export function useTerms() {
  return useSWR(apiKey(TERMS), getTerms, { revalidateOnFocus: false });
}
