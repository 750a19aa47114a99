import { authRoutes } from './routes/auth.js';
import { platformRoutes } from './routes/platform.js';
import { inventoryRoutes } from './routes/inventory.js';
import { serviceRoutes } from './routes/services.js';
import { operationsRoutes } from './routes/operations.js';
import { peopleRoutes } from './routes/people.js';
import type { RouteContract } from './types.js';

export * from './types.js';

/** Every route of the product, the single source for the local server, the CDK stack, the SPA client and the tests. */
export const routes = [
  ...authRoutes,
  ...platformRoutes,
  ...inventoryRoutes,
  ...serviceRoutes,
  ...operationsRoutes,
  ...peopleRoutes,
] as const satisfies readonly RouteContract[];

export type RouteId = (typeof routes)[number]['id'];
export type RouteById<I extends RouteId> = Extract<(typeof routes)[number], { id: I }>;

export const routesById: ReadonlyMap<string, RouteContract> = new Map(routes.map((r) => [r.id, r]));

export function routeKey(r: Pick<RouteContract, 'method' | 'path'>): string {
  return `${r.method} ${r.path}`;
}
