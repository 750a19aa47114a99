import { TOKEN_KEY, USER_KEY } from '../api/keys.js';
import type { Role, AccessLevel } from '../../../shared/domain/roles.js';

/** The user as the login answer and the browser storage hold it (R-AUTH-3). */
export interface SessionUser {
  id?: string;
  username?: string;
  role: Role;
  accessLevel?: AccessLevel | null;
  firstName?: string | null;
  lastName?: string | null;
  organizationId?: string | null;
  organization?: { name: string; subdomain?: string | null; timeZone?: string } | null;
  /** The account that created the organization (R-EMP-10). */
  isOwner?: boolean;
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; token: string; user: SessionUser };

export interface LoginResponse {
  token: string;
  user: SessionUser;
  redirectUrl?: string | null;
}

const URL_PARAMS = ['auth', 'token', 'user'] as const;

const textOrNothing = (v: unknown) => v === undefined || v === null || typeof v === 'string';

/**
 * Every field a screen prints is text or absent: a stored user with an object where a name belongs
 * would crash every page that renders it (React error #31), so it is corrupt and cleared (R-PLAT-4).
 */
function isSessionUser(u: unknown): u is SessionUser {
  if (!u || typeof u !== 'object' || Array.isArray(u)) return false;
  const x = u as Record<string, unknown>;
  if (typeof x.role !== 'string') return false;
  if (!['id', 'username', 'accessLevel', 'firstName', 'lastName', 'organizationId'].every((k) => textOrNothing(x[k])))
    return false;
  const org = x.organization;
  if (org === undefined || org === null) return true;
  if (typeof org !== 'object' || Array.isArray(org)) return false;
  const o = org as Record<string, unknown>;
  return (
    typeof o.name === 'string' &&
    textOrNothing(o.subdomain) &&
    (o.timeZone === undefined || typeof o.timeZone === 'string')
  );
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  const attempts = [raw];
  // Some senders encode the JSON twice; URLSearchParams has already undone one layer.
  if (/^%7B/i.test(raw)) {
    try {
      attempts.push(decodeURIComponent(raw));
    } catch {
      /* not encoded after all */
    }
  }
  for (const text of attempts) {
    try {
      const u = JSON.parse(text) as unknown;
      if (isSessionUser(u)) return u;
    } catch {
      /* try the next form */
    }
  }
  return null;
}

interface Bootstrap {
  state: Exclude<SessionState, { status: 'loading' }>;
  /** The search string without auth/token/user when the address carried them, else null. */
  cleanedSearch: string | null;
  /** A URL sign-in or stored session of another tenant than the page's was refused (say so on the sign-in page). */
  refusedOtherTenant?: true;
}

/** The token's `org` claim, read without verifying (only ever used to refuse): undefined when unreadable. */
function tokenTenant(token: string): string | null | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { org?: unknown };
    if (claims.org === null || typeof claims.org === 'string') return claims.org;
  } catch {
    /* not a JWT: the API refuses it anyway */
  }
  return undefined;
}

/**
 * One tenant per host (docs/decisions/0007-one-tenant-per-host.md): on a tenant's page (`pageTenant`: its
 * host's subdomain or path-mode prefix) only that tenant's session is accepted. The user object of a
 * URL sign-in is the sender's to write, so it must at least agree with the signed token's tenant;
 * the API refuses what is left (a user object lying about the subdomain) on the first call.
 */
function sessionFitsPage(token: string, user: SessionUser, pageTenant: string | null | undefined): boolean {
  if (!pageTenant) return true;
  const org = tokenTenant(token);
  if (user.role === 'SUPER_ADMIN' || org === null || !user.organizationId) return false;
  if (org !== undefined && org !== user.organizationId) return false;
  return user.organization?.subdomain?.toLowerCase() === pageTenant;
}

/**
 * R-AUTH-3, start of the session: URL parameters (auth=true, token, user) sign in and are
 * stored; otherwise a stored token with a parsable stored user restores the session; a missing or
 * corrupt stored user clears the session silently; no token means anonymous.
 */
export function bootstrapSession(search: string, storage: Storage, pageTenant: string | null = null): Bootstrap {
  const params = new URLSearchParams(search);
  let cleanedSearch: string | null = null;
  let refusedOtherTenant: true | undefined;
  if (URL_PARAMS.some((p) => params.has(p)) && params.get('auth') !== null) {
    const token = params.get('token');
    const user = parseUser(params.get('user'));
    for (const p of URL_PARAMS) params.delete(p);
    const rest = params.toString();
    cleanedSearch = rest ? `?${rest}` : '';
    if (token && user && !sessionFitsPage(token, user, pageTenant)) refusedOtherTenant = true;
    else if (token && user) {
      storage.setItem(TOKEN_KEY, token);
      storage.setItem(USER_KEY, JSON.stringify(user));
      return { state: { status: 'authenticated', token, user }, cleanedSearch };
    }
  }
  const refused = refusedOtherTenant ? { refusedOtherTenant } : {};
  const token = storage.getItem(TOKEN_KEY);
  if (!token) {
    storage.removeItem(USER_KEY);
    return { state: { status: 'anonymous' }, cleanedSearch, ...refused };
  }
  const user = parseUser(storage.getItem(USER_KEY));
  const fits = user !== null && sessionFitsPage(token, user, pageTenant);
  if (!user || !fits) {
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(USER_KEY);
    return {
      state: { status: 'anonymous' },
      cleanedSearch,
      ...(user ? { refusedOtherTenant: true as const } : refused),
    };
  }
  return { state: { status: 'authenticated', token, user }, cleanedSearch, ...refused };
}

/** Repairs a scheme written with too few or too many slashes ("http:/x", "https:///x"). */
export function normaliseRedirectUrl(url: string): string {
  return url.trim().replace(/^(https?):\/*/i, (_, scheme: string) => `${scheme}://`);
}

/** Where a login without a redirectUrl lands (R-PLAT-2). */
export function postLoginPath(user: SessionUser): string {
  if (user.role === 'SUPER_ADMIN') return '/admin';
  const sub = user.organization?.subdomain;
  if (user.organizationId && sub) return `/${sub}/dashboard`;
  return '/dashboard';
}

export function displayName(user: SessionUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || '';
}

export const ROLE_LABELS: Record<Role, string> = {
  SUPER_ADMIN: 'Super Admin',
  BUSINESS_ADMIN: 'Business Admin',
  EMPLOYEE: 'Employee',
};
