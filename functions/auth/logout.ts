import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowIso, tableName } from '../lib/db.js';
import { ApiError } from '../lib/errors.js';
import { keys } from '../lib/keys.js';
import { bearer } from '../lib/middlewares/authenticate.js';
import type { ApiEvent } from '../lib/middlewares/types.js';
import { verifyToken } from '../lib/tokens.js';

export const LOGGED_OUT = 'Logged out successfully';

/**
 * Sign-out (docs/decisions/0009-sessions-follow-the-account.md): the token's session is written down as revoked until the token would
 * expire anyway (TTL), and authenticate reads that row on every request, uncached, so the token is
 * refused at once by every warm function. A public route that always answers 200, as RFC 7009's
 * revocation endpoint does: an expired, forged or already revoked token has nothing left to end, and
 * the answer tells nobody which one it was. Only the holder of a valid token can revoke it.
 */
export async function logout(event: Pick<ApiEvent, 'headers' | 'queryStringParameters'>) {
  const token = bearer(event, { kind: 'json' });
  if (token) {
    const claims = await verifyToken(token).catch((e: unknown) => {
      if (e instanceof ApiError) return undefined;
      throw e;
    });
    if (claims?.sessionId && claims.expiresAt) {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.revokedSession(claims.sessionId),
            userId: claims.userId,
            revokedAt: nowIso(),
            expiresAt: claims.expiresAt,
          },
        }),
      );
    }
  }
  return { success: true as const, message: LOGGED_OUT };
}
