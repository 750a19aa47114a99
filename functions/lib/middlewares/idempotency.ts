import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  abandonIdempotent,
  beginIdempotent,
  clientKey,
  finishIdempotent,
  requestHash,
  type IdempotencyClaim,
} from '../idempotency.js';
import { stateOf, type ApiMiddleware } from './types.js';

const CLAIM = Symbol('idempotencyClaim');
type WithClaim = { [CLAIM]?: IdempotencyClaim };

/**
 * Step 6, idempotency (routes marked `idempotent` in the contract, requests with an
 * `Idempotency-Key` header): a repeat of a finished request answers its stored response at once
 * (the operation does not run); a repeat of a running one waits for it. See ../idempotency.ts.
 */
export function idempotency(): ApiMiddleware {
  return {
    before: async (request) => {
      const state = stateOf(request);
      if (!state.route.idempotent) return;
      const key = clientKey(request.event.headers);
      if (!key) return;
      const scope = { routeId: state.route.id, tenant: state.tenant, userId: state.auth?.userId ?? null };
      const started = await beginIdempotent(scope, key, requestHash(state));
      if ('replay' in started) return started.replay;
      (request as WithClaim)[CLAIM] = started.claim;
      return undefined;
    },
    // Runs after serialise (registered before it): stores the answer exactly as sent.
    after: async (request) => {
      const claim = (request as WithClaim)[CLAIM];
      if (claim) await finishIdempotent(claim, request.response as APIGatewayProxyStructuredResultV2);
    },
    onError: async (request) => {
      const claim = (request as WithClaim)[CLAIM];
      if (claim) await abandonIdempotent(claim);
    },
  };
}
