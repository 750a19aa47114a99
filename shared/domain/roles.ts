import { PERMISSION_GROUPS, type Capability, type Permission, type PermissionGroup } from './permissions.js';

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

/** A matrix with every entry present, as the screen and the stored row hold it. */
export type CompletePolicy = Record<PolicyRole, Record<PermissionGroup, Record<string, boolean>>>;

export function fullPolicy(granted = true): CompletePolicy {
  const row = () =>
    Object.fromEntries(
      Object.entries(PERMISSION_GROUPS).map(([g, names]) => [g, Object.fromEntries(names.map((n) => [n, granted]))]),
    ) as Record<PermissionGroup, Record<string, boolean>>;
  return { EMPLOYEE: row(), MANAGER: row() };
}

/** Every permission name of the matrix, `group.name`, in the spec's order. */
export const ALL_PERMISSIONS: Permission[] = Object.entries(PERMISSION_GROUPS).flatMap(([g, names]) => names.map((n) => `${g}.${n}` as Permission));

/** The matrix with every gap filled: a missing entry (or a missing policy) counts as granted. */
export function completePolicy(policy: PermissionPolicy | null | undefined): CompletePolicy {
  const full = fullPolicy(true);
  for (const role of ['EMPLOYEE', 'MANAGER'] as const) {
    for (const p of ALL_PERMISSIONS) {
      const [g, n] = p.split('.') as [PermissionGroup, string];
      full[role][g][n] = isGranted(policy, role, p);
    }
  }
  return full;
}

/**
 * What one person may do: administrators everything; EMPLOYEE and MANAGER what their row of the
 * matrix grants. (Role capabilities are checked separately: the matrix only narrows them.)
 */
export function effectivePermissions(u: RoleHolder, policy: PermissionPolicy | null | undefined): Record<Permission, boolean> {
  const role = policyRole(u);
  return Object.fromEntries(ALL_PERMISSIONS.map((p) => [p, role === null ? true : isGranted(policy, role, p)])) as Record<Permission, boolean>;
}

export interface PermissionChange {
  role: PolicyRole;
  permission: Permission;
  granted: boolean;
}

/** The permissions that flipped between two policies (both read with "missing = granted"). */
export function diffPolicies(before: PermissionPolicy | null | undefined, after: PermissionPolicy | null | undefined): PermissionChange[] {
  const changes: PermissionChange[] = [];
  for (const role of ['EMPLOYEE', 'MANAGER'] as const) {
    for (const p of ALL_PERMISSIONS) {
      const was = isGranted(before, role, p);
      const now = isGranted(after, role, p);
      if (was !== now) changes.push({ role, permission: p, granted: now });
    }
  }
  return changes;
}

/** Grant All / Remove All of the Users & Permissions screen: one group, one role. */
export function setGroup(policy: PermissionPolicy, role: PolicyRole, group: PermissionGroup, granted: boolean): PermissionPolicy {
  const names = PERMISSION_GROUPS[group] as readonly string[];
  return { ...policy, [role]: { ...policy[role], [group]: Object.fromEntries(names.map((n) => [n, granted])) } };
}

/** True when every permission of the group is granted for the role (the toggle then reads Remove All). */
export function groupFullyGranted(policy: PermissionPolicy | null | undefined, role: PolicyRole, group: PermissionGroup): boolean {
  return (PERMISSION_GROUPS[group] as readonly string[]).every((n) => isGranted(policy, role, `${group}.${n}` as Permission));
}
