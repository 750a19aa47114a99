import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { WAITLIST_OFFER } from './keys.js';

export const declineWaitlistOffer = (offerToken: string) =>
  api('services.waitlistDecline', { params: { token: offerToken }, token: null });

/** "No thanks" on an offer: the places go to the next person waiting; the offer is read again. */
export function useDeclineWaitlistOffer(
  texts: MutationTexts<[string], Awaited<ReturnType<typeof declineWaitlistOffer>>>,
) {
  return useMutationAction(declineWaitlistOffer, { ...texts, revalidate: [WAITLIST_OFFER] });
}
