/**
 * API keys in the request pipeline (docs/requirements/settings.md R-SET-9, docs/decisions/0229-api-keys.md).
 *
 * A key (`rbo_live_{id}_{secret}`, shared/domain/api-keys.ts) is looked up by its SHA-256 in one
 * GetItem of the platform pointer `APIKEY#{sha256}` / `APIKEY` (written and deleted in the same
 * transaction as the tenant's key row by functions/settings/api-keys.ts). A key that is found becomes
 * the synthetic claims of its organization at its access level, so every later step (tenant host,
 * module gate, authorise with the tenant's matrix) treats it as it treats a person of that level.
 *
 * Revocation bites within KEY_CHECK_TTL_MS (30 s; the promise is 60 s) in every warm function: the
 * lookup is kept that long per key, and forgotten at once by the function that revoked it.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  API_KEY_ACCESS_LEVELS,
  API_KEY_PATTERN,
  apiKeyActorName,
  type ApiKeyAccessLevel,
} from '../../shared/domain/api-keys.js';
import * as z from '../../shared/zod.js';
import { db, isConditionFailure, tableName } from './db.js';
import { tooManyRequests, unauthorized } from './errors.js';
import { keys, trustedTenant, type Key, type TenantId } from './keys.js';
import { logger } from './logger.js';
import { cachedOrganizationStatus, isShutOut } from './modules.js';
import { countInWindow, type WindowLimit } from './rate-limit.js';
import { rowParser } from './rows.js';
import { hashToken } from './secure-token.js';
import type { AuthClaims } from './tokens.js';

export const API_KEY_ROW = 'APIKEY';
export const API_KEY_LOG_ROW = 'APIKEYLOG';
/** The pointer a request's key is looked up by: its hash, never the key. */
export const apiKeyPointerKey = (keyHash: string): Key => ({ pk: `APIKEY#${keyHash}`, sk: 'APIKEY' });
/** The tenant's row of a key (list, revoke, last use). */
export const apiKeyRowKey = (tenant: TenantId, id: string): Key => keys.entity(tenant, API_KEY_ROW, id);

/** The key's SHA-256: right for a secret of 256 random bits (nothing to slow down a guess of). */
export const hashApiKey = hashToken;

/** R-SET-9: 600 requests a minute per key (fixed windows), then 429 with Retry-After. */
const API_KEY_RATE: WindowLimit = { limit: 600, windowSeconds: 60 };
/** How long a warm function trusts what it read about a key (R-SET-9: a revoked key is refused within 60 s). */
export const KEY_CHECK_TTL_MS = 30_000;

const INVALID_KEY = 'This API key is not valid: it was revoked, or it was never issued.';
export const KEY_IN_QUERY = 'Send API keys in the Authorization header (Bearer), never in the address.';
export const KEY_ON_PLATFORM = "API keys work on their organization's routes only.";
export const KEY_NOT_A_PERSON =
  'This route acts for the person signed in (their own profile, session or clock-in); an API key cannot use it.';
const KEY_RATE_LIMITED = 'Too many requests with this API key. Wait for the time in Retry-After and try again.';
const KEY_CREATOR_GONE =
  'This API key stopped working: the administrator who created it is no longer an active administrator. Create a new key.';

const pointerRow = z.object({
  tenantId: z.string(),
  keyId: z.string(),
  name: z.string(),
  accessLevel: z.enum(API_KEY_ACCESS_LEVELS),
  createdById: z.string(),
});
const parseApiKeyPointer = rowParser('API key pointer', pointerRow);
type ApiKeyPointer = z.output<typeof pointerRow>;

interface KeyFacts {
  at: number;
  pointer: ApiKeyPointer | null;
  creatorActive: boolean;
}
const cache = new Map<string, KeyFacts>();
const MAX_ENTRIES = 5_000;

