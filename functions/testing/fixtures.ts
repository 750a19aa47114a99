import { randomUUID } from 'node:crypto';
import { issueToken } from '../lib/tokens.js';
import { trustedTenant, type TenantId } from '../lib/keys.js';
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
export async function sessionFor(opts: { tenant?: string; role?: Role; accessLevel?: AccessLevel; userId?: string } = {}): Promise<TestSession> {
  const tenant = trustedTenant(opts.tenant ?? `org${randomUUID().replace(/-/g, '').slice(0, 12)}`);
  const userId = opts.userId ?? randomUUID();
  const role = opts.role ?? 'BUSINESS_ADMIN';
  const token = await issueToken({ userId, username: `${userId}@test.example`, role, accessLevel: opts.accessLevel ?? 'EMPLOYEE', tenantId: role === 'SUPER_ADMIN' ? null : tenant });
  return { tenant, userId, token };
}
