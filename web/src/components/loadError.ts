import { errorMessage } from '../api/client.js';

/**
 * DataTable's `error` for a list query: shown only when the load failed and nothing is cached (a failed
 * revalidation keeps the rows on screen), with the server's message and a Retry that revalidates.
 */
export function loadError(
  title: string,
  query: { error: unknown; data: unknown; mutate: () => unknown },
): { title: string; message: string; onRetry: () => void } | null {
  if (!query.error || query.data) return null;
  return { title, message: errorMessage(query.error, 'Please try again.'), onRetry: () => void query.mutate() };
}
