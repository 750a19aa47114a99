import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { SERVICES } from './keys.js';

export const generateShareLink = (id: string) => api('services.generateShareLink', { params: { id } });

/** A new share token for the service (R-SVC-6); the services are read again. */
export function useGenerateShareLink(texts: MutationTexts<[string], Awaited<ReturnType<typeof generateShareLink>>>) {
  return useMutationAction(generateShareLink, { ...texts, revalidate: [SERVICES] });
}
