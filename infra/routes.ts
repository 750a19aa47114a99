import { routes, type RouteContract } from '../shared/contract/index.js';

/**
 * The HTTP API route path of a contract route. HTTP API route paths can't end in "/" (CDK refuses
 * them too), and API Gateway matches a request for `/x/` to the route `/x`; so the one spec path
 * with a trailing slash, `GET /api/reservations/logs/`, is registered without it. Its Lambda then
 * sees `event.routeKey` = `GET /api/reservations/logs`: the handler dispatch must accept that key
 * for the contract route (see docs/decisions/0052-infra-trailing-slash.md).
 */
export function httpApiPath(r: Pick<RouteContract, 'path'>): string {
  return r.path.length > 1 ? r.path.replace(/\/+$/, '') : r.path;
}

export const contractRoutes: readonly RouteContract[] = routes;
