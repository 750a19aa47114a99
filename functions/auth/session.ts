import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../../shared/domain/time.js';
import { issueToken } from '../lib/tokens.js';
import { trustedTenant } from '../lib/keys.js';
import { recordActiveUser } from './user-stats.js';
import type { OrganizationRecord, UserRecord } from './entity.js';
import { recordLogin } from './store.js';
import { platformUrl, signedInDashboardUrl } from './urls.js';

/** The user object of R-AUTH-3, as the login response and the sign-in URL carry it. */
function sessionUser(user: UserRecord, org: OrganizationRecord | undefined) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    accessLevel: user.accessLevel,
    firstName: user.firstName,
    lastName: user.lastName,
    organizationId: user.organizationId,
    isOwner: !!org?.ownerUserId && org.ownerUserId === user.id,
    // The zone lets screens show and enter times as the business keeps them (docs/decisions/0222-integration-the-session-carries-the-organization-s.md).
    organization: org
      ? {
          name: org.name,
          subdomain: org.subdomain,
          timeZone: isValidTimeZone(org.timeZone) ? org.timeZone : DEFAULT_TIME_ZONE,
        }
      : null,
  };
}

/**
 * A sign-in as the counters see it: the user's last sign-in and the tenant's "signed in today".
 * Every way a session starts (password, the owner's automatic sign-in after sign-up) counts once
 * (docs/decisions/0024-words-and-states.md). recordActiveUser never throws: a failed counter write does not fail the sign-in.
 */
export async function recordSignIn(user: UserRecord): Promise<void> {
  await Promise.all([
    recordLogin(user),
    user.organizationId ? recordActiveUser(trustedTenant(user.organizationId), user.id) : undefined,
  ]);
}

/** Token, user and where to go: SUPER_ADMIN to the platform portal, tenant users to their dashboard. */
export async function startSession(user: UserRecord, org: OrganizationRecord | undefined) {
  const token = await issueToken({
    userId: user.id,
    username: user.username,
    role: user.role,
    accessLevel: user.accessLevel,
    tenantId: user.organizationId,
    sessionEpoch: user.sessionEpoch ?? 0,
  });
  const u = sessionUser(user, org);
  const redirectUrl = org
    ? signedInDashboardUrl(org.subdomain, token, u)
    : platformUrl('/platform/dashboard').toString();
  return { token, user: u, redirectUrl };
}
