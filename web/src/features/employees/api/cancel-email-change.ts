import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { EMPLOYEES } from './keys.js';

/** R-EMP-9: a pending e-mail change withdrawn; the current address stays. */
export const cancelEmailChange = (id: string) => api('users.cancelEmailChange', { params: { id } });

export function useCancelEmailChange(texts: MutationTexts<[string], Awaited<ReturnType<typeof cancelEmailChange>>>) {
  return useMutationAction(cancelEmailChange, { ...texts, revalidate: [EMPLOYEES] });
}
