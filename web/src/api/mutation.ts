import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { notify } from '../components/toaster.js';
import { errorMessage } from './client.js';
import { keyMatches } from './keys.js';

type MutationResult<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface MutationOptions<A extends unknown[], R> {
  /** Success toast; a function may return null for none. */
  success?: string | ((value: R, ...args: A) => string | null);
  /** The spec's fallback text, shown when the server gives no message of its own. */
  failure: string | ((...args: A) => string);
  /** Toast the failure (default) or leave it to the caller (forms that show it inline). */
  toastFailure?: boolean;
  /** Resources whose cached answers are revalidated after success (see keyMatches). */
  revalidate?: string[];
}

/**
 * The one way a screen runs a write: busy while it runs (a second call while busy is ignored),
 * a success toast, the server's message or the spec's fallback on failure, and the named caches
 * revalidated. Resolves to a result and never throws.
 */
export function useMutationAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  options: MutationOptions<A, R>,
) {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const latest = useRef({ action, options });
  latest.current = { action, options };

  const run = useCallback(
    async (...args: A): Promise<MutationResult<R>> => {
      if (running.current) return { ok: false, error: new Error('busy') };
      const { action: act, options: opts } = latest.current;
      running.current = true;
      setBusy(true);
      try {
        const value = await act(...args);
        const text = typeof opts.success === 'function' ? opts.success(value, ...args) : opts.success;
        if (text) notify.success(text);
        if (opts.revalidate?.length) await mutate(keyMatches(...opts.revalidate));
        return { ok: true, value };
      } catch (error) {
        const fallback = typeof opts.failure === 'function' ? opts.failure(...args) : opts.failure;
        if (opts.toastFailure !== false) notify.error(errorMessage(error, fallback));
        return { ok: false, error };
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [mutate],
  );
  return { run, busy };
}

/**
 * What a screen gives a feature's write hook (`use<Verb><Thing>(texts)` in `features/<f>/api/`): its
 * toasts. The hook owns the request and the caches it revalidates (docs/decisions/0235-web-request-files.md).
 */
export type MutationTexts<A extends unknown[], R> = Omit<MutationOptions<A, R>, 'revalidate'>;
