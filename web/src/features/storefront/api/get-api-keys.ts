import useSWR from 'swr';
import type { ApiKeyView } from '../../../../../shared/contract/routes/api-keys.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

/** Cache resource of the API keys list (R-SET-9). */
export const API_KEYS = 'settings.apiKeys';
export type ApiKey = ApiKeyView;

const getApiKeys = () => api('settings.listApiKeys').then((r) => r.keys);

/** The organization's API keys, never the keys themselves (shown once, at creation). */
export function useApiKeys() {
  return useSWR(apiKey(API_KEYS), getApiKeys);
}
