import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { IdempotencyClaim } from '../idempotency.js';
import { loadOnce } from '../load-once.js';
import { stateOf, type ApiMiddleware } from './types.js';

// Loaded by the first request to an idempotent route, not at cold start: most requests of an area are
// reads, and every area's cold start stays within 350 KB (infra/bundle.mjs).
const store = /* @__PURE__ */ loadOnce(() => import('../idempotency.js'));

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
      const { beginIdempotent, clientKey, requestHash } = await store.get();
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
      if (claim)
        await (await store.get()).finishIdempotent(claim, request.response as APIGatewayProxyStructuredResultV2);
    },
    onError: async (request) => {
      const claim = (request as WithClaim)[CLAIM];
      if (claim) await (await store.get()).abandonIdempotent(claim);
    },
  };
}
