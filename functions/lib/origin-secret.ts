import { timingSafeEqual } from 'node:crypto';
import { rotatingSecret } from './secrets.js';
import { ApiError } from './errors.js';

/**
 * CloudFront adds `x-origin-secret` to every request it forwards to the API (infra/web.ts); a call
 * straight to the execute-api endpoint lacks it and is refused (docs/decisions/0153-hardening-origin-secret.md). The value comes
 * from ORIGIN_SECRET or, in AWS, the Secrets Manager secret named by ORIGIN_SECRET_ARN. With
 * neither (local runtime, tests) there is no CloudFront in front and nothing is checked.
 * The secret is rotated (infra/rotation.ts): CloudFront's copy changes minutes after the secret
 * does and edge by edge, so every accepted value (current, pending, previous) lets a request in.
 */
export const ORIGIN_SECRET_HEADER = 'x-origin-secret';
export const DIRECT_CALL_REFUSED = 'Call the API through the application address, not directly';

const secret = /* @__PURE__ */ rotatingSecret('ORIGIN_SECRET', 'ORIGIN_SECRET_ARN');
const expectedSecret = () => secret.get();

/** True where CloudFront stands in front (a secret is configured): only then is a CloudFront-set header trusted. */
export async function originSecretConfigured(): Promise<boolean> {
  return Boolean(await expectedSecret());
}

export function resetOriginSecret(): void {
  secret.reset();
}

/** Throws 403 unless the request carries the origin secret (when one is configured). */
async function checkOriginSecret(event: { headers?: Record<string, string | undefined> | null }): Promise<void> {
  const expected = await expectedSecret();
  if (!expected) return;
  const got = Buffer.from(event.headers?.[ORIGIN_SECRET_HEADER] ?? '');
  const matches = (value: string) => {
    const b = Buffer.from(value);
    return got.length === b.length && timingSafeEqual(got, b);
  };
  if (!expected.accepted.some(matches)) throw new ApiError(403, 'Forbidden', DIRECT_CALL_REFUSED);
}

/** The pipeline step: first thing after the headers are normalised. */
export function originSecret() {
  return {
    before: async (request: { event: { headers?: Record<string, string | undefined> | null } }) =>
      checkOriginSecret(request.event),
  };
}
