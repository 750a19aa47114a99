import { randomUUID } from 'node:crypto';
import { issueToken } from '../lib/tokens.js';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { userCountUpdate } from '../auth/user-stats.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import type { AccessLevel, Role } from '../../shared/domain/roles.js';

export interface TestSession {
  tenant: TenantId;
  userId: string;
  token: string;
}

/**
 * A signed-in user of a tenant, as a token the real pipeline accepts. Tests that need the
 * organization and user rows too use the auth area's onboarding (see functions/auth).
 */
export async function sessionFor(
  opts: { tenant?: string; role?: Role; accessLevel?: AccessLevel; userId?: string } = {},
): Promise<TestSession> {
  const tenant = trustedTenant(opts.tenant ?? `org${randomUUID().replace(/-/g, '').slice(0, 12)}`);
  const userId = opts.userId ?? randomUUID();
  const role = opts.role ?? 'BUSINESS_ADMIN';
  const accessLevel = opts.accessLevel ?? 'EMPLOYEE';
  const username = `${userId}@test.example`;
  const tenantId = role === 'SUPER_ADMIN' ? null : tenant;
  const token = await issueToken({ userId, username, role, accessLevel, tenantId });
  // The pipeline refuses tokens of users or organizations that do not exist (or no longer do):
  // the session's user row and its organization row, unless a test made real ones first.
  const createdAt = new Date().toISOString();
  const putIfAbsent = async (Item: Record<string, unknown>) => {
    try {
      await db().send(
        new PutCommand({ TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      return true;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      return false;
    }
  };
  const user = {
    id: userId,
    username,
    email: username,
    firstName: 'Test',
    lastName: 'User',
    role,
    accessLevel,
    organizationId: tenantId,
    isActive: true,
    createdAt,
  };
  await Promise.all([
    // A new tenant user row keeps the tenant's user counter, as the product's own writes do (STATS#users).
    putIfAbsent({ ...(tenantId ? keys.user(tenant, userId) : keys.platformUser(userId)), ...user }).then(
      async (created) => {
        if (created && tenantId) await db().send(new UpdateCommand(userCountUpdate(tenant, 1).Update));
      },
    ),
    tenantId
      ? putIfAbsent({
          ...keys.organization(tenant),
          id: tenant,
          name: `Test business ${tenant.slice(-4)}`,
          subdomain: tenant.toLowerCase(),
          status: 'ACTIVE',
          createdAt,
        })
      : undefined,
  ]);
  return { tenant, userId, token };
}
