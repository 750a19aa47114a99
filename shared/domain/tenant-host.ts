import { RESERVED_SUBDOMAINS } from './subdomain.js';

/**
 * One tenant per host (docs/decisions/0007-one-tenant-per-host.md): a session works only
 * on the address of its own organization — its subdomain host, or its `/{subdomain}/` path prefix
 * when the deployment has no domain. The API refuses the rest (functions/lib/middlewares/tenant-host.ts)
 * and the SPA signs such a session out (web/src/app/session.ts); both speak through these names.
 */

/**
 * The viewer's Host, as CloudFront's viewer-request function copies it (infra/web.ts): API Gateway
 * only accepts its own name as Host. Trusted only on a request that carries the origin secret.
 */
export const VIEWER_HOST_HEADER = 'x-viewer-host';

/**
 * The tenant of the page's path prefix in path mode (`/{subdomain}/…`), sent by the SPA's API client:
 * API calls go to `/api/…` whatever the page, so the path prefix does not reach the API otherwise.
 */
export const TENANT_PATH_HEADER = 'x-tenant-path';

/** The `error` code of the API's 401 for a session used on another organization's address. */
export const OTHER_TENANT_ERROR = 'OtherTenantSession';

/** Said by the API's 401 and by the SPA when it signs such a session out. */
export const OTHER_TENANT_MESSAGE =
  'This sign-in belongs to another organization, not to this address. Please sign in again.';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A label an organization could have as its subdomain: a DNS label that the platform does not keep for itself. */
export function isTenantLabel(label: string): boolean {
  return LABEL.test(label) && !RESERVED_SUBDOMAINS.has(label);
}

/** Path mode: the tenant a path names by its first segment (`/acme/inventory` → acme), else null. */
export function tenantFromPath(pathname: string): string | null {
  const first = (pathname.split('/').find(Boolean) ?? '').toLowerCase();
  return isTenantLabel(first) ? first : null;
}
