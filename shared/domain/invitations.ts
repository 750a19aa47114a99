export type InvitationStatus = 'Used' | 'Expired' | 'Pending';

/** Document 1 §4: Used if usedAt is set; Expired if the expiry date is past; otherwise Pending. */
export function invitationStatus(
  inv: { usedAt?: string | null; expiresAt: string },
  now = new Date(),
): InvitationStatus {
  if (inv.usedAt) return 'Used';
  if (new Date(inv.expiresAt).getTime() <= now.getTime()) return 'Expired';
  return 'Pending';
}

export const canResend = (s: InvitationStatus) => s !== 'Used';
export const canRevoke = (s: InvitationStatus) => s === 'Pending';
