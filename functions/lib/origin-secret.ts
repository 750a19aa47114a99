import { timingSafeEqual } from 'node:crypto';
import { loadOnce } from './load-once.js';
import { secretFromEnv } from './secrets.js';
import { ApiError } from './errors.js';

/**
 * CloudFront adds `x-origin-secret` to every request it forwards to the API (infra/web.ts); a call
 * straight to the execute-api endpoint lacks it and is refused (issue 11 point 5). The value comes
 * from ORIGIN_SECRET or, in AWS, the Secrets Manager secret named by ORIGIN_SECRET_ARN. With
 * neither (local runtime, tests) there is no CloudFront in front and nothing is checked.
 */
export const ORIGIN_SECRET_HEADER = 'x-origin-secret';
export const DIRECT_CALL_REFUSED = 'Call the API through the application address, not directly';

const secret = /* @__PURE__ */ loadOnce(() => secretFromEnv('ORIGIN_SECRET', 'ORIGIN_SECRET_ARN'));
const expectedSecret = () => secret.get();

export function resetOriginSecret(): void {
  secret.reset();
}

/** Throws 403 unless the request carries the origin secret (when one is configured). */
export async function checkOriginSecret(event: { headers?: Record<string, string | undefined> | null }): Promise<void> {
  const expected = await expectedSecret();
  if (!expected) return;
  const got = event.headers?.[ORIGIN_SECRET_HEADER] ?? '';
  const a = Buffer.from(got);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new ApiError(403, 'Forbidden', DIRECT_CALL_REFUSED);
}

/** The pipeline step: first thing after the headers are normalised. */
export function originSecret() {
  return { before: async (request: { event: { headers?: Record<string, string | undefined> | null } }) => checkOriginSecret(request.event) };
}
