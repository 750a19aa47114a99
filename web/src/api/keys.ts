/**
 * Storage keys, the session-expiry event and the SWR key factory. Kept apart from client.ts so
 * that code on the first screen (session restore) can use them without pulling the whole route
 * contract and zod.
 */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/** Fired when the API answers 401: the session provider ends the session. */
export const SESSION_EXPIRED_EVENT = 'session-expired';

/*
 * Tokens the API has answered a request for. A sign-in that arrives in the address (auth=true&token)
 * is only believed once the API accepts its token: "Login successful!" waits for that, and a refusal
 * says the link did not work instead of "your session has ended" (docs/decisions/0024-words-and-states.md).
 */
const accepted = new Set<string>();
const waiting = new Map<string, (() => void)[]>();

/** The client calls this after a 2xx answer to a request that carried `token`. */
export function noteTokenAccepted(token: string): void {
  if (accepted.has(token)) return;
  accepted.add(token);
  for (const f of waiting.get(token) ?? []) f();
  waiting.delete(token);
}

export function tokenWasAccepted(token: string): boolean {
  return accepted.has(token);
}

/** Runs `f` once the API has accepted `token` (at once when it already has). */
export function whenTokenAccepted(token: string, f: () => void): void {
  if (accepted.has(token)) f();
  else waiting.set(token, [...(waiting.get(token) ?? []), f]);
}

/** Whose data a cached answer is: the organization (or 'platform' / 'public') and the user. */
export interface CacheScope {
  tenant: string;
  user: string;
}

export const ANONYMOUS_SCOPE: CacheScope = { tenant: 'public', user: 'anonymous' };

/** The scope of a stored (or signed-in) user: organization id, else platform, and user id, else username. */
export function scopeOf(
  user:
    | { id?: string | null; username?: string | null; organizationId?: string | null; role?: string }
    | null
    | undefined,
): CacheScope {
  if (!user) return ANONYMOUS_SCOPE;
  const tenant = user.organizationId || (user.role === 'SUPER_ADMIN' ? 'platform' : 'none');
  return { tenant, user: user.id || user.username || 'unknown' };
}

let memo: { raw: string | null; scope: CacheScope } = { raw: null, scope: ANONYMOUS_SCOPE };

/** The scope of the user in browser storage (the session provider writes it before it renders). */
function currentScope(): CacheScope {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(USER_KEY);
  if (raw === memo.raw) return memo.scope;
  let scope = ANONYMOUS_SCOPE;
  if (raw && localStorage.getItem(TOKEN_KEY)) {
    try {
      scope = scopeOf(JSON.parse(raw) as Parameters<typeof scopeOf>[0]);
    } catch {
      scope = ANONYMOUS_SCOPE;
    }
  }
  memo = { raw, scope };
  return scope;
}

export function scopeId(scope: CacheScope = currentScope()): string {
  return `${scope.tenant}/${scope.user}`;
}

/**
 * An SWR key: `[scope, resource, ...args]`. The resource is `area.name` (for example
 * 'inventory.items'); the scope names tenant and user, so an answer cached for one user can never
 * be read under another's session, even before the cache is emptied.
 */
type ApiKey = readonly [scope: string, resource: string, ...args: unknown[]];

export function apiKey(resource: string, ...args: unknown[]): ApiKey {
  return [scopeId(), resource, ...args.filter((a) => a !== undefined)];
}

/**
 * A filter for `mutate(filter)`: every cached key whose resource is `resource` or starts with
 * `resource.` (so 'inventory' matches 'inventory.items' and 'inventory.activity').
 */
export function keyMatches(...resources: string[]) {
  return (key: unknown): boolean => {
    if (!Array.isArray(key) || typeof key[1] !== 'string') return false;
    const r = key[1];
    return resources.some((p) => r === p || r.startsWith(`${p}.`));
  };
}
