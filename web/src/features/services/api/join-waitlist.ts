import { api, type BodyOf } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';

type WaitlistJoinBody = BodyOf<'services.waitlistJoin'>;

/** Public (no session): the share token names the service; the answer is the place in the queue. */
export const joinWaitlist = (token: string, body: WaitlistJoinBody) =>
  api('services.waitlistJoin', { params: { token }, token: null, body });

/** Joining a full slot's waitlist from the share page (R-SVC-8); nothing cached changes. */
export function useJoinWaitlist(
  texts: MutationTexts<[string, WaitlistJoinBody], Awaited<ReturnType<typeof joinWaitlist>>>,
) {
  return useMutationAction(joinWaitlist, texts);
}
