import { hasCapability, isGranted, policyRole } from '../../../shared/domain/roles.js';
import { forbidden, notImplemented } from '../errors.js';
import type { TenantId } from '../keys.js';
import { loadPolicy } from '../policy.js';
import { stateOf, type ApiMiddleware } from './types.js';

/**
 * Step 4, authorise, BEFORE validation: a caller without the right gets 403 whatever the body says.
 * Platform routes are for SUPER_ADMIN; tenant routes check the role capability (document 1 §6) and
 * the tenant's permission matrix (document 3 §3).
 */
export function authorise(): ApiMiddleware {
  return {
    before: async (request) => {
      const { route, auth, tenant } = stateOf(request);
      if (route.access === 'platform' && auth?.role !== 'SUPER_ADMIN') throw forbidden('Platform administrators only');
      if (auth && route.access === 'user') {
        if (route.capability && !hasCapability(auth, route.capability)) throw forbidden();
        const pRole = policyRole(auth);
        if (route.permission && pRole && !isGranted(await loadPolicy(tenant as TenantId), pRole, route.permission)) {
          throw forbidden(`Permission denied: ${route.permission}`);
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
