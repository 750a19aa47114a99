import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { INVITATIONS } from './keys.js';

export const resendInvitation = (id: string) => api('platform.resendInvitation', { params: { id } });

/** Takes the invitation (its toasts name the address); sends its id. */
export function useResendInvitation<I extends { id: string }>(
  texts: MutationTexts<[I], Awaited<ReturnType<typeof resendInvitation>>>,
) {
  return useMutationAction((inv: I) => resendInvitation(inv.id), { ...texts, revalidate: [INVITATIONS] });
}
