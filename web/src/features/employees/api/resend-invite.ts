import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { EMPLOYEES } from './keys.js';

export const resendInvite = (id: string) => api('users.resendInvite', { params: { id } });

export function useResendInvite(texts: MutationTexts<[string], Awaited<ReturnType<typeof resendInvite>>>) {
  return useMutationAction(resendInvite, { ...texts, revalidate: [EMPLOYEES] });
}
