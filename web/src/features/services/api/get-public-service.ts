import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { codecs } from './codecs.js';
import { PUBLIC_SERVICE } from './keys.js';

export async function getPublicService(token: string) {
  const [wire, { decodePublicService }] = await Promise.all([
    api('services.publicGet', { params: { token }, token: null }),
    codecs(),
  ]);
  return decodePublicService(wire);
}

/** The public share page's service: no session, so no tenant in the key (the token names it). */
export function usePublicService(token: string) {
  return useSWR(token ? apiKey(PUBLIC_SERVICE, token) : null, () => getPublicService(token));
}
