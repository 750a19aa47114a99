import { config } from '../lib/config.js';

/**
 * Where a tenant lives: `{sub}.{host}` when the deployment has a wildcard domain (and locally,
 * `{sub}.localhost`), else the `/{sub}/` path prefix on the platform host (R-PLAT-2).
 */
export function tenantUrl(subdomain: string, path: string): URL {
  const c = config();
  const url = new URL(c.appBaseUrl);
  if (c.tenantUrlMode === 'subdomain') {
    url.hostname = `${subdomain}.${url.hostname}`;
    url.pathname = path;
  } else {
    url.pathname = `/${subdomain}${path}`;
  }
  return url;
}

export function platformUrl(path: string): URL {
  return new URL(path, `${config().appBaseUrl}/`);
}

/** The tenant dashboard with `auth=true`, token and user: the SPA stores them and strips them from the address bar. */
export function signedInDashboardUrl(subdomain: string, token: string, user: unknown): string {
  const url = tenantUrl(subdomain, '/dashboard');
  url.searchParams.set('auth', 'true');
  url.searchParams.set('token', token);
  url.searchParams.set('user', JSON.stringify(user));
  return url.toString();
}
