import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';

export const acceptWaitlistOffer = (offerToken: string) =>
  api('services.waitlistAccept', { params: { token: offerToken }, token: null, body: {} });

/** "Book now" on an offer (R-SVC-9): the answer is the booking, shown with its payment step. */
export function useAcceptWaitlistOffer(
  texts: MutationTexts<[string], Awaited<ReturnType<typeof acceptWaitlistOffer>>>,
) {
  return useMutationAction(acceptWaitlistOffer, texts);
}
