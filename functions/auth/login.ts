import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ACCOUNT_LOCKED } from '../../shared/domain/sign-in-link.js';
import { ApiError, unauthorized } from '../lib/errors.js';
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

const INVALID_CREDENTIALS = 'Invalid credentials';
export const LOCKED_OUT = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
/** The attempt rows: `pk = LOGINFAIL#{lower(username)}`, `sk = LOGINFAIL` (docs/data-model.md). */
export const ATTEMPTS = 'LOGINFAIL';

/**
 * R-AUTH-1's lock, with a code of its own (R-AUTH-6): the sign-in page offers a sign-in link for it
 * and not for the source address's limit, whose code stays TooManyRequests.
 */
const accountLocked = () => new ApiError(429, ACCOUNT_LOCKED, LOCKED_OUT);

/**
 * R-AUTH-1 login. Unknown usernames cost the same as wrong passwords (a dummy hash is checked)
 * and answer the same message, so the response does not tell which usernames exist.
 *
 * docs/decisions/0151-hardening-limits-per-source-address.md: the source address pays first (a fixed window per address), then the username
 * (at most 5 password checks per 15 minutes, an atomic conditional counter taken BEFORE the check),
 * so no burst, however parallel, gets a sixth check. A successful sign-in forgets the attempts.
 */
export async function login(
  username: string,
  password: string,
  event?: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>,
) {
  if (event) await limitBySource('signin', event, SIGN_IN_PER_SOURCE);
  if (!(await takeAttempt(ATTEMPTS, username, SIGN_IN_PER_USERNAME))) throw accountLocked();

  const user = await findUserByUsername(username);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.passwordHash) throw unauthorized(INVALID_CREDENTIALS);
  if (!user.isActive) throw unauthorized('This account is not active. Please contact your administrator.');

  const org = user.organizationId ? await getOrganization(trustedTenant(user.organizationId)) : undefined;
  if (user.organizationId && !org) throw unauthorized(INVALID_CREDENTIALS);
  // Checked after the password, so the answer tells nothing about an account to someone without it.
  refuseClosedOrganization(org);

  await Promise.all([clearAttempts(ATTEMPTS, username), recordSignIn(user)]);
  return startSession(user, org);
}

/** A suspended or inactive organization's people cannot start a session, by password or by link. */
export function refuseClosedOrganization(org: { status: string } | undefined): void {
  if (org?.status === 'SUSPENDED')
    throw new ApiError(403, 'OrganizationSuspended', 'Your organization has been suspended. Please contact support.');
  if (org?.status === 'INACTIVE')
    throw new ApiError(403, 'OrganizationInactive', 'Your organization is not active. Please contact support.');
}
