/**
 * The rules of who may do what, as data (R-AUTH-4 and R-SET-5). They live in the domain
 * so that `shared/domain` imports nothing from `shared/contract`; the contract re-exports them.
 */

/** Role-derived flags of R-AUTH-4. A route that names one refuses users without it. */
export type Capability =
  | 'isAdmin'
  | 'manageInventory'
  | 'viewSettings'
  | 'viewEmployees'
  | 'processReturns'
  | 'manageUsers';

/** The configurable matrix of R-SET-5: group → permission names. */
export const PERMISSION_GROUPS = {
  dashboard: ['viewStats', 'viewActivity'],
  reservations: ['view', 'create', 'edit', 'cancel', 'processReturn', 'reprocess'],
  customers: ['view', 'create', 'edit'],
  inventoryItems: ['view', 'create', 'edit', 'delete'],
  productTypes: ['view', 'create', 'edit', 'delete'],
  inventoryReports: ['view', 'export'],
  services: ['view', 'create', 'edit', 'delete'],
  serviceBookings: ['view', 'process'],
  payments: ['takePayment', 'processRefund', 'viewHistory'],
  timesheets: ['view', 'clockInOut', 'approve'],
  reports: ['view', 'generate', 'export'],
  communications: ['sendEmails', 'editTemplates'],
  userManagement: ['viewUsers', 'manageRoles'],
  systemSettings: ['manageLocations', 'configureSystem'],
} as const;
export type PermissionGroup = keyof typeof PERMISSION_GROUPS;

/**
 * The role capability (R-AUTH-4) behind a cell of the matrix: the routes that name the cell
 * also need it. A role without it sees the cell off by default (docs/decisions/0225-layout-at-375-and-1366.md).
 */
export const PERMISSION_CAPABILITY: Readonly<Record<string, Capability>> = {
  'inventoryItems.create': 'manageInventory',
  'inventoryItems.edit': 'manageInventory',
  'inventoryItems.delete': 'manageInventory',
  'productTypes.create': 'manageInventory',
  'productTypes.edit': 'manageInventory',
  'productTypes.delete': 'manageInventory',
  'services.create': 'manageInventory',
  'services.edit': 'manageInventory',
  'services.delete': 'manageInventory',
  'inventoryReports.view': 'manageInventory',
  'inventoryReports.export': 'manageInventory',
  'systemSettings.manageLocations': 'manageInventory',
  'reservations.edit': 'processReturns',
  'reservations.processReturn': 'processReturns',
  'reservations.reprocess': 'processReturns',
  'userManagement.viewUsers': 'viewEmployees',
  'userManagement.manageRoles': 'viewEmployees',
  'timesheets.approve': 'viewEmployees',
  'systemSettings.configureSystem': 'viewSettings',
};

/**
 * Capabilities an administrator may hand to ordinary employees through the matrix: a granted cell
 * behind one of these really grants (docs/decisions/0225-layout-at-375-and-1366.md, "an admin who grants employees item creation
 * sees it work"). The others (returns, employees, settings) stay with the roles R-AUTH-4 names,
 * and their cells are greyed out for EMPLOYEE.
 */
export const DELEGABLE_CAPABILITIES: readonly Capability[] = ['manageInventory'];
export type Permission = {
  [G in PermissionGroup]: `${G}.${(typeof PERMISSION_GROUPS)[G][number]}`;
}[PermissionGroup];

/** A matrix name in words: 'processReturn' → 'Process Return', 'inventoryItems' → 'Inventory Items', 'clockInOut' → 'Clock In/Out'. */
export function permissionLabel(name: string): string {
  if (name === 'clockInOut') return 'Clock In/Out';
  const words = name.replace(/([A-Z])/g, ' $1').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A matrix cell in words, as the Users & Permissions page titles it: 'reservations.create' → 'Reservations › Create'. */
export const permissionText = (permission: string) => permission.split('.').map(permissionLabel).join(' › ');
