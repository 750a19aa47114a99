import {
  DELEGABLE_CAPABILITIES,
  PERMISSION_CAPABILITY,
  PERMISSION_GROUPS,
  type Capability,
  type Permission,
  type PermissionGroup,
} from './permissions.js';

export type Role = 'SUPER_ADMIN' | 'BUSINESS_ADMIN' | 'EMPLOYEE';
export type AccessLevel = 'EMPLOYEE' | 'MANAGER';
export type PolicyRole = 'EMPLOYEE' | 'MANAGER';

export interface RoleHolder {
  role: Role | string;
  accessLevel?: AccessLevel | string | null;
}

/** The derived flags of R-AUTH-4, shared by the SPA (what to show) and the API (what to allow). */
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

export type PermissionPolicy = Partial<
  Record<PolicyRole, Partial<Record<PermissionGroup, Partial<Record<string, boolean>>>>>
>;

/** The role whose row of the matrix applies, or null for administrators (who have every permission). */
export function policyRole(u: RoleHolder): PolicyRole | null {
  if (u.role !== 'EMPLOYEE') return null;
  return u.accessLevel === 'MANAGER' ? 'MANAGER' : 'EMPLOYEE';
}

const holderOf = (role: PolicyRole): RoleHolder => ({ role: 'EMPLOYEE', accessLevel: role });

/**
 * Whether the cell can ever be on for the role: its capability (R-AUTH-4) is the role's, or
 * one an administrator may delegate through the matrix. The screen greys out the others.
 */
export function isGrantable(role: PolicyRole, permission: Permission): boolean {
  const capability = PERMISSION_CAPABILITY[permission];
  return !capability || hasCapability(holderOf(role), capability) || DELEGABLE_CAPABILITIES.includes(capability);
}

/**
 * The cell's value when nobody set it: on exactly when the role holds the capability behind it
 * (R-AUTH-4). Document 3's "everything granted" default is read as everything the role may
 * do, so an EMPLOYEE's inventory writes start off, as their read-only inventory is (docs/decisions/0225-layout-at-375-and-1366.md).
 */
function grantedByDefault(role: PolicyRole, permission: Permission): boolean {
  const capability = PERMISSION_CAPABILITY[permission];
  return !capability || hasCapability(holderOf(role), capability);
}

/** The cell as it applies: a set value where the role can hold it, else the role's default. */
export function isGranted(
  policy: PermissionPolicy | null | undefined,
  role: PolicyRole,
  permission: Permission,
): boolean {
  if (!isGrantable(role, permission)) return false;
  const [group, name] = permission.split('.') as [PermissionGroup, string];
  const set = policy?.[role]?.[group]?.[name];
  return typeof set === 'boolean' ? set : grantedByDefault(role, permission);
}

/**
 * Whether a person may use a route that names `capability` and/or `permission`: the one rule of the
 * API's authorise step and of what the SPA offers. Administrators hold every capability of their
 * role and every cell. EMPLOYEE and MANAGER need their cell granted, and the capability; a granted
 * cell behind a delegable capability stands in for it (the matrix widens there, narrows elsewhere).
 */
export function mayUse(
  u: RoleHolder,
  need: { capability?: Capability; permission?: Permission },
  policy: PermissionPolicy | null | undefined,
): boolean {
  const role = policyRole(u);
  const held = !need.capability || hasCapability(u, need.capability);
  if (role === null || !need.permission) return held;
  if (!isGranted(policy, role, need.permission)) return false;
  return (
    held ||
    (DELEGABLE_CAPABILITIES.includes(need.capability!) && PERMISSION_CAPABILITY[need.permission] === need.capability)
  );
}

/**
 * Matrices saved before revision 2 stored every EMPLOYEE cell as granted, inventory writes included,
 * when a granted cell could only narrow. Read under the rule above they would suddenly widen, so
 * their cells behind capabilities EMPLOYEE lacks are dropped (the default, off, applies) until an
 * administrator saves the matrix again.
 */
export const POLICY_REVISION = 2;
export function policyAsStored(
  policy: PermissionPolicy | null | undefined,
  revision: unknown,
): PermissionPolicy | null {
  if (!policy) return null;
  if (typeof revision === 'number' && revision >= POLICY_REVISION) return policy;
  const employee = Object.fromEntries(
    Object.entries(policy.EMPLOYEE ?? {}).map(([g, cells]) => [
      g,
      Object.fromEntries(
        Object.entries(cells ?? {}).filter(([n]) => grantedByDefault('EMPLOYEE', `${g}.${n}` as Permission)),
      ),
    ]),
  );
  return { ...policy, EMPLOYEE: employee };
}

/** A matrix with every entry present, as the screen and the stored row hold it. */
type CompletePolicy = Record<PolicyRole, Record<PermissionGroup, Record<string, boolean>>>;

export function fullPolicy(granted = true): CompletePolicy {
  const row = () =>
    Object.fromEntries(
      Object.entries(PERMISSION_GROUPS).map(([g, names]) => [g, Object.fromEntries(names.map((n) => [n, granted]))]),
    ) as Record<PermissionGroup, Record<string, boolean>>;
  return { EMPLOYEE: row(), MANAGER: row() };
}

/** Every permission name of the matrix, `group.name`, in the spec's order. */
const ALL_PERMISSIONS: Permission[] = Object.entries(PERMISSION_GROUPS).flatMap(([g, names]) =>
  names.map((n) => `${g}.${n}` as Permission),
);

/** The matrix with every gap filled: a missing entry (or a missing policy) counts as the role's default. */
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
 * matrix grants, never a cell their role can never hold (see `mayUse`).
 */
export function effectivePermissions(
  u: RoleHolder,
  policy: PermissionPolicy | null | undefined,
): Record<Permission, boolean> {
  const role = policyRole(u);
  return Object.fromEntries(
    ALL_PERMISSIONS.map((p) => [p, role === null ? true : isGranted(policy, role, p)]),
  ) as Record<Permission, boolean>;
}

export interface PermissionChange {
  role: PolicyRole;
  permission: Permission;
  granted: boolean;
}

/** The permissions that flipped between two policies (both read with the roles' defaults). */
export function diffPolicies(
  before: PermissionPolicy | null | undefined,
  after: PermissionPolicy | null | undefined,
): PermissionChange[] {
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
export function setGroup(
  policy: PermissionPolicy,
  role: PolicyRole,
  group: PermissionGroup,
  granted: boolean,
): PermissionPolicy {
  const names = PERMISSION_GROUPS[group] as readonly string[];
  return { ...policy, [role]: { ...policy[role], [group]: Object.fromEntries(names.map((n) => [n, granted])) } };
}

/** True when every cell of the group the role can hold is granted (the toggle then reads Remove All). */
export function groupFullyGranted(
  policy: PermissionPolicy | null | undefined,
  role: PolicyRole,
  group: PermissionGroup,
): boolean {
  const cells = (PERMISSION_GROUPS[group] as readonly string[])
    .map((n) => `${group}.${n}` as Permission)
    .filter((p) => isGrantable(role, p));
  return cells.length > 0 && cells.every((p) => isGranted(policy, role, p));
}
