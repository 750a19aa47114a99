import { PERMISSION_GROUPS, type Permission, type PermissionGroup } from '../../../../shared/domain/permissions.js';
import type { PermissionChange } from '../../../../shared/domain/roles.js';

/** R-SET-5 groups as the matrix titles them. */
export const GROUP_LABELS: Record<PermissionGroup, string> = {
  dashboard: 'Dashboard',
  reservations: 'Reservations',
  customers: 'Customers',
  inventoryItems: 'Inventory Items',
  productTypes: 'Product Types',
  inventoryReports: 'Inventory Reports',
  services: 'Services',
  serviceBookings: 'Service Bookings',
  payments: 'Payments',
  timesheets: 'Timesheets',
  reports: 'Reports',
  communications: 'Communications',
  userManagement: 'User Management',
  systemSettings: 'System Settings',
};

export const ROLE_LABELS = { EMPLOYEE: 'Employee', MANAGER: 'Manager' } as const;
export const POLICY_ROLES = ['EMPLOYEE', 'MANAGER'] as const;
export const GROUPS = Object.keys(PERMISSION_GROUPS) as PermissionGroup[];

/** 'processReturn' → 'Process Return', 'clockInOut' → 'Clock In/Out'. */
export function permissionLabel(name: string): string {
  if (name === 'clockInOut') return 'Clock In/Out';
  const words = name.replace(/([A-Z])/g, ' $1').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A log entry's flipped permissions in words: 'Employee: Reservations › Create removed'. */
export function describeChange(c: Pick<PermissionChange, 'role' | 'permission' | 'granted'>): string {
  const [g, n] = c.permission.split('.') as [PermissionGroup, string];
  return `${ROLE_LABELS[c.role]}: ${GROUP_LABELS[g] ?? g} › ${permissionLabel(n)} ${c.granted ? 'granted' : 'removed'}`;
}

export const permissionOf = (group: PermissionGroup, name: string) => `${group}.${name}` as Permission;
