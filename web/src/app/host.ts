import { RESERVED_SUBDOMAINS } from '../../../shared/domain/subdomain.js';
import { TENANT_PATH_HEADER, tenantFromPath } from '../../../shared/domain/tenant-host.js';

/**
 * Hosting providers whose first label names a deployment, not a tenant
 * (d123.cloudfront.net, my-branch.pages.dev). More can be added with
 * VITE_HOSTING_DOMAINS (comma separated) without a code change.
 */
const HOSTING_DOMAINS = [
  'cloudfront.net',
  'amazonaws.com',
  'amplifyapp.com',
  'vercel.app',
  'netlify.app',
  'pages.dev',
  'github.io',
  'herokuapp.com',
  'onrender.com',
  'fly.dev',
  'azurewebsites.net',
  'web.app',
  'firebaseapp.com',
];

function configuredHostingDomains(): string[] {
  const extra = (import.meta.env?.VITE_HOSTING_DOMAINS as string | undefined) ?? '';
  return extra
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * R-PLAT-2: the business subdomain read from the host name. A leading label counts unless
 * it is www (or another label reserved for the platform) or the host belongs to a known hosting
 * domain; subdomains of localhost count so that local development mirrors the hosted wildcard.
 */
export function tenantFromHost(
  hostname: string,
  hostingDomains: string[] = [...HOSTING_DOMAINS, ...configuredHostingDomains()],
): string | null {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (!host || host.includes(':') || host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return null;
  const labels = host.split('.');
  const first = labels[0] ?? '';
  if (!LABEL.test(first) || first === 'www' || RESERVED_SUBDOMAINS.has(first)) return null;
  if (host.endsWith('.localhost')) return labels.length >= 2 ? first : null;
  if (hostingDomains.some((d) => host === d || host.endsWith(`.${d}`))) return null;
  return labels.length >= 3 ? first : null;
}

/**
 * The tenant whose address the page is on: the host's subdomain, or in path mode (the platform host)
 * the first path segment when it can be a tenant's (`/acme/inventory`). Null on the platform's own pages.
 * A session of another tenant is refused here (session.ts) and by the API (docs/decisions/0007-one-tenant-per-host.md).
 */
export function pageTenant(location: Pick<Location, 'hostname' | 'pathname'> = window.location): string | null {
  return tenantFromHost(location.hostname) ?? tenantFromPath(location.pathname);
}

/**
 * The path prefix's tenant for the API (x-tenant-path): API calls go to `/api/…` whatever the page,
 * so in path mode nothing else tells the API which tenant's page is calling. On a tenant host the
 * host says it (and the path's first segment is an app page, not a tenant).
 */
export function pathTenantHeader(
  location: Pick<Location, 'hostname' | 'pathname'> = window.location,
): Record<string, string> {
  const t = tenantFromHost(location.hostname) ? null : tenantFromPath(location.pathname);
  return t ? { [TENANT_PATH_HEADER]: t } : {};
}
