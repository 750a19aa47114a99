import { routes, routeKey, type Area, type HttpMethod, type RouteContract } from '../../../shared/contract/index.js';
import { matchRoute } from '../../../shared/contract/match.js';
import { ApiError, errorBody } from '../errors.js';
import { logger } from '../logger.js';
import { startState, type ApiMiddleware } from './types.js';

// API Gateway keys the documented `GET /api/reservations/logs/` as `GET /api/reservations/logs`
// (HTTP API paths can't end in "/"); the local adapter keys it as declared. Both find the route.
const withoutTrailingSlash = (key: string) => key.replace(/(?<=\S)\/+$/, '');

/** The contract routes of one area by API Gateway route key. */
function areaRouteTable(area: Area): ReadonlyMap<string, RouteContract> {
  return new Map(routes.filter((r) => r.area === area).map((r) => [withoutTrailingSlash(routeKey(r)), r]));
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The methods the contract routes `path` under (`Allow` of a 405, RFC 9110 §15.5.6), as the router
 * would match them (literal segments before parameters). Empty: no route has this path.
 */
export function allowedMethods(path: string): HttpMethod[] {
  return METHODS.filter((m) => matchRoute(m, path));
}

/** The 405 answer (handlers and the local runtime alike): JSON, with the methods the path takes in Allow. */
export function methodNotAllowed(method: string, path: string, allow: readonly string[]) {
  const body = JSON.stringify(errorBody(new ApiError(405, 'MethodNotAllowed', `${method} is not allowed on ${path}`)));
  return {
    statusCode: 405,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      allow: allow.join(', '),
    },
    body,
  };
}

/**
 * Step 1, route match: the event's route key names one contract route of this area (404 otherwise).
 * Starts the request's state and clears whatever log keys a previous invocation left.
 */
export function routeMatch(area: Area): ApiMiddleware {
  const byKey = areaRouteTable(area);
  return {
    before: (request) => {
      logger.resetKeys();
      const { event, context } = request;
      const route = byKey.get(withoutTrailingSlash(event.routeKey ?? ''));
      if (!route) {
        // The answer carries an Allow header, which an error thrown to jsonErrors can't: it is answered here.
        const path = event.rawPath ?? event.requestContext?.http?.path ?? '';
        const method = event.requestContext?.http?.method ?? event.routeKey?.split(' ')[0] ?? '';
        const allow = allowedMethods(path);
        // A route of this very method elsewhere means the event reached the wrong function: not found here.
        if (allow.length && !allow.includes(method as HttpMethod)) return methodNotAllowed(method, path, allow);
        throw new ApiError(404, 'NotFound', `No route ${event.routeKey}`);
      }
      startState(event, {
        route,
        requestId: event.requestContext?.requestId ?? context.awsRequestId,
        sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
        auth: null,
        tenant: null,
      });
    },
  };
}
