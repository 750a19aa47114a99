import { routes, routeKey, type Area, type RouteContract } from '../../../shared/contract/index.js';
import { ApiError } from '../errors.js';
import { logger } from '../logger.js';
import { startState, type ApiMiddleware } from './types.js';

// API Gateway keys the documented `GET /api/reservations/logs/` as `GET /api/reservations/logs`
// (HTTP API paths can't end in "/"); the local adapter keys it as declared. Both find the route.
const withoutTrailingSlash = (key: string) => key.replace(/(?<=\S)\/+$/, '');

/** The contract routes of one area by API Gateway route key. */
export function areaRouteTable(area: Area): ReadonlyMap<string, RouteContract> {
  return new Map(routes.filter((r) => r.area === area).map((r) => [withoutTrailingSlash(routeKey(r)), r]));
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
      if (!route) throw new ApiError(404, 'NotFound', `No route ${event.routeKey}`);
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
