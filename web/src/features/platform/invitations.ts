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

export type InvitationStatus = 'Used' | 'Expired' | 'Pending';

/** Document 1 §4: Used if usedAt is set; Expired if the expiry is past; otherwise Pending. */
export function invitationStatus(inv: Pick<Invitation, 'usedAt' | 'expiresAt'>, now: Date = new Date()): InvitationStatus {
  if (inv.usedAt) return 'Used';
  if (inv.expiresAt) {
    const t = new Date(inv.expiresAt).getTime();
    if (!Number.isNaN(t) && t < now.getTime()) return 'Expired';
  }
  return 'Pending';
}

export const canResend = (s: InvitationStatus) => s === 'Pending' || s === 'Expired';
export const canRevoke = (s: InvitationStatus) => s === 'Pending';

export interface InvitationForm {
  firstName: string;
  lastName: string;
  email: string;
}
export type InvitationErrors = Partial<Record<keyof InvitationForm, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Document 1 §5: values trimmed before the emptiness check. */
export function validateInvitation(v: InvitationForm): InvitationErrors {
  const e: InvitationErrors = {};
  if (!v.firstName.trim()) e.firstName = 'First name is required';
  if (!v.lastName.trim()) e.lastName = 'Last name is required';
  const email = v.email.trim();
  if (!email) e.email = 'Email is required';
  else if (!EMAIL.test(email)) e.email = 'Please enter a valid email address';
  return e;
}

export const REVOKE_CONFIRM = 'Are you sure you want to revoke this invitation?';
