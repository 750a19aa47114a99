import useSWR from 'swr';
import { api, type Answer } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { WAITLIST_OFFER } from './keys.js';

export type WaitlistOffer = Answer<'services.waitlistOffer'>['offer'];

const getWaitlistOffer = (offerToken: string) =>
  api('services.waitlistOffer', { params: { token: offerToken }, token: null });

/** The offer an e-mail link names (R-SVC-9): public, the offer token is the key. */
export function useWaitlistOffer(offerToken: string) {
  return useSWR(apiKey(WAITLIST_OFFER, offerToken), () => getWaitlistOffer(offerToken));
}
