import { routeKey, routes, type RouteContract } from '../shared/contract/index.js';

/** The HTTP API route path of a contract route: the path part of the contract's route key. */
export function httpApiPath(r: Pick<RouteContract, 'method' | 'path'>): string {
  return routeKey(r).slice(r.method.length + 1);
}

export const contractRoutes: readonly RouteContract[] = routes;
