import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { EMPLOYEES } from './keys.js';

/** R-EMP-9: a pending e-mail change's link mailed again (a new link; the previous one stops working). */
export const resendEmailChange = (id: string) => api('users.resendEmailChange', { params: { id } });

export function useResendEmailChange(texts: MutationTexts<[string], Awaited<ReturnType<typeof resendEmailChange>>>) {
  return useMutationAction(resendEmailChange, { ...texts, revalidate: [EMPLOYEES] });
}