async function readFacts(keyHash: string): Promise<Omit<KeyFacts, 'at'>> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: apiKeyPointerKey(keyHash), ConsistentRead: true }),
  );
  if (!res.Item) return { pointer: null, creatorActive: false };
  const pointer = parseApiKeyPointer(res.Item);
  // A key stops with its creator's administrator rights (R-SET-9, R-EMP-10): a departed or demoted
  // administrator's keys are not left working.
  const creator = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(trustedTenant(pointer.tenantId), pointer.createdById),
      ProjectionExpression: 'isActive, #r',
      ExpressionAttributeNames: { '#r': 'role' },
    }),
  );
  return { pointer, creatorActive: creator.Item?.isActive === true && creator.Item?.role === 'BUSINESS_ADMIN' };
}

async function cachedFacts(keyHash: string, now: number): Promise<KeyFacts> {
  let facts = cache.get(keyHash);
  if (!facts || now - facts.at >= KEY_CHECK_TTL_MS) {
    facts = { ...(await readFacts(keyHash)), at: now };
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(keyHash, facts);
  }
  return facts;
}

/** Tests, and the function that just revoked a key, drop what was read about keys. */
export function forgetApiKeys(keyHash?: string): void {
  if (keyHash) cache.delete(keyHash);
  else cache.clear();
}

/** The role a key's access level acts with: an administrator, or an employee at the manager or employee level. */
function claimsOfKey(p: Pick<ApiKeyPointer, 'tenantId' | 'keyId' | 'name' | 'accessLevel'>): AuthClaims {
  const level: ApiKeyAccessLevel = p.accessLevel;
  return {
    userId: `apikey_${p.keyId}`,
    username: apiKeyActorName(p.name),
    role: level === 'ADMIN' ? 'BUSINESS_ADMIN' : 'EMPLOYEE',
    accessLevel: level === 'MANAGER' ? 'MANAGER' : 'EMPLOYEE',
    tenantId: p.tenantId,
    apiKey: { id: p.keyId, name: p.name, accessLevel: level },
  };
}

/**
 * A bearer that claims to be a key: 401 unless it is a live key of an active organization whose
 * creator is still active; else the key's synthetic claims.
 */
export async function authenticateApiKey(key: string, now = Date.now()): Promise<AuthClaims> {
  const m = API_KEY_PATTERN.exec(key);
  if (!m) throw unauthorized(INVALID_KEY);
  const facts = await cachedFacts(hashApiKey(key), now);
  // The id in the key must be the pointer's: a hash collision is not a worry, a mismatched row is a bug to refuse on.
  if (!facts.pointer || facts.pointer.keyId !== m[1]) throw unauthorized(INVALID_KEY);
  if (!facts.creatorActive) throw unauthorized(KEY_CREATOR_GONE);
  const tenant = trustedTenant(facts.pointer.tenantId);
  if (isShutOut(await cachedOrganizationStatus(tenant, now)))
    throw unauthorized('Your organization is not active. Please contact support.');
  return claimsOfKey(facts.pointer);
}

/**
 * R-SET-9: every request by key is counted in its minute (one conditional UpdateItem); past
 * API_KEY_RATE a 429 with Retry-After. The first request of each minute stamps the key's `lastUsedAt`
 * (so at most one such write a minute per key, whatever the number of warm functions).
 */
export async function takeApiKeyRequest(auth: AuthClaims, now = Date.now()): Promise<void> {
  const key = auth.apiKey;
  if (!key || !auth.tenantId) return;
  const count = await countInWindow('apikey', key.id, API_KEY_RATE, now);
  if (!count.allowed) throw tooManyRequests(KEY_RATE_LIMITED, count.retryAfterSeconds);
  if (count.hits === 1) await stampLastUse(trustedTenant(auth.tenantId), key.id, now);
}

async function stampLastUse(tenant: TenantId, id: string, now: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: apiKeyRowKey(tenant, id),
        UpdateExpression: 'SET lastUsedAt = :at',
        // A revoked key's row stays gone.
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': new Date(now).toISOString() },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) logger.warn('API key last use not stamped', { error: e as Error });
  }
}
