import useSWR from 'swr';
import { mayUse, policyRole, roleFlags, type PermissionPolicy } from '../../../../../shared/domain/roles.js';
import { PERMISSION_CAPABILITY, type Permission } from '../../../../../shared/domain/permissions.js';
import { type GatedRoute, ROUTE_NEEDS } from '../../../../../shared/contract/route-needs.js';
import { apiKey } from '../../../api/keys.js';
import { useUser } from '../../../app/SessionProvider.js';

/** The signed-in person's effective permissions (GET /api/settings/permissions/mine). */
export const MY_PERMISSIONS = 'settings.permissions.mine';
/** A changed policy reaches an open session within this, without a new sign-in (and on focus). */
const MY_PERMISSIONS_REFRESH_MS = 60_000;

interface Mine {
  policyRole: 'EMPLOYEE' | 'MANAGER' | null;
  permissions: Record<string, boolean>;
}

async function loadMine(): Promise<Mine> {
  // The typed client carries the whole contract: loaded on demand, as the session provider does.
  const { api } = await import('../../../api/client.js');
  return api('settings.myPermissions');
}

/**
 * The matrix as it applies to the signed-in person. Administrators are never asked (they hold every
 * permission); others read theirs, again on focus and every minute.
 */
function useMyPermissions() {
  const user = useUser();
  const isAdmin = roleFlags(user).isAdmin;
  return useSWR(isAdmin ? null : apiKey(MY_PERMISSIONS), loadMine, {
    refreshInterval: MY_PERMISSIONS_REFRESH_MS,
    revalidateOnFocus: true,
    dedupingInterval: 2_000,
  });
}

/**
 * A `can(permission)` for the signed-in person. Until the answer arrives (or if it cannot be
 * loaded) it follows the default of R-SET-5, everything granted: the API still refuses what
 * is denied, and the answer lands within one request.
 */
export function useCanFn(): (permission: Permission) => boolean {
  const user = useUser();
  const { data } = useMyPermissions();
  if (roleFlags(user).isAdmin) return () => true;
  return (permission) => data?.permissions[permission] !== false;
}

/** True when the signed-in person's policy grants `permission` (features hide what it denies). */
export function useCan(permission: Permission): boolean {
  return useCanFn()(permission);
}

/**
 * `may(permission)`: whether the signed-in person may use the routes that need `permission` and the
 * role capability behind it (PERMISSION_CAPABILITY), by `mayUse`, the rule the API's authorise step
 * applies. A cell an administrator granted to employees (inventory writes) shows its buttons; until
 * the answer arrives the role's defaults apply (an employee's inventory stays read-only).
 */
export function useMayUseFn(): (permission: Permission) => boolean {
  const { user, policy } = useMyPolicy();
  return (permission) => mayUse(user, { capability: PERMISSION_CAPABILITY[permission], permission }, policy);
}

/**
 * `mayCall(route)`: whether the signed-in person may call the route, by its contract entry's own
 * capability and matrix cell (ROUTE_NEEDS) and `mayUse`, the API's authorise rule. Every action control
 * is shown only when this holds (R-RES-13); until the matrix arrives the role's defaults apply.
 */
export function useMayCallFn(): (route: GatedRoute) => boolean {
  const { user, policy } = useMyPolicy();
  return (route) => mayUse(user, ROUTE_NEEDS[route], policy);
}

/** The signed-in person and their row of the matrix once it has arrived (null before, and for administrators). */
function useMyPolicy() {
  const user = useUser();
  const { data } = useMyPermissions();
  const role = policyRole(user);
  const policy: PermissionPolicy | null = role && data ? { [role]: policyOfCells(data.permissions) } : null;
  return { user, policy };
}

/** The answer's cells ('group.name' → granted) as one role's row of a policy. */
function policyOfCells(cells: Record<string, boolean>): Record<string, Record<string, boolean>> {
  const row: Record<string, Record<string, boolean>> = {};
  for (const [key, granted] of Object.entries(cells)) {
    const [group, name] = key.split('.');
    if (group && name) (row[group] ??= {})[name] = granted;
  }
  return row;
}
