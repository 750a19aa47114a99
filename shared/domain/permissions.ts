/**
 * The rules of who may do what, as data (document 1 §6 and document 3 §3). They live in the domain
 * so that `shared/domain` imports nothing from `shared/contract`; the contract re-exports them.
 */

/** Role-derived flags of document 1 §6. A route that names one refuses users without it. */
export type Capability =
  | 'isAdmin'
  | 'manageInventory'
  | 'viewSettings'
  | 'viewEmployees'
  | 'processReturns'
  | 'manageUsers';

/** The configurable matrix of document 3 §3: group → permission names. */
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
export type Permission = {
  [G in PermissionGroup]: `${G}.${(typeof PERMISSION_GROUPS)[G][number]}`;
}[PermissionGroup];
