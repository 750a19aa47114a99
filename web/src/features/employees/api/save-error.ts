import { ApiRequestError } from '../../../api/client.js';

/** 'Validation errors: ...' from a 400 with details, else the server's message, else the fallback (R-EMP-3). */
export function saveErrorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiRequestError) {
    if (e.details?.length) return `Validation errors: ${e.details.map((d) => d.msg).join(', ')}`;
    const b = e.body as { message?: unknown } | undefined;
    if (b && typeof b.message === 'string' && b.message) return b.message;
    return fallback;
  }
  return e instanceof Error && e.message ? e.message : fallback;
}
