import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTVerifyOptions } from 'jose';
import { config } from './config.js';
import { rotatingSecret } from './secrets.js';
import { ApiError, unauthorized } from './errors.js';
import type { Role, AccessLevel } from '../../shared/domain/roles.js';
import type { ApiKeyAccessLevel } from '../../shared/domain/api-keys.js';

const ISSUER = 'rental-back-office';
/** A session that ended (signed out, or the account changed since sign-in): the SPA shows the sign-in page. */
export const SIGN_IN_AGAIN = 'Your session has ended. Please log in again.';
const AUDIENCE = 'rental-back-office-api';

/** What a verified session token says about its holder. The tenant comes from here and nowhere else. */
export interface AuthClaims {
  userId: string;
  username: string;
  role: Role;
  accessLevel: AccessLevel;
  tenantId: string | null;
  /**
   * The session (`sid`): what sign-out revokes. Always set on a verified token; optional here so
   * claims can be built in code (tests, the stream) without one.
   */
  sessionId?: string;
  /** The account's session epoch when the token was issued (`sep`); a later epoch on the user row ends the session. */
  sessionEpoch?: number;
  /** `exp`, epoch seconds: how long a revocation has to be remembered. */
  expiresAt?: number;
  /**
   * Set when the caller is an API key, not a person (functions/lib/api-keys.ts, R-SET-9): the claims
   * are then synthetic (`userId` `apikey_{id}`, the role of the key's access level).
   */
  apiKey?: { id: string; name: string; accessLevel: ApiKeyAccessLevel };
}

/**
 * The HMAC key: TOKEN_SIGNING_KEY (local runtime, tests) or the Secrets Manager secret named by
 * TOKEN_SIGNING_KEY_SECRET_ARN (AWS). Never a constant in code; too short a key is refused.
 * The secret is rotated (infra/rotation.ts): tokens are signed with the current key and verified
 * with any key still accepted, so a token signed before a rotation lives out its 12 hours.
 */
const keys = /* @__PURE__ */ rotatingSecret('TOKEN_SIGNING_KEY', 'TOKEN_SIGNING_KEY_SECRET_ARN');
async function signingKeys(): Promise<{ sign: Uint8Array; verify: Uint8Array[] }> {
  const v = await keys.get();
  if (!v || v.current.length < 32) throw new Error('TOKEN_SIGNING_KEY (or its secret) must be at least 32 characters');
  const encode = (raw: string) => new TextEncoder().encode(raw);
  return { sign: encode(v.current), verify: v.accepted.filter((k) => k.length >= 32).map(encode) };
}
const signingKey = async () => (await signingKeys()).sign;

export function resetSigningKey(): void {
  keys.reset();
}

/** The first accepted key whose signature matches decides; any other failure (expiry, audience) is final. */
async function jwtVerifyAnyKey(token: string, options: JWTVerifyOptions) {
  const { verify } = await signingKeys();
  let failure: unknown = new joseErrors.JWSSignatureVerificationFailed();
  for (const k of verify) {
    try {
      return await jwtVerify(token, k, options);
    } catch (e) {
      if (!(e instanceof joseErrors.JWSSignatureVerificationFailed)) throw e;
      failure = e;
    }
  }
  throw failure;
}

export async function issueToken(claims: AuthClaims, ttlSeconds = config().tokenTtlSeconds): Promise<string> {
  const session = { sid: claims.sessionId ?? randomUUID(), sep: claims.sessionEpoch ?? 0 };
  return new SignJWT({
    usr: claims.username,
    role: claims.role,
    lvl: claims.accessLevel,
    org: claims.tenantId,
    ...session,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await signingKey());
}

/** Verifies signature, algorithm (HS256 only: `alg: none` and others are refused), issuer, audience and expiry. */
export async function verifyToken(token: string): Promise<AuthClaims> {
  try {
    const { payload } = await jwtVerifyAnyKey(token, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp'],
    });
    const { sub, usr, role, lvl, org, sid, sep, exp } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof usr !== 'string' || typeof role !== 'string')
      throw unauthorized('Invalid token');
    // A token that sign-out could not revoke (no session id, as issued before sessions had one) is not a session.
    if (typeof sid !== 'string' || !sid || typeof sep !== 'number' || !Number.isInteger(sep))
      throw unauthorized(SIGN_IN_AGAIN);
    return {
      userId: sub,
      username: usr,
      role: role as Role,
      accessLevel: (lvl === 'MANAGER' ? 'MANAGER' : 'EMPLOYEE') as AccessLevel,
      tenantId: typeof org === 'string' ? org : null,
      sessionId: sid,
      sessionEpoch: sep,
      expiresAt: typeof exp === 'number' ? exp : undefined,
    };
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (e instanceof joseErrors.JWTExpired) throw unauthorized('Your session has expired. Please log in again.');
    throw unauthorized('Invalid or expired token');
  }
}
