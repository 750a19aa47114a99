import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  isTenantLabel,
  OTHER_TENANT_ERROR,
  OTHER_TENANT_MESSAGE,
  TENANT_PATH_HEADER,
  VIEWER_HOST_HEADER,
} from '../../../shared/domain/tenant-host.js';
import { config } from '../config.js';
import { db, tableName } from '../db.js';
import { ApiError } from '../errors.js';
import { keys, trustedTenant } from '../keys.js';
import { warmCache } from '../warm-cache.js';
import { originSecretConfigured } from '../origin-secret.js';
import type { AuthClaims } from '../tokens.js';
import { stateOf, type ApiEvent, type ApiMiddleware } from './types.js';

/**
 * One tenant per host (docs/decisions/0007-one-tenant-per-host.md). A token planted in a
 * browser on another organization's address (`bravo.example.com/dashboard?auth=true&token=<Alpha's>`)
 * must not work there: every address the request names — the page's host, the browser's Origin, the
 * SPA's path prefix — that belongs to a tenant must belong to the token's tenant. A request that names
 * no tenant (the platform host, a test's direct invocation) keeps the token's own rules.
 */

type Headers = Record<string, string | undefined>;

/** The host name without its port, lower-cased ('bravo.localhost:3000' → 'bravo.localhost'). */
function hostname(value: string | undefined): string | null {
  const v = value?.trim().toLowerCase().replace(/\.$/, '');
  if (!v || v.startsWith('[')) return null;
  return v.replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * The tenant a host names: the inverse of functions/auth/urls.ts `tenantUrl`, `{sub}.{app host}` when
 * tenants live on subdomains. The app host itself, www and other reserved labels are the platform.
 * In path mode no host names a tenant.
 */
export function tenantOfHost(host: string | null): string | null {
  const c = config();
  if (!host || c.tenantUrlMode !== 'subdomain') return null;
  const app = new URL(c.appBaseUrl).hostname.toLowerCase();
  if (!host.endsWith(`.${app}`)) return null;
  const label = host.slice(0, -(app.length + 1));
  return isTenantLabel(label) ? label : null;
}

function originHost(origin: string | undefined): string | null {
  if (!origin || origin === 'null') return null;
  try {
    return hostname(new URL(origin).host);
  } catch {
    return null;
  }
}

/**
 * The page's host: behind CloudFront, Host is API Gateway's own name and the viewer's comes in
 * x-viewer-host, believed only because the origin secret (checked earlier in the pipeline) proves the
 * request came through CloudFront, whose function overwrites any viewer-sent value. Without a secret
 * (local runtime, tests) Host is the page's host and x-viewer-host is anybody's header: ignored.
 */
async function pageHost(headers: Headers): Promise<string | null> {
  return hostname((await originSecretConfigured()) ? headers[VIEWER_HOST_HEADER] : headers.host);
}

/** The tenant labels a request names; a path header that is not a possible tenant label names "no tenant of yours". */
export async function namedTenants(event: Pick<ApiEvent, 'headers'>): Promise<string[]> {
  const headers = (event.headers ?? {}) as Headers;
  const named = new Set<string>();
  for (const host of [await pageHost(headers), originHost(headers.origin)]) {
    const t = tenantOfHost(host);
    if (t) named.add(t);
  }
  const path = headers[TENANT_PATH_HEADER]?.trim().toLowerCase();
  if (path) named.add(isTenantLabel(path) ? path : `invalid:${path.slice(0, 64)}`);
  return [...named];
}

/** Organization id → subdomain, kept a minute per warm function like the other per-tenant lookups (a subdomain never changes). */
const cache = warmCache<string | null>(60_000);

function subdomainOf(tenantId: string, now = Date.now()): Promise<string | null> {
  return cache.get(tenantId, () => readSubdomain(tenantId), now);
}

async function readSubdomain(tenantId: string): Promise<string | null> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.organization(trustedTenant(tenantId)),
      ProjectionExpression: 'subdomain',
    }),
  );
  return typeof res.Item?.subdomain === 'string' ? res.Item.subdomain.toLowerCase() : null;
}

export function forgetTenantSubdomains(): void {
  cache.clear();
}

/** Throws 401 unless every tenant the request names is the token's (a platform token names none). */
async function assertTenantHost(event: Pick<ApiEvent, 'headers'>, auth: Pick<AuthClaims, 'tenantId'>): Promise<void> {
  const named = await namedTenants(event);
  if (!named.length) return;
  const own = auth.tenantId ? await subdomainOf(auth.tenantId) : null;
  if (named.some((t) => t !== own)) throw new ApiError(401, OTHER_TENANT_ERROR, OTHER_TENANT_MESSAGE);
}

/** Right after authenticate: a verified token, on the address of its own tenant (or the platform host). */
export function tenantHost(): ApiMiddleware {
  return {
    before: async (request) => {
      const state = stateOf(request);
      if (!state.auth) return;
      await assertTenantHost(request.event, state.auth);
    },
  };
}
