import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';

/** R-EMP-9: the owner of a new e-mail address confirms it with the mailed link's token. */
export const confirmEmailChange = (token: string) => api('users.confirmEmailChange', { params: { token } });

/** No cache to revalidate: the page shows the answer's message. */
export function useConfirmEmailChange(texts: MutationTexts<[string], Awaited<ReturnType<typeof confirmEmailChange>>>) {
  return useMutationAction(confirmEmailChange, texts);
}
