import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { BRANDING } from './keys.js';

const getBranding = () => api('settings.getBranding').then((r) => r.data);

export function useBranding() {
  return useSWR(apiKey(BRANDING), getBranding, { revalidateOnFocus: false });
}
