import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The Lambda (and local handler module) that owns a route. One NodejsFunction per area. */
export const AREAS = [
  'health',
  'auth',
  'platform',
  'inventory',
  'services',
  'uploads',
  'customers',
  'reservations',
  'payments',
  'reports',
  'timesheets',
  'users',
  'settings',
  'events',
] as const;
export type Area = (typeof AREAS)[number];

/**
 * Who may call a route.
 * - public: anyone; a public route that needs a tenant finds it from its own token (share link).
 * - user: a signed-in user of an organization; the tenant is the token's organization.
 * - platform: SUPER_ADMIN only.
 */
export type Access = 'public' | 'user' | 'platform';

// The permission rules are domain data; the contract names them on routes and re-exports them.
import type { Capability, Permission } from '../domain/permissions.js';
export { PERMISSION_GROUPS, type Capability, type Permission, type PermissionGroup } from '../domain/permissions.js';

export type Schema = z.ZodType;

export interface RouteContract {
  /** Stable identifier, `area.operation`. */
  id: string;
  method: HttpMethod;
  /** Path exactly as document endpoints.md writes it, `{param}` for parameters. */
  path: string;
  area: Area;
  access: Access;
  capability?: Capability;
  permission?: Permission;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** 'stream' routes answer with server-sent events; 'multipart' routes take form-data bodies. */
  kind?: 'json' | 'stream' | 'multipart' | 'file';
  summary: string;
  /** Set on routes that endpoints.md does not list: why the product needs them. */
  beyondSpec?: string;
}

export function route<const R extends RouteContract>(r: R): R {
  return r;
}
