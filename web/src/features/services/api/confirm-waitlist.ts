import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';

/** The confirmation e-mail's link (R-SVC-11): the join takes its place in line now. */
export const confirmWaitlist = (confirmToken: string) =>
  api('services.waitlistConfirm', { params: { token: confirmToken }, token: null });

/** Confirming a waitlist join from its e-mail link; nothing cached changes. */
export function useConfirmWaitlist(texts: MutationTexts<[string], Awaited<ReturnType<typeof confirmWaitlist>>>) {
  return useMutationAction(confirmWaitlist, texts);
}
