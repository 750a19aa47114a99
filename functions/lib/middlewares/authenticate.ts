import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { RouteContract } from '../../../shared/contract/index.js';
import { db, tableName } from '../db.js';
import { looksLikeApiKey } from '../../../shared/domain/api-keys.js';
import { forbidden, unauthorized } from '../errors.js';
import { keys, trustedTenant } from '../keys.js';
import { rowParser } from '../rows.js';
import * as z from '../../../shared/zod.js';
import { SIGN_IN_AGAIN, verifyToken, type AuthClaims } from '../tokens.js';
import { stateOf, type ApiEvent, type ApiMiddleware } from './types.js';

export function bearer(
  event: Pick<ApiEvent, 'headers' | 'queryStringParameters'>,
  route: Pick<RouteContract, 'kind'>,
): string | undefined {
  const h = event.headers?.authorization ?? event.headers?.Authorization;
  if (h?.toLowerCase().startsWith('bearer ')) return h.slice(7).trim();
  // EventSource cannot set headers: the stream route reads the token from its query (R-DASH-4).
  if (route.kind === 'stream') return event.queryStringParameters?.token;
  return undefined;
}

/**
 * Sessions end when they should (docs/decisions/0125-house-sessions-end-within-30-s.md): a token is only as good as the account behind
 * it. Every authenticated request checks the user row (`isActive`, present) and, for tenant users,
 * the organization row (`status` not SUSPENDED/INACTIVE, present). The answers are kept per warm
 * function for SESSION_CHECK_TTL_MS, so a deactivation, deletion, suspension or session-epoch bump
 * (docs/decisions/0009-sessions-follow-the-account.md) takes effect within that window (≤ 60 s, the
 * promise) while a burst of calls costs two GetItems per user per window, plus the uncached
 * sign-out check of every request.
 */
export const SESSION_CHECK_TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

interface SessionFacts {
  at: number;
  userActive: boolean;
  /** The user row's `sessionEpoch`: bumped with a role, access level or password change, a deactivation or a deletion. */
  userEpoch: number;
  orgStatus: 'ACTIVE' | 'MISSING' | 'SUSPENDED' | 'INACTIVE' | 'NONE';
}
const cache = new Map<string, SessionFacts>();

export const ACCOUNT_INACTIVE = 'This account is not active. Please contact your administrator.';
export const ORGANIZATION_INACTIVE = 'Your organization is not active. Please contact support.';

// The projections of the user row and the organization row this check reads (their whole schemas:
// functions/auth/entity.ts). `sessionEpoch` is absent until the first change that ends sessions.
const parseAccountFacts = rowParser(
  'user (session check)',
  z.object({ isActive: z.boolean(), sessionEpoch: z._default(z.number(), 0) }),
);
const parseOrganizationStatus = rowParser(
  'organization (session check)',
  z.object({ status: z.enum(['ACTIVE', 'TRIAL', 'SUSPENDED', 'INACTIVE']) }),
);

async function readFacts(auth: AuthClaims): Promise<SessionFacts> {
  const tenant = auth.tenantId ? trustedTenant(auth.tenantId) : null;
  const userKey = tenant ? keys.user(tenant, auth.userId) : keys.platformUser(auth.userId);
  const [user, org] = await Promise.all([
    db().send(new GetCommand({ TableName: tableName(), Key: userKey, ProjectionExpression: 'isActive, sessionEpoch' })),
    tenant
      ? db().send(
          new GetCommand({
            TableName: tableName(),
            Key: keys.organization(tenant),
            ProjectionExpression: '#s',
            ExpressionAttributeNames: { '#s': 'status' },
          }),
        )
      : undefined,
  ]);
  const account = user.Item ? parseAccountFacts(user.Item) : undefined;
  const status = org?.Item ? parseOrganizationStatus(org.Item).status : tenant ? 'MISSING' : 'NONE';
  return {
    at: Date.now(),
    userActive: account?.isActive === true,
    userEpoch: account?.sessionEpoch ?? 0,
    orgStatus:
      status === 'SUSPENDED' || status === 'INACTIVE' || status === 'MISSING' || status === 'NONE' ? status : 'ACTIVE',
  };
}

async function cachedFacts(auth: AuthClaims, now: number): Promise<SessionFacts> {
  const key = `${auth.tenantId ?? 'PLATFORM'}/${auth.userId}`;
  let facts = cache.get(key);
  if (!facts || now - facts.at >= SESSION_CHECK_TTL_MS) {
    facts = { ...(await readFacts(auth)), at: now };
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, facts);
  }
  return facts;
}

/**
 * A signed-out session's row (functions/auth/logout.ts). Read on every request, never cached and
 * strongly consistent, so a sign-out bites at once in every warm function, not within the window.
 */
async function isRevoked(sessionId: string | undefined): Promise<boolean> {
  if (!sessionId) return false;
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.revokedSession(sessionId),
      ProjectionExpression: 'pk',
      ConsistentRead: true,
    }),
  );
  return res.Item !== undefined;
}

/**
 * Refuses (401) a token whose user was deactivated or deleted, whose organization was suspended or
 * deleted, that was signed out, or that was issued before the account's last session-ending change
 * (its epoch is older than the user row's: role, access level, password, deactivation, deletion).
 */
export async function assertSessionLive(auth: AuthClaims, now = Date.now()): Promise<void> {
  const [facts, revoked] = await Promise.all([cachedFacts(auth, now), isRevoked(auth.sessionId)]);
  if (!facts.userActive) throw unauthorized(ACCOUNT_INACTIVE);
  if (facts.orgStatus !== 'ACTIVE' && facts.orgStatus !== 'NONE') throw unauthorized(ORGANIZATION_INACTIVE);
  if (revoked || (auth.sessionEpoch ?? 0) < facts.userEpoch) throw unauthorized(SIGN_IN_AGAIN);
}

/** Tests (and a store that just changed an account) drop the cached facts. */
export function forgetSessions(): void {
  cache.clear();
}

/** Verifies the bearer token (HS256, issuer, audience, `exp` required) and that its account is still live. */
async function authenticateToken(token: string | undefined): Promise<AuthClaims> {
  if (!token) throw unauthorized('Authentication required');
  const auth = await verifyToken(token);
  await assertSessionLive(auth);
  return auth;
}

/**
 * Step 2, authenticate: every non-public route needs a valid bearer token of a live account, or a
 * live API key (R-SET-9), else 401. A key is taken from the Authorization header only, never on a
 * platform route nor on a route that acts for the signed-in person (`personOnly`, 403), and each of
 * its requests is counted against its rate limit (429 with Retry-After).
 */
export function authenticate(): ApiMiddleware {
  return {
    before: async (request) => {
      const state = stateOf(request);
      const token = bearer(request.event, state.route);
      if (token && looksLikeApiKey(token)) {
        // Loaded on first use: most functions never see a key, and their cold start stays lean.
        const apiKeys = await import('../api-keys.js');
        if (state.route.personOnly) throw forbidden(apiKeys.KEY_NOT_A_PERSON);
        if (state.route.access === 'public') return;
        if (!bearer(request.event, { kind: 'json' })) throw unauthorized(apiKeys.KEY_IN_QUERY);
        if (state.route.access === 'platform') throw forbidden(apiKeys.KEY_ON_PLATFORM);
        state.auth = await apiKeys.authenticateApiKey(token);
        await apiKeys.takeApiKeyRequest(state.auth);
        return;
      }
      if (state.route.access === 'public') return;
      state.auth = await authenticateToken(token);
    },
  };
}
