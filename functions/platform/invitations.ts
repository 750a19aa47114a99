import { ApiError, conflict, notFound } from '../lib/errors.js';
import { trySendMail } from '../lib/mail.js';
import { isConditionFailure } from '../lib/db.js';
import { reply } from '../lib/pipeline.js';
import { findUserByUsername } from '../auth/store.js';
import {
  canResend,
  canRevoke,
  INVITATION_PENDING,
  invitationPendingMessage,
  invitationStatus,
} from '../../shared/domain/invitations.js';
import {
  createInvitation,
  deleteInvitation,
  getInvitation,
  inviteUrl,
  listInvitations,
  publicInvitation,
  renewInvitation,
  type InvitationRecord,
} from '../auth/invitation-store.js';
import { DEFAULT_TIME_ZONE } from '../../shared/domain/time.js';

const statusOf = (inv: InvitationRecord) => invitationStatus({ usedAt: inv.usedAt, expiresAt: inv.validUntil });

async function mailInvitation(inv: InvitationRecord, token: string): Promise<boolean> {
  // No organization yet: the product's default zone, named (docs/decisions/0008-one-time-zone.md).
  // The templates (their defaults and handlebars) load with the mail, not at the platform area's cold start.
  const [{ formatDateTimeIn }, { renderStoredEmail }] = await Promise.all([
    import('../../shared/domain/time-text.js'),
    import('../lib/template-store.js'),
  ]);
  const vars = {
    firstName: inv.firstName,
    lastName: inv.lastName,
    inviteUrl: inviteUrl(token),
    expiresAt: formatDateTimeIn(inv.validUntil, DEFAULT_TIME_ZONE, { zoneName: true }),
  };
  return trySendMail({ to: inv.email, ...(await renderStoredEmail('organization-invitation', vars)) });
}

export async function listOp() {
  const invitations = await listInvitations();
  return { invitations: invitations.map((i) => ({ ...publicInvitation(i), status: statusOf(i) })) };
}

export async function createOp(body: { firstName: string; lastName: string; email: string }, adminId: string) {
  if (await findUserByUsername(body.email)) throw conflict('A user with this email already exists');
  // A second link to the same address would only stay Pending: whichever is used first makes the
  // other fail with "already exists". Expired or used ones do not count (Resend renews an expired one).
  const email = body.email.trim().toLowerCase();
  const pending = (await listInvitations()).find((i) => i.email === email && statusOf(i) === 'Pending');
  if (pending)
    throw new ApiError(409, INVITATION_PENDING, invitationPendingMessage(email), undefined, {
      invitationId: pending.id,
    });
  const { invitation, token } = await createInvitation({ ...body, createdBy: adminId });
  const emailSent = await mailInvitation(invitation, token);
  return reply(201, {
    success: true,
    emailSent,
    invitation: { ...publicInvitation(invitation), status: statusOf(invitation), inviteUrl: inviteUrl(token) },
  });
}

export async function resendOp(id: string) {
  const inv = await getInvitation(id);
  if (!inv) throw notFound('Invitation not found');
  if (!canResend(statusOf(inv))) throw conflict('This invitation has already been used');
  try {
    const { invitation, token } = await renewInvitation(inv);
    const emailSent = await mailInvitation(invitation, token);
    return {
      success: true,
      emailSent,
      invitation: { ...publicInvitation(invitation), status: statusOf(invitation), inviteUrl: inviteUrl(token) },
    };
  } catch (e) {
    if (isConditionFailure(e)) throw conflict('This invitation changed meanwhile; refresh and try again');
    throw e;
  }
}

export async function revokeOp(id: string) {
  const inv = await getInvitation(id);
  if (!inv) throw notFound('Invitation not found');
  const status = statusOf(inv);
  if (!canRevoke(status))
    throw conflict(
      status === 'Used' ? 'This invitation has already been used' : 'Only pending invitations can be revoked',
    );
  try {
    await deleteInvitation(inv);
  } catch (e) {
    if (isConditionFailure(e)) throw conflict('This invitation has already been used');
    throw e;
  }
  return { success: true };
}
