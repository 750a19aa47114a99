import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, nowIso, tableName } from '../lib/db.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import {
  type OrganizationRecord,
  parseOrganization,
  parseUsernamePointer,
  parseUserRecord,
  type UserRecord,
} from './entity.js';
import { getRow } from '../lib/coalesced-get.js';

export const normalizeUsername = (u: string) => u.trim().toLowerCase();

function userKey(user: Pick<UserRecord, 'id' | 'organizationId'>) {
  return user.organizationId ? keys.user(trustedTenant(user.organizationId), user.id) : keys.platformUser(user.id);
}

/** Sign-in names are unique across the platform: a pointer row per username. */
export async function findUserByUsername(username: string): Promise<UserRecord | undefined> {
  const pointer = await db().send(new GetCommand({ TableName: tableName(), Key: keys.username(username) }));
  if (!pointer.Item) return undefined;
  const { userId, organizationId } = parseUsernamePointer(pointer.Item);
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: userKey({ id: userId, organizationId }) }));
  return res.Item ? parseUserRecord(res.Item) : undefined;
}

export async function getOrganization(tenant: TenantId): Promise<OrganizationRecord | undefined> {
  const item = await getRow(keys.organization(tenant));
  return item ? parseOrganization(item) : undefined;
}

/**
 * Records the owner of an organization created before the owner was kept (docs/decisions/0251-organization-owner.md):
 * once, never over an owner already recorded. Answers the owner that holds afterwards.
 */
export async function recordOwnerOnce(tenant: TenantId, userId: string): Promise<string> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organization(tenant),
        UpdateExpression: 'SET ownerUserId = :id',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(ownerUserId)',
        ExpressionAttributeValues: { ':id': userId },
      }),
    );
    return userId;
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    return (await getOrganization(tenant))?.ownerUserId ?? userId;
  }
}

export async function subdomainTaken(subdomain: string): Promise<boolean> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.subdomain(subdomain), ProjectionExpression: 'pk' }),
  );
  return res.Item !== undefined;
}

export async function recordLogin(user: UserRecord): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(user),
      UpdateExpression: 'SET lastLoginAt = :now',
      ExpressionAttributeValues: { ':now': nowIso() },
    }),
  );
}

/** The user row plus its username pointer, both conditional: a taken username fails the whole write. */
export function userPuts(user: UserRecord) {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.username(user.username), userId: user.id, organizationId: user.organizationId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...userKey(user), ...user },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** Creates or resets the platform administrator (document 1: SUPER_ADMIN, no organization). */
export async function upsertPlatformAdmin(
  email: string,
  passwordHash: string | undefined,
  names = { firstName: 'Platform', lastName: 'Admin' },
): Promise<{ created: boolean; user: UserRecord }> {
  const existing = await findUserByUsername(email);
  if (existing) {
    if (existing.role !== 'SUPER_ADMIN') throw new Error(`${email} already belongs to an organization user`);
    if (passwordHash) {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: userKey(existing),
          UpdateExpression: 'SET passwordHash = :h, isActive = :t ADD sessionEpoch :one',
          ExpressionAttributeValues: { ':h': passwordHash, ':t': true, ':one': 1 },
        }),
      );
    }
    return { created: false, user: existing };
  }
  if (!passwordHash) throw new Error('A password is needed to create the platform administrator');
  const user: UserRecord = {
    id: randomUUID(),
    username: normalizeUsername(email),
    email: normalizeUsername(email),
    ...names,
    role: 'SUPER_ADMIN',
    accessLevel: 'MANAGER',
    organizationId: null,
    passwordHash,
    isActive: true,
    createdAt: nowIso(),
  };
  await db().send(new TransactWriteCommand({ TransactItems: userPuts(user) }));
  return { created: true, user };
}
