import useSWR from 'swr';
import type { z } from 'zod';
import type { permissionLogsResponse } from '../../../../../shared/contract/settings-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { POLICY_LOGS } from './keys.js';

export type PermissionLog = z.output<typeof permissionLogsResponse>['logs'][number];

const getPermissionLogs = () => api('settings.permissionLogs').then((r) => r.logs);

/** Loaded when the Change Log tab opens. */
export function usePermissionLogs(enabled: boolean) {
  return useSWR(enabled ? apiKey(POLICY_LOGS) : null, getPermissionLogs);
}
