/**
 * API keys (docs/requirements/settings.md R-SET-9, docs/decisions/0229-api-keys.md): create, list, revoke.
 *
 * Rows:
 * - `T#{org}` / `APIKEY#{id}`: the key (name, access level, creator, `keyHash`, `lastUsedAt`);
 * - `APIKEY#{sha256(key)}` / `APIKEY`: the platform pointer a request's key is read by
 *   (functions/lib/api-keys.ts), put and deleted in the same transaction as the key row;
 * - `T#{org}` / `APIKEYLOG#{at}#{uuid}`: who created or revoked which key.
 * The key itself is answered once and never stored (the create route is not idempotent for that reason).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  API_KEY_ACCESS_LEVELS,
  API_KEY_ID_LENGTH,
  API_KEY_PATTERN,
  API_KEYS_MAX,
  apiKeyDisplayPrefix,
} from '../../shared/domain/api-keys.js';
import type { ApiKeyInput, ApiKeyView } from '../../shared/contract/routes/api-keys.js';
import * as z from '../../shared/zod.js';
import {
  API_KEY_LOG_ROW,
  API_KEY_ROW,
  apiKeyPointerKey,
  apiKeyRowKey,
  forgetApiKeys,
  hashApiKey,
} from '../lib/api-keys.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, nowIso, tableName } from '../lib/db.js';
import { conflict, notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { rowParser, tenantRowsWithPrefix } from '../lib/rows.js';
import { newSecretToken } from '../lib/secure-token.js';
import type { AuthClaims } from '../lib/tokens.js';
import { actorName } from './actor-name.js';

const keyRow = z.object({
  id: z.string(),
  name: z.string(),
  accessLevel: z.enum(API_KEY_ACCESS_LEVELS),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  keyHash: z.string(),
  lastUsedAt: z._default(z.nullable(z.string()), null),
});
const parseKeyRow = rowParser('API key', keyRow);

async function keyRows(tenant: TenantId): Promise<z.output<typeof keyRow>[]> {
  return tenantRowsWithPrefix(tenant, `${API_KEY_ROW}#`, parseKeyRow);
}

const viewOf = ({ keyHash: _hidden, ...row }: z.output<typeof keyRow>): ApiKeyView => ({
  ...row,
  prefix: apiKeyDisplayPrefix(row.id),
});

/** The organization's keys, newest first; never the keys (only their hashes are stored). */
export async function listApiKeys(tenant: TenantId): Promise<ApiKeyView[]> {
  return (await keyRows(tenant))
    .map(viewOf)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** The key's id: 12 characters of a-z0-9 (62 bits), unique per key (the put is conditional). */
function newKeyId(): string {
  let id = '';
  for (let i = 0; i < API_KEY_ID_LENGTH; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

function logRow(
  tenant: TenantId,
  at: string,
  e: { action: 'CREATED' | 'REVOKED'; keyId: string; name: string; auth: AuthClaims; actorName: string },
) {
  return {
    ...keys.entity(tenant, API_KEY_LOG_ROW, `${at}#${randomUUID()}`),
    action: e.action,
    keyId: e.keyId,
    name: e.name,
    actorUserId: e.auth.userId,
    actorName: e.actorName,
    createdAt: at,
  };
}

/** R-SET-9: a new key, answered once; its row, its pointer and the log line in one transaction. */
export async function createApiKey(
  tenant: TenantId,
  auth: AuthClaims,
  input: ApiKeyInput,
): Promise<{ id: string; name: string; prefix: string; accessLevel: ApiKeyInput['accessLevel']; key: string }> {
  const [existing, creator] = await Promise.all([keyRows(tenant), actorName(tenant, auth)]);
  if (existing.length >= API_KEYS_MAX)
    throw conflict(`An organization has at most ${API_KEYS_MAX} API keys: revoke one you no longer use first`);
  const id = newKeyId();
  const key = `${apiKeyDisplayPrefix(id)}_${newSecretToken()}`;
  if (!API_KEY_PATTERN.test(key)) throw new Error('API key format drifted from API_KEY_PATTERN');
  const keyHash = hashApiKey(key);
  const at = nowIso();
  try {
    await auditedWrite(tenant)
      .put(
        'key',
        {
          ...apiKeyRowKey(tenant, id),
          id,
          name: input.name,
          accessLevel: input.accessLevel,
          createdAt: at,
          createdBy: { id: auth.userId, name: creator },
          keyHash,
          lastUsedAt: null,
        },
        { condition: 'attribute_not_exists(pk)' },
      )
      .put(
        'pointer',
        {
          ...apiKeyPointerKey(keyHash),
          tenantId: tenant,
          keyId: id,
          name: input.name,
          accessLevel: input.accessLevel,
          createdById: auth.userId,
          createdAt: at,
        },
        { condition: 'attribute_not_exists(pk)' },
      )
      .log(logRow(tenant, at, { action: 'CREATED', keyId: id, name: input.name, auth, actorName: creator }))
      .commit();
  } catch (e) {
    // 62 random bits of id colliding: astronomically rare; the caller may simply try again.
    if (e instanceof WriteFailed && e.failed.includes('key')) throw conflict('Please try again');
    throw e;
  }
  return { id, name: input.name, prefix: apiKeyDisplayPrefix(id), accessLevel: input.accessLevel, key };
}

/** R-SET-9: revoke; the pointer goes in the same transaction, so no function finds the key after its cache window. */
export async function revokeApiKey(tenant: TenantId, auth: AuthClaims, id: string): Promise<void> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: apiKeyRowKey(tenant, id), ConsistentRead: true }),
  );
  if (!res.Item) throw notFound('API key not found');
  const row = parseKeyRow(res.Item);
  const at = nowIso();
  try {
    await auditedWrite(tenant)
      .delete('key', apiKeyRowKey(tenant, id), { condition: 'keyHash = :h', values: { ':h': row.keyHash } })
      .delete('pointer', apiKeyPointerKey(row.keyHash))
      .log(
        logRow(tenant, at, {
          action: 'REVOKED',
          keyId: id,
          name: row.name,
          auth,
          actorName: await actorName(tenant, auth),
        }),
      )
      .commit();
  } catch (e) {
    // Revoked by someone else meanwhile: it is gone either way.
    if (e instanceof WriteFailed && e.failed.includes('key')) throw notFound('API key not found');
    throw e;
  }
  // This warm function refuses the key at once; the others within KEY_CHECK_TTL_MS.
  forgetApiKeys(row.keyHash);
}
