import useSWR from 'swr';
import { api, type BodyOf } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

/** Cache resources of this area (for useMutationAction's `revalidate`). */
export const SERVICES = 'services';
export const SERVICES_LIST = 'services.list';

const codecs = () => import('./decode.js');

/** The tenant's services. A failure is an error here; the inventory page tolerates it for its count (R-SVC-1). */
export function useServices() {
  return useSWR(apiKey(SERVICES_LIST), async () => {
    const [wire, { decodeService }] = await Promise.all([api('services.list'), codecs()]);
    return wire.map(decodeService);
  });
}

/** The public share page's service: no session, so no tenant in the key (the token names it). */
export function usePublicService(token: string) {
  return useSWR(token ? apiKey('services.public', token) : null, async () => {
    const [wire, { decodePublicService }] = await Promise.all([
      api('services.publicGet', { params: { token }, token: null }),
      codecs(),
    ]);
    return decodePublicService(wire);
  });
}

export const servicesApi = {
  presignPhoto: (body: BodyOf<'uploads.presignServicePhoto'>, idempotencyKey: string) =>
    api('uploads.presignServicePhoto', { body, idempotencyKey }),
  get: async (id: string) => (await codecs()).decodeService(await api('services.get', { params: { id } })),
  create: async (body: BodyOf<'services.create'>, idempotencyKey: string) =>
    (await codecs()).decodeSavedService(await api('services.create', { body, idempotencyKey })),
  update: async (id: string, body: BodyOf<'services.update'>) =>
    (await codecs()).decodeSavedService(await api('services.update', { params: { id }, body })),
  remove: (id: string) => api('services.delete', { params: { id } }),
  generateShareLink: (id: string) => api('services.generateShareLink', { params: { id } }),
  publicBook: (token: string, body: BodyOf<'services.publicBook'>, idempotencyKey: string) =>
    api('services.publicBook', { params: { token }, body, token: null, idempotencyKey }),
};
