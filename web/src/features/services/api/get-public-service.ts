import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { decodePublicService } from './decode-public.js';
import { PUBLIC_SERVICE } from './keys.js';

async function getPublicService(token: string) {
  return decodePublicService(await api('services.publicGet', { params: { token }, token: null }));
}

/** The public share page's service: no session, so no tenant in the key (the token names it). */
export function usePublicService(token: string) {
  return useSWR(token ? apiKey(PUBLIC_SERVICE, token) : null, () => getPublicService(token));
}
