import { ApiError, tooManyRequests, unauthorized } from '../lib/errors.js';
import { trustedTenant } from '../lib/keys.js';
import { dummyPasswordHash, verifyPassword } from '../lib/passwords.js';
import { startSession } from './session.js';
import { clearFailures, findUserByUsername, getOrganization, LOGIN_MAX_FAILURES, recentFailures, recordFailure, recordLogin } from './store.js';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const LOCKED_OUT = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/**
 * Document 1 §7 login. Unknown usernames cost the same as wrong passwords (a dummy hash is checked)
 * and answer the same message, so the response does not tell which usernames exist.
 */
export async function login(username: string, password: string) {
  if ((await recentFailures(username)) >= LOGIN_MAX_FAILURES) throw tooManyRequests(LOCKED_OUT);

  const user = await findUserByUsername(username);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.passwordHash) {
    await recordFailure(username);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (!user.isActive) throw unauthorized('This account is not active. Please contact your administrator.');

  const org = user.organizationId ? await getOrganization(trustedTenant(user.organizationId)) : undefined;
  if (user.organizationId && !org) throw unauthorized(INVALID_CREDENTIALS);
  if (org && (org.status === 'SUSPENDED' || org.status === 'INACTIVE')) {
    throw new ApiError(403, 'OrganizationInactive', 'Your organization is not active. Please contact support.');
  }

  await Promise.all([clearFailures(username), recordLogin(user)]);
  return startSession(user, org);
}
