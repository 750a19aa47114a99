import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { CONTACT } from './keys.js';

const getContact = () => api('settings.getContact').then((r) => r.data);

export function useContact() {
  return useSWR(apiKey(CONTACT), getContact, { revalidateOnFocus: false });
}
