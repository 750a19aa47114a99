import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ApiError, tooManyRequests, unauthorized } from '../lib/errors.js';
import { trustedTenant } from '../lib/keys.js';
import { dummyPasswordHash, verifyPassword } from '../lib/passwords.js';
import {
  clearAttempts,
  limitBySource,
  SIGN_IN_PER_SOURCE,
  SIGN_IN_PER_USERNAME,
  takeAttempt,
} from '../lib/rate-limit.js';
import { recordSignIn, startSession } from './session.js';
import { findUserByUsername, getOrganization } from './store.js';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const LOCKED_OUT = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
/** The attempt rows: `pk = LOGINFAIL#{lower(username)}`, `sk = LOGINFAIL` (docs/data-model.md). */
const ATTEMPTS = 'LOGINFAIL';

/**
 * R-AUTH-1 login. Unknown usernames cost the same as wrong passwords (a dummy hash is checked)
 * and answer the same message, so the response does not tell which usernames exist.
 *
 * docs/decisions/hardening-limits-per-source-address.md: the source address pays first (a fixed window per address), then the username
 * (at most 5 password checks per 15 minutes, an atomic conditional counter taken BEFORE the check),
 * so no burst, however parallel, gets a sixth check. A successful sign-in forgets the attempts.
 */
export async function login(
  username: string,
  password: string,
  event?: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>,
) {
  if (event) await limitBySource('signin', event, SIGN_IN_PER_SOURCE);
  if (!(await takeAttempt(ATTEMPTS, username, SIGN_IN_PER_USERNAME))) throw tooManyRequests(LOCKED_OUT);

  const user = await findUserByUsername(username);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.passwordHash) throw unauthorized(INVALID_CREDENTIALS);
  if (!user.isActive) throw unauthorized('This account is not active. Please contact your administrator.');

  const org = user.organizationId ? await getOrganization(trustedTenant(user.organizationId)) : undefined;
  if (user.organizationId && !org) throw unauthorized(INVALID_CREDENTIALS);
  // Checked after the password, so the answer tells nothing about an account to someone without it.
  if (org?.status === 'SUSPENDED')
    throw new ApiError(403, 'OrganizationSuspended', 'Your organization has been suspended. Please contact support.');
  if (org?.status === 'INACTIVE')
    throw new ApiError(403, 'OrganizationInactive', 'Your organization is not active. Please contact support.');

  await Promise.all([clearAttempts(ATTEMPTS, username), recordSignIn(user)]);
  return startSession(user, org);
}
