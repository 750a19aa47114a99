import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { SESSION_EXPIRED_EVENT, scopeId, type CacheScope } from './keys.js';

/** Refusals that another try will not change. */
function isFinal(e: unknown): boolean {
  const s = statusOf(e);
  return s !== undefined && s >= 400 && s < 500 && s !== 408 && s !== 429;
}

/** The HTTP status of an ApiRequestError, read without importing the client (and its contract) here. */
function statusOf(e: unknown): number | undefined {
  const s = (e as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : undefined;
}

/**
 * The one SWR configuration. Its cache belongs to one signed-in user: a new scope (sign-in,
 * sign-out, another user in the same tab) mounts a fresh, empty cache, and every key names the
 * scope too. A 401 from any query ends the session.
 */
export function ApiCache({ scope, children }: { scope: CacheScope; children: ReactNode }) {
  const id = scopeId(scope);
  return (
    <SWRConfig
      key={id}
      value={{
        provider: () => new Map(),
        revalidateOnFocus: false,
        shouldRetryOnError: (e: unknown) => !isFinal(e),
        errorRetryCount: 2,
        onError: (e: unknown) => {
          if (statusOf(e) === 401) window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT));
        },
      }}
    >
      {children}
    </SWRConfig>
  );
}
