import { isEmail } from '../../../../shared/domain/email.js';
import {
  canResend,
  canRevoke,
  invitationStatus as statusOf,
  type InvitationStatus,
} from '../../../../shared/domain/invitations.js';

export interface Invitation {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt?: string | null;
  expiresAt?: string | null;
  usedAt?: string | null;
  status?: string;
  inviteUrl?: string;
}

export { canResend, canRevoke, type InvitationStatus };

/** R-PLAT-6 through the one shared rule; a missing expiry reads as Pending. */
export function invitationStatus(
  inv: Pick<Invitation, 'usedAt' | 'expiresAt'>,
  now: Date = new Date(),
): InvitationStatus {
  return statusOf({ usedAt: inv.usedAt, expiresAt: inv.expiresAt ?? '' }, now);
}

export interface InvitationForm {
  firstName: string;
  lastName: string;
  email: string;
}
type InvitationErrors = Partial<Record<keyof InvitationForm, string>>;

/** R-PLAT-7: values trimmed before the emptiness check. */
export function validateInvitation(v: InvitationForm): InvitationErrors {
  const e: InvitationErrors = {};
  if (!v.firstName.trim()) e.firstName = 'First name is required';
  if (!v.lastName.trim()) e.lastName = 'Last name is required';
  const email = v.email.trim();
  if (!email) e.email = 'Email is required';
  else if (!isEmail(email)) e.email = 'Please enter a valid email address';
  return e;
}

export const REVOKE_CONFIRM = 'Are you sure you want to revoke this invitation?';
