import type { Permission } from '../../../../shared/domain/permissions.js';
import { roleFlags } from '../../../../shared/domain/roles.js';
import type { SessionUser } from '../../app/session.js';

export interface NavItem {
  label: string;
  /** Path inside the business app, without the tenant base. */
  to: string;
  icon: 'home' | 'box' | 'users' | 'calendar' | 'chart' | 'clock' | 'team' | 'settings';
}

/**
 * R-PLAT-3, R-AUTH-4: who sees which navigation item. `can` is the signed-in person's permission
 * matrix (R-SET-5): it hides what the policy denies, never shows what the role flags refuse.
 */
export function navItems(
  user: SessionUser,
  can: (permission: Permission) => boolean = () => true,
  disabledModules: readonly string[] = [],
): NavItem[] {
  const f = roleFlags(user);
  const off = (m: string) => disabledModules.includes(m); // modules the platform operator switched off (docs/decisions/0188-platform-modules.md)
  const items: NavItem[] = [{ label: 'Dashboard', to: '/dashboard', icon: 'home' }];
  if (!off('inventory') && can('inventoryItems.view'))
    items.push({ label: 'Inventory', to: '/inventory', icon: 'box' });
  if (can('customers.view')) items.push({ label: 'Customers', to: '/customers', icon: 'users' });
  if (!off('reservations') && can('reservations.view'))
    items.push({ label: 'Reservations', to: '/reservations', icon: 'calendar' });
  if (!off('reports') && can('reports.view')) items.push({ label: 'Reports', to: '/reports', icon: 'chart' });
  if (!off('employees') && f.isEmployee && can('timesheets.view'))
    items.push({ label: 'Timesheets', to: '/timesheets', icon: 'clock' });
  if (f.canViewEmployees && can('userManagement.viewUsers'))
    items.push({ label: 'Employees', to: '/employees', icon: 'team' });
  if (f.canViewSettings) items.push({ label: 'Settings', to: '/storefront', icon: 'settings' });
  return items;
}
