import { PERMISSION_GROUPS, type Capability, type Permission, type PermissionGroup } from '../contract/types.js';

export type Role = 'SUPER_ADMIN' | 'BUSINESS_ADMIN' | 'EMPLOYEE';
export type AccessLevel = 'EMPLOYEE' | 'MANAGER';
export type PolicyRole = 'EMPLOYEE' | 'MANAGER';

export interface RoleHolder {
  role: Role | string;
  accessLevel?: AccessLevel | string | null;
}

/** The derived flags of document 1 §6, shared by the SPA (what to show) and the API (what to allow). */
export function roleFlags(u: RoleHolder) {
  const isSuperAdmin = u.role === 'SUPER_ADMIN';
  const isBusinessAdmin = u.role === 'BUSINESS_ADMIN';
  const isEmployee = u.role === 'EMPLOYEE';
  const isManager = isEmployee && u.accessLevel === 'MANAGER';
  const isAdmin = isSuperAdmin || isBusinessAdmin;
  const staffLead = isAdmin || isManager;
  return {
    isAdmin,
    isSuperAdmin,
    isBusinessAdmin,
    isEmployee,
    isManager,
    canManageInventory: staffLead,
    canViewSettings: staffLead,
    canViewEmployees: staffLead,
    canProcessReturns: staffLead,
    canManageUsers: isAdmin,
  };
}

export function hasCapability(u: RoleHolder, capability: Capability): boolean {
  const f = roleFlags(u);
  switch (capability) {
    case 'isAdmin':
      return f.isAdmin;
    case 'manageInventory':
      return f.canManageInventory;
    case 'viewSettings':
      return f.canViewSettings;
    case 'viewEmployees':
      return f.canViewEmployees;
    case 'processReturns':
      return f.canProcessReturns;
    case 'manageUsers':
      return f.canManageUsers;
  }
}

export type PermissionPolicy = Partial<Record<PolicyRole, Partial<Record<PermissionGroup, Partial<Record<string, boolean>>>>>>;

/** The role whose row of the matrix applies, or null for administrators (who have every permission). */
export function policyRole(u: RoleHolder): PolicyRole | null {
  if (u.role !== 'EMPLOYEE') return null;
  return u.accessLevel === 'MANAGER' ? 'MANAGER' : 'EMPLOYEE';
}

/** Document 3: default when the server holds no policy is everything granted; a missing entry counts as granted. */
export function isGranted(policy: PermissionPolicy | null | undefined, role: PolicyRole, permission: Permission): boolean {
  const [group, name] = permission.split('.') as [PermissionGroup, string];
  return policy?.[role]?.[group]?.[name] !== false;
}

export function fullPolicy(granted = true): Required<PermissionPolicy> {
  const row = () =>
    Object.fromEntries(
      Object.entries(PERMISSION_GROUPS).map(([g, names]) => [g, Object.fromEntries(names.map((n) => [n, granted]))]),
    ) as Record<PermissionGroup, Record<string, boolean>>;
  return { EMPLOYEE: row(), MANAGER: row() };
}
