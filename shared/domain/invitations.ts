export type InvitationStatus = 'Used' | 'Expired' | 'Pending';

/** R-PLAT-6: Used if usedAt is set; Expired if the expiry date is past; otherwise Pending. */
export function invitationStatus(
  inv: { usedAt?: string | null; expiresAt: string },
  now = new Date(),
): InvitationStatus {
  if (inv.usedAt) return 'Used';
  if (new Date(inv.expiresAt).getTime() <= now.getTime()) return 'Expired';
  return 'Pending';
}

export const canResend = (s: InvitationStatus) => s !== 'Used';

/** The error code of a second invitation to an address with a pending one (docs/decisions/0024-words-and-states.md). */
export const INVITATION_PENDING = 'InvitationPending';
/** Its message, in the voice of R-PLAT-7; the answer carries `invitationId` so the screen can offer Resend. */
export const invitationPendingMessage = (email: string) =>
  `An invitation to ${email} is already pending. Resend it instead of sending a new one.`;
export const canRevoke = (s: InvitationStatus) => s === 'Pending';
