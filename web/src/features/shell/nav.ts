import { roleFlags } from '../../../../shared/domain/roles.js';
import type { SessionUser } from '../../app/session.js';

export interface NavItem {
  label: string;
  /** Path inside the business app, without the tenant base. */
  to: string;
  icon: 'home' | 'box' | 'users' | 'calendar' | 'chart' | 'clock' | 'team' | 'settings';
}

/** Document 1 §2 and §6: who sees which navigation item. */
export function navItems(user: SessionUser): NavItem[] {
  const f = roleFlags(user);
  const items: NavItem[] = [
    { label: 'Dashboard', to: '/dashboard', icon: 'home' },
    { label: 'Inventory', to: '/inventory', icon: 'box' },
    { label: 'Customers', to: '/customers', icon: 'users' },
    { label: 'Reservations', to: '/reservations', icon: 'calendar' },
    { label: 'Reports', to: '/reports', icon: 'chart' },
  ];
  if (f.isEmployee) items.push({ label: 'Timesheets', to: '/timesheets', icon: 'clock' });
  if (f.canViewEmployees) items.push({ label: 'Employees', to: '/employees', icon: 'team' });
  if (f.canViewSettings) items.push({ label: 'Settings', to: '/storefront', icon: 'settings' });
  return items;
}

/** Storefront settings sections (document 1 §2), in menu order. */
export const STOREFRONT_SECTIONS = [
  { path: 'general', label: 'General' },
  { path: 'business-details', label: 'Business Details' },
  { path: 'contact', label: 'Contact' },
  { path: 'hours', label: 'Hours' },
  { path: 'branding', label: 'Branding' },
  { path: 'sales-channels', label: 'Sales Channels' },
  { path: 'payments', label: 'Payments' },
  { path: 'taxes', label: 'Taxes' },
  { path: 'terms', label: 'Terms' },
  { path: 'emails', label: 'Emails' },
  { path: 'notifications', label: 'Notifications' },
  { path: 'permissions', label: 'Permissions' },
] as const;
