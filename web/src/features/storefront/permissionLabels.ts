import {
  PERMISSION_GROUPS,
  type Permission,
  type PermissionGroup,
  permissionLabel,
  permissionText,
} from '../../../../shared/domain/permissions.js';
import type { PermissionChange } from '../../../../shared/domain/roles.js';

export { permissionLabel };

/** R-SET-5 groups as the matrix titles them ('inventoryItems' → 'Inventory Items'). */
export const GROUP_LABELS = Object.fromEntries(
  Object.keys(PERMISSION_GROUPS).map((g) => [g, permissionLabel(g)]),
) as Record<PermissionGroup, string>;

export const ROLE_LABELS = { EMPLOYEE: 'Employee', MANAGER: 'Manager' } as const;
export const POLICY_ROLES = ['EMPLOYEE', 'MANAGER'] as const;
export const GROUPS = Object.keys(PERMISSION_GROUPS) as PermissionGroup[];

/** A log entry's flipped permissions in words: 'Employee: Reservations › Create removed'. */
export function describeChange(c: Pick<PermissionChange, 'role' | 'permission' | 'granted'>): string {
  return `${ROLE_LABELS[c.role]}: ${permissionText(c.permission)} ${c.granted ? 'granted' : 'removed'}`;
}

export const permissionOf = (group: PermissionGroup, name: string) => `${group}.${name}` as Permission;
