import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import type { PublicService } from '../publicBooking.js';
import type { ApiService } from '../serviceForm.js';

/** GET /public/service/{token}: the service directly or under `data` (document 2 §7). */

/** Cache resources of this area (for useMutationAction's `revalidate`). */
export const SERVICES = 'services';
export const SERVICES_LIST = 'services.list';

/** The tenant's services. A failure is an error here; the inventory page tolerates it for its count (document 2 §7). */
export function useServices() {
  return useSWR(apiKey(SERVICES_LIST), () => api<ApiService[]>('services.list'));
}

/** The public share page's service: no session, so no tenant in the key (the token names it). */
export function usePublicService(token: string) {
  return useSWR(token ? apiKey('services.public', token) : null, async () => {
    const res = await api('services.publicGet', { params: { token }, token: null });
    return res.data as PublicService;
  });
}

export interface PresignAnswer {
  baseKey: string;
  urls: { medium: string; large: string; original: string };
  upload: { url: string; fields: Record<string, string> };
}

export const servicesApi = {
  presignPhoto: (
    body: { contentType: string; size: number; fileName: string; serviceId: string | null },
    idempotencyKey: string,
  ) => api<PresignAnswer>('uploads.presignServicePhoto', { body, idempotencyKey }),
  get: (id: string) => api<ApiService>('services.get', { params: { id } }),
  create: (body: unknown, idempotencyKey: string) =>
    api<ApiService>('services.create', { body: body as never, idempotencyKey }),
  update: (id: string, body: unknown) => api<ApiService>('services.update', { params: { id }, body: body as never }),
  remove: (id: string) => api('services.delete', { params: { id } }),
  generateShareLink: (id: string) => api<{ shareToken: string }>('services.generateShareLink', { params: { id } }),
  publicBook: <T>(token: string, body: unknown, idempotencyKey: string) =>
    api<T>('services.publicBook', { params: { token }, body: body as never, token: null, idempotencyKey }),
};
