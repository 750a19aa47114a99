/**
 * The security headers every answer carries, defined once (docs/decisions/0160-hardening-security-headers.md): CloudFront's response
 * headers policy (infra/web.ts) and the local runtime (functions/local/static.ts) both read this.
 *
 * - CSP: scripts from our own origin only; styles also inline (Chakra/emotion inject style tags);
 *   images and connections to our origin plus the uploads bucket (presigned photo URLs and POSTs)
 *   and, in production, the live-updates function URL (the SPA's EventSource goes there directly).
 * - HSTS only over HTTPS (it is meaningless, and ignored, on http://localhost).
 * - Frames refused (DENY and frame-ancestors 'none'); MIME sniffing off; no Referer ever: sign-in
 *   and sign-up URLs carry tokens that must not leak to another site.
 */
interface HeaderSources {
  /** Origins photos load from and uploads post to, e.g. https://bucket.s3.us-east-1.amazonaws.com. */
  uploads: string[];
  /** Further origins the SPA connects to (the live-updates endpoint in production). */
  connect?: string[];
}

export const HSTS = { maxAgeSeconds: 2 * 365 * 24 * 3600, includeSubdomains: true, preload: true } as const;
const HSTS_VALUE = `max-age=${HSTS.maxAgeSeconds}; includeSubDomains; preload`;
export const FRAME_OPTIONS = 'DENY';
const REFERRER_POLICY = 'no-referrer';

export function contentSecurityPolicy(s: HeaderSources): string {
  const uploads = s.uploads.join(' ');
  const connect = [...s.uploads, ...(s.connect ?? [])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${uploads ? ` ${uploads}` : ''}`,
    "font-src 'self' data:",
    `connect-src 'self'${connect ? ` ${connect}` : ''}`,
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers as a plain map, for servers that set them themselves (the local runtime). */
export function securityHeaders(s: HeaderSources & { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(s),
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    ...(s.https ? { 'strict-transport-security': HSTS_VALUE } : {}),
  };
}
