import { forbidden } from '../errors.js';
import { trustedTenant } from '../keys.js';
import { logger } from '../logger.js';
import { stateOf, type ApiMiddleware } from './types.js';

/**
 * Step 3, tenant context: on `user` routes the tenant is the verified token's organization and
 * nothing else (403 for a token without one, such as the platform admin's). Every log line of the
 * invocation then carries route, tenant, user and request id (reset by route match next time).
 */
export function tenantContext(): ApiMiddleware {
  return {
    before: (request) => {
      const state = stateOf(request);
      if (state.route.access === 'user') {
        if (!state.auth?.tenantId) throw forbidden('This action needs an organization account');
        state.tenant = trustedTenant(state.auth.tenantId);
      }
      logger.appendKeys({
        route: state.route.id,
        requestId: state.requestId,
        tenant: state.tenant ?? undefined,
        user: state.auth?.userId,
      });
    },
  };
}
