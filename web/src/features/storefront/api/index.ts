import useSWR from 'swr';
import type { z } from 'zod';
import type {
  contactBody,
  hoursBody,
  myPermissionsResponse,
  permissionLogsResponse,
  permissionsResponse,
  permissionsSaveResponse,
  taxResponse,
  HoursRow,
} from '../../../../../shared/contract/settings-models.js';
import type { PermissionPolicy } from '../../../../../shared/domain/roles.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

/** Cache resources of this area. */
export const SETTINGS = 'settings';
export const CONTACT = 'settings.contact';
export const HOURS = 'settings.hours';
export const POLICY = 'settings.permissions';
export const POLICY_LOGS = 'settings.permissions.logs';

export type MyPermissions = z.output<typeof myPermissionsResponse>;
export type PolicyAnswer = z.output<typeof permissionsResponse>;
export type PolicySaveAnswer = z.output<typeof permissionsSaveResponse>;
export type PermissionLog = z.output<typeof permissionLogsResponse>['logs'][number];
export type TaxAnswer = z.output<typeof taxResponse>;

export function useContact() {
  return useSWR(apiKey(CONTACT), () => api('settings.getContact').then((r) => r.data), {
    revalidateOnFocus: false,
  });
}
export const saveContact = (body: z.input<typeof contactBody>) => api('settings.updateContact', { body });

export interface HoursData {
  hours: HoursRow[];
  specialHours: (Omit<HoursRow, 'dayType'> & { date: string })[];
}
function parseSpecial(text: string | undefined): HoursData['specialHours'] {
  try {
    const v = JSON.parse(text || '[]') as unknown;
    return Array.isArray(v) ? (v as HoursData['specialHours']) : [];
  } catch {
    return [];
  }
}
const toHoursData = (r: { hours: HoursRow[]; special_hours: string }): HoursData => ({
  hours: r.hours,
  specialHours: parseSpecial(r.special_hours),
});
export function useHours() {
  return useSWR(apiKey(HOURS), () => api('settings.getHours').then(toHoursData), { revalidateOnFocus: false });
}
export const saveHours = (body: z.input<typeof hoursBody>) => api('settings.updateHours', { body }).then(toHoursData);

export function usePolicy() {
  return useSWR(apiKey(POLICY), () => api('settings.getPermissions'), { revalidateOnFocus: false });
}
export const savePolicy = (policy: PermissionPolicy, changeNote: string) =>
  api('settings.updatePermissions', { body: { policy, changeNote } });

/** Loaded when the Change Log tab opens. */
export function usePermissionLogs(enabled: boolean) {
  return useSWR(enabled ? apiKey(POLICY_LOGS) : null, () => api('settings.permissionLogs').then((r) => r.logs));
}
