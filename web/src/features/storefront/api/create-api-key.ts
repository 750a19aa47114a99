import type { z } from 'zod';
import type { apiKeyBody } from '../../../../../shared/contract/routes/api-keys.js';
import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { API_KEYS } from './get-api-keys.js';

export type ApiKeyForm = z.input<typeof apiKeyBody>;

/**
 * Answers `{id, name, prefix, accessLevel, key}`: the key, which the server never answers again
 * (R-SET-9). Not idempotent on purpose: a stored answer would keep the key in clear for a day.
 */
export const createApiKey = (body: ApiKeyForm) => api('settings.createApiKey', { body });

export function useCreateApiKey(texts: MutationTexts<[ApiKeyForm], Awaited<ReturnType<typeof createApiKey>>>) {
  return useMutationAction((body: ApiKeyForm) => createApiKey(body), { ...texts, revalidate: [API_KEYS] });
}
