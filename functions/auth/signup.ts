import { ApiError } from '../lib/errors.js';
import { findInvitationByToken, consumeInvitation, type InvitationRecord } from './invitation-store.js';
import { invitationStatus } from '../../shared/domain/invitations.js';
import { createOrganization, ExtraConditionFailed, freeSubdomain, wantedSubdomain } from './onboarding.js';
import { recordSignIn, startSession } from './session.js';

export const NO_TOKEN = 'No invitation token provided.';
export const INVALID_INVITATION = 'This invitation is invalid, expired, or has already been used.';

const invalid = (message = INVALID_INVITATION) =>
  new ApiError(400, 'InvalidInvitation', message, undefined, { valid: false, success: false, error: message });

async function usableInvitation(token: string | undefined): Promise<InvitationRecord> {
  if (!token) throw invalid(NO_TOKEN);
  const inv = await findInvitationByToken(token);
  if (!inv || invitationStatus({ usedAt: inv.usedAt, expiresAt: inv.validUntil }) !== 'Pending') throw invalid();
  return inv;
}

/**
 * What the sign-up form's organization name would get now (docs/decisions/0024-words-and-states.md); only for a usable
 * invitation, so the route is no directory of tenant names. A race may still move it on by a suffix:
 * the success screen names the final address.
 */
export async function signupSubdomain(token: string | undefined, name: string) {
  await usableInvitation(token);
  const requested = wantedSubdomain(name);
  const subdomain = await freeSubdomain(name, new Set());
  return { requested, subdomain, available: subdomain === requested };
}

export async function validateSignupToken(token: string | undefined) {
  const inv = await usableInvitation(token);
  return { valid: true, invitation: { firstName: inv.firstName, lastName: inv.lastName, email: inv.email } };
}

/**
 * Organization, admin and the used mark on the invitation, in one transaction. The answer's loginUrl
 * signs the new owner straight in on their tenant dashboard
 * (docs/decisions/0032-foundation-sign-up-lands-signed-in.md).
 */
export async function completeSignup(input: {
  token: string;
  firstName?: string;
  lastName?: string;
  organizationName: string;
  phone: string;
  password: string;
  timeZone?: string;
}) {
  const inv = await usableInvitation(input.token);
  try {
    const { organization, owner } = await createOrganization({
      name: input.organizationName,
      phone: input.phone,
      timeZone: input.timeZone,
      owner: {
        email: inv.email,
        firstName: input.firstName || inv.firstName,
        lastName: input.lastName || inv.lastName,
        password: input.password,
      },
      extra: [consumeInvitation(inv)],
    });
    const session = await startSession(owner, organization);
    // The answer's link signs the owner in: that is this tenant's first sign-in today.
    await recordSignIn(owner);
    return {
      success: true,
      loginUrl: session.redirectUrl,
      organization: { name: organization.name, subdomain: organization.subdomain },
    };
  } catch (e) {
    if (e instanceof ExtraConditionFailed) throw invalid();
    if (e instanceof ApiError)
      throw new ApiError(e.statusCode, e.code, e.message, e.details, { success: false, error: e.message });
    throw e;
  }
}
