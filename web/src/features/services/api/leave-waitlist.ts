import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';

export const leaveWaitlist = (leaveToken: string) =>
  api('services.waitlistLeave', { params: { token: leaveToken }, token: null });

/** The confirmation e-mail's "Leave the waitlist" (R-SVC-8); nothing cached changes. */
export function useLeaveWaitlist(texts: MutationTexts<[string], Awaited<ReturnType<typeof leaveWaitlist>>>) {
  return useMutationAction(leaveWaitlist, texts);
}
