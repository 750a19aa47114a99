import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { config } from './config.js';
import { loadOnce } from './load-once.js';
import { secretFromEnv } from './secrets.js';
import { unauthorized } from './errors.js';
import type { Role, AccessLevel } from '../../shared/domain/roles.js';

const ISSUER = 'rental-back-office';
const AUDIENCE = 'rental-back-office-api';

/** What a verified session token says about its holder. The tenant comes from here and nowhere else. */
export interface AuthClaims {
  userId: string;
  username: string;
  role: Role;
  accessLevel: AccessLevel;
  tenantId: string | null;
}

/**
 * The HMAC key: TOKEN_SIGNING_KEY (local runtime, tests) or the Secrets Manager secret named by
 * TOKEN_SIGNING_KEY_SECRET_ARN (AWS). Never a constant in code; too short a key is refused.
 */
const key = /* @__PURE__ */ loadOnce(async () => {
  const raw = await secretFromEnv('TOKEN_SIGNING_KEY', 'TOKEN_SIGNING_KEY_SECRET_ARN');
  if (!raw || raw.length < 32) throw new Error('TOKEN_SIGNING_KEY (or its secret) must be at least 32 characters');
  return new TextEncoder().encode(raw);
});
const signingKey = () => key.get();

export function resetSigningKey(): void {
  key.reset();
}

export async function issueToken(claims: AuthClaims, ttlSeconds = config().tokenTtlSeconds): Promise<string> {
  return new SignJWT({ usr: claims.username, role: claims.role, lvl: claims.accessLevel, org: claims.tenantId })
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
    const { payload } = await jwtVerify(token, await signingKey(), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, requiredClaims: ['exp'] });
    const { sub, usr, role, lvl, org } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof usr !== 'string' || typeof role !== 'string') throw unauthorized('Invalid token');
    return {
      userId: sub,
      username: usr,
      role: role as Role,
      accessLevel: (lvl === 'MANAGER' ? 'MANAGER' : 'EMPLOYEE') as AccessLevel,
      tenantId: typeof org === 'string' ? org : null,
    };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw unauthorized('Your session has expired. Please log in again.');
    throw unauthorized('Invalid or expired token');
  }
}
