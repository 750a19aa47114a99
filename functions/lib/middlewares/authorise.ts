import { permissionText } from '../../../shared/domain/permissions.js';
import { isGranted, mayUse, policyRole } from '../../../shared/domain/roles.js';
import { forbidden, notImplemented } from '../errors.js';
import type { TenantId } from '../keys.js';
import { loadPolicy } from '../policy.js';
import { stateOf, type ApiMiddleware } from './types.js';

/**
 * Step 4, authorise, BEFORE validation: a caller without the right gets 403 whatever the body says.
 * Platform routes are for SUPER_ADMIN; tenant routes check the role capability (R-AUTH-4) and
 * the tenant's permission matrix (R-SET-5), which may delegate inventory to employees.
 */
export function authorise(): ApiMiddleware {
  return {
    before: async (request) => {
      const { route, auth, tenant } = stateOf(request);
      if (route.access === 'platform' && auth?.role !== 'SUPER_ADMIN') throw forbidden('Platform administrators only');
      if (auth && route.access === 'user') {
        // One rule with the SPA (shared/domain/roles.ts mayUse); the matrix is read for EMPLOYEE and MANAGER only.
        const pRole = policyRole(auth);
        const policy = route.permission && pRole ? await loadPolicy(tenant as TenantId) : null;
        if (!mayUse(auth, { capability: route.capability, permission: route.permission }, policy)) {
          const cellOff = route.permission && pRole && !isGranted(policy, pRole, route.permission);
          // In words (R-SET-5), never the raw matrix name; the SPA prefixes 'Permission denied: '.
          throw cellOff ? forbidden(`${permissionText(route.permission!)} is turned off for your role`) : forbidden();
        }
      }
    },
  };
}

/** A route whose area has not landed says so (501) once the caller is known to be allowed. */
export function implemented(has: (routeId: string) => boolean): ApiMiddleware {
  return {
    before: (request) => {
      const { route } = stateOf(request);
      if (!has(route.id)) throw notImplemented(`${route.method} ${route.path}`);
    },
  };
}
