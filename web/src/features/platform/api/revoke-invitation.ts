import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { INVITATIONS } from './keys.js';

export const revokeInvitation = (id: string) => api('platform.revokeInvitation', { params: { id } });

/** Takes the invitation (its toasts name the address); sends its id. */
export function useRevokeInvitation<I extends { id: string }>(
  texts: MutationTexts<[I], Awaited<ReturnType<typeof revokeInvitation>>>,
) {
  return useMutationAction((inv: I) => revokeInvitation(inv.id), { ...texts, revalidate: [INVITATIONS] });
}
