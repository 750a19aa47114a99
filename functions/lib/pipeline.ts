import middy from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import httpEventNormalizer from '@middy/http-event-normalizer';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from '../../shared/zod.js';
import {
  routes,
  type Area,
  type ResponseInputOf,
  type RouteById,
  type RouteContract,
} from '../../shared/contract/index.js';
import type { TenantId } from './keys.js';
import { originSecret } from './origin-secret.js';
import { logger } from './logger.js';
import { moduleGate } from './modules.js';
import { metering } from './metering.js';
import { authenticate } from './middlewares/authenticate.js';
import { authorise, implemented } from './middlewares/authorise.js';
import { idempotency } from './middlewares/idempotency.js';
import { routeMatch } from './middlewares/route-match.js';
import { jsonErrors, serialise, type Reply } from './middlewares/serialise.js';
import { tenantContext } from './middlewares/tenant-context.js';
import { tenantHost } from './middlewares/tenant-host.js';
import { stateOf, type ApiEvent, type ApiMiddleware } from './middlewares/types.js';
import { validate } from './middlewares/validate.js';
import type { AuthClaims } from './tokens.js';

export { reply, type Reply } from './middlewares/serialise.js';

type Infer<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

interface OperationContext<R extends RouteContract = RouteContract> {
  route: R;
  params: Infer<R['params']>;
  query: Infer<R['query']>;
  body: Infer<R['body']>;
  /** Present on every non-public route. */
  auth: R['access'] extends 'public' ? AuthClaims | null : AuthClaims;
  /** The caller's tenant, from the verified token. Public routes resolve theirs from their own token. */
  tenant: R['access'] extends 'user' ? TenantId : TenantId | null;
  requestId: string;
  event: ApiEvent;
  sourceIp: string;
}

/** What an operation answers: the route's response body (checked against the contract), or `reply(status, body)`. */
type Answer<R> = ResponseInputOf<R>;
type Operation<R extends RouteContract = RouteContract> = (
  ctx: OperationContext<R>,
) => Promise<Answer<R> | Reply<Answer<R>>>;
type IdsOf<A extends Area> = Extract<(typeof routes)[number], { area: A }>['id'];
export type Operations<A extends Area> = { [I in IdsOf<A>]?: Operation<RouteById<I>> };

interface AreaHandlerOptions {
  /**
   * Extra steps between authorise and validate: body parsers for the area's non-JSON routes (for
   * example `multipart()` from ./middlewares/multipart.js), so only areas that take them bundle them.
   * They run on the routes whose contract kind is 'multipart' only.
   */
  parsers?: ApiMiddleware[];
}

/**
 * Area parsers read the bodies of the routes whose contract kind is 'multipart', and no others: a
 * form sent to a JSON route is refused by validate (415) like any non-JSON body, unparsed.
 */
function onMultipartRoutesOnly(parser: ApiMiddleware): ApiMiddleware {
  const before = parser.before;
  return {
    ...parser,
    before: before && ((request) => (stateOf(request).route.kind === 'multipart' ? before(request) : undefined)),
  };
}

export type AreaHandler = middy.MiddyfiedHandler<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  Context
> & {
  /** The route ids this handler has operations for (the contract tests read it). */
  readonly implementedRoutes: readonly string[];
};

/**
 * One pipeline for every API handler, as composable middy middlewares, in this order (the list in
 * docs/architecture.md, "The pipeline", follows this composition): metering → origin secret → route
 * match → authenticate → tenant host → tenant context (logger keys) → module gate → authorise
 * (capability, matrix) → 501 if the route has no operation yet → [area parsers] → validate →
 * idempotency → operation → serialise (response checked against the contract). Errors become
 * `{error, message, details?}`.
 */
export function createAreaHandler<A extends Area>(
  area: A,
  operations: Operations<A>,
  options: AreaHandlerOptions = {},
): AreaHandler {
  const ops = operations as Record<string, Operation | undefined>;
  const multipartRoutes = (routes as readonly RouteContract[])
    .filter((r) => r.area === area && r.kind === 'multipart' && ops[r.id])
    .map((r) => r.id);
  if (multipartRoutes.length && !options.parsers?.length) {
    throw new Error(
      `${multipartRoutes.join(', ')} take multipart bodies: pass { parsers: [multipart({ fileSize })] } (functions/lib/middlewares/multipart.ts) to createAreaHandler`,
    );
  }

  const core = async (event: ApiEvent): Promise<unknown> => {
    const s = stateOf({ event });
    const operation = ops[s.route.id]!;
    return operation({
      route: s.route,
      params: s.params,
      query: s.query,
      body: s.body,
      auth: s.auth,
      tenant: s.tenant,
      requestId: s.requestId,
      event,
      sourceIp: s.sourceIp,
    } as OperationContext);
  };

  const handler = middy<ApiEvent, APIGatewayProxyStructuredResultV2>(core as never);
  // before: in this order; after and onError: in reverse. jsonErrors answers every error first,
  // httpErrorHandler is the last resort; idempotency's `after` sees the serialised answer.
  handler.use([
    httpErrorHandler({
      logger: false,
      fallbackMessage: JSON.stringify({
        error: 'InternalError',
        message: 'Something went wrong on our side. Please try again.',
      }),
    }),
    injectLambdaContext(logger, { resetKeys: true }),
    metering(), // usage tallies per warm function, flushed every 30 s (functions/lib/metering.ts)
    jsonErrors(),
    httpHeaderNormalizer(),
    httpEventNormalizer(),
    originSecret(), // direct calls to execute-api, without CloudFront's secret header, answer 403 (functions/lib/origin-secret.ts)
    routeMatch(area),
    authenticate(),
    tenantHost(), // a token works only on its own tenant's host or path prefix (functions/lib/middlewares/tenant-host.ts)
    tenantContext(),
    moduleGate(), // a disabled module's tenant routes answer 403 (functions/lib/modules.ts)
    authorise(),
    implemented((id) => ops[id] !== undefined),
    ...(options.parsers ?? []).map(onMultipartRoutesOnly),
    validate(),
    idempotency(),
    serialise(),
  ] as never);
  return Object.assign(handler, {
    implementedRoutes: Object.keys(ops).filter((k) => ops[k] !== undefined),
  }) as unknown as AreaHandler;
}
