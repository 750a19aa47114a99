import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { API_KEYS, type ApiKey } from './get-api-keys.js';

export const revokeApiKey = (id: string) => api('settings.revokeApiKey', { params: { id } });

/** Takes the key (its toasts may name it); sends its id. */
export function useRevokeApiKey(texts: MutationTexts<[ApiKey], Awaited<ReturnType<typeof revokeApiKey>>>) {
  return useMutationAction((key: ApiKey) => revokeApiKey(key.id), { ...texts, revalidate: [API_KEYS] });
}
