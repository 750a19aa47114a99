import useSWR from 'swr';
import type { z } from 'zod';
import type { permissionsResponse } from '../../../../../shared/contract/settings-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { POLICY } from './keys.js';

export type PolicyAnswer = z.output<typeof permissionsResponse>;

export const getPolicy = () => api('settings.getPermissions');

export function usePolicy() {
  return useSWR(apiKey(POLICY), getPolicy, { revalidateOnFocus: false });
}
