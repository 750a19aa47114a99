import type * as z from '../zod.js';

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
import type { ModuleId } from '../domain/modules.js';
export { PERMISSION_GROUPS, type Capability, type Permission, type PermissionGroup } from '../domain/permissions.js';

export type Schema = z.ZodMiniType;

export interface RouteContract {
  /** Stable identifier, `area.operation`. */
  id: string;
  method: HttpMethod;
  /** Path exactly as document endpoints.md writes it, `{param}` for parameters. */
  path: string;
  area: Area;
  /**
   * The module whose switch gates the route when it is not its area's (AREA_MODULE,
   * shared/domain/modules.ts); null: no module does (a settings screen's route served by another area).
   */
  module?: ModuleId | null;
  access: Access;
  capability?: Capability;
  permission?: Permission;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /**
   * What a 2xx answer's JSON body is (R-AUTH-3, 2 §3, 3 §3). The pipeline checks every answer
   * against it (a failing test in test runs, a logged warning in production), the SPA's client types
   * each call's result from it, and the OpenAPI document publishes it. `file` routes declare
   * `fileResponse` (their body is not JSON). Required: a route without one does not compile.
   */
  response: Schema;
  /**
   * A client `Idempotency-Key` header makes a retry of the same request (same route, caller and body)
   * return the first answer and write nothing (functions/lib/idempotency.ts). Every create declares it.
   */
  idempotent?: boolean;
  /**
   * The route acts for the person signed in (their profile, password, session, clock-in): an API key,
   * which is nobody, is refused with 403 (docs/requirements/settings.md R-SET-9).
   */
  personOnly?: true;
  /** 'stream' routes answer with server-sent events; 'multipart' routes take form-data bodies. */
  kind?: 'json' | 'stream' | 'multipart' | 'file';
  summary: string;
  /** Set on routes that endpoints.md does not list: why the product needs them. */
  beyondSpec?: string;
}

export function route<const R extends RouteContract>(r: R): R {
  return r;
}
/** What an operation may produce for a route's answer (the schema's input side). */
export type ResponseInputOf<R> = R extends { response: infer S }
  ? S extends z.core.$ZodType
    ? z.input<S>
    : unknown
  : unknown;
