import { authRoutes } from './routes/auth.js';
import { platformRoutes } from './routes/platform.js';
import { inventoryRoutes } from './routes/inventory.js';
import { serviceRoutes } from './routes/services.js';
import { waitlistRoutes } from './routes/waitlist.js';
import { reservationsRoutes } from './routes/reservations.js';
import { customersRoutes } from './routes/customers.js';
import { paymentsRoutes } from './routes/payments.js';
import { reportsRoutes } from './routes/reports.js';
import { timesheetsRoutes } from './routes/timesheets.js';
import { usersRoutes } from './routes/users.js';
import { settingsRoutes } from './routes/settings.js';
import { webhookRoutes } from './routes/webhooks.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { eventsRoutes } from './routes/events.js';
import type { RouteContract } from './types.js';

export * from './types.js';

/** Every route of the product, the single source for the local server, the CDK stack, the SPA client and the tests. */
export const routes = [
  ...authRoutes,
  ...platformRoutes,
  ...inventoryRoutes,
  ...serviceRoutes,
  ...waitlistRoutes,
  ...reservationsRoutes,
  ...customersRoutes,
  ...paymentsRoutes,
  ...reportsRoutes,
  ...timesheetsRoutes,
  ...usersRoutes,
  ...settingsRoutes,
  ...webhookRoutes,
  ...apiKeyRoutes,
  ...eventsRoutes,
] as const satisfies readonly RouteContract[];

export type RouteId = (typeof routes)[number]['id'];
export type RouteById<I extends RouteId> = Extract<(typeof routes)[number], { id: I }>;

export const routesById: ReadonlyMap<string, RouteContract> = new Map(routes.map((r) => [r.id, r]));

export function routeKey(r: Pick<RouteContract, 'method' | 'path'>): string {
  return `${r.method} ${r.path}`;
}
