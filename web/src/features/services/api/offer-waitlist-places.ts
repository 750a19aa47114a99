import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { WAITLIST } from './keys.js';

export const offerWaitlistPlaces = (serviceId: string, entryId: string) =>
  api('services.waitlistOfferByHand', { params: { id: serviceId, entryId } });

/** Staff offer places to a waiting entry by hand (R-SVC-10); the waitlist is read again. */
export function useOfferWaitlistPlaces(
  texts: MutationTexts<[string, string], Awaited<ReturnType<typeof offerWaitlistPlaces>>>,
) {
  return useMutationAction(offerWaitlistPlaces, { ...texts, revalidate: [WAITLIST] });
}
