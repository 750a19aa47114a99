/**
 * The services area's requests, one file each (docs/decisions/0235-web-request-files.md): `get-*.ts` holds a
 * read and its SWR hook, `<verb>-*.ts` a write and its `use<Verb><Thing>` hook, which owns the caches it
 * revalidates (keys.ts). Answers with JSON-text fields are decoded by the contract's codecs, loaded on
 * first use (codecs.ts), so the public share page's first load carries no zod or contract.
 */
export { useAcceptWaitlistOffer } from './accept-waitlist-offer.js';
export { useConfirmWaitlist } from './confirm-waitlist.js';
export { useDeclineWaitlistOffer } from './decline-waitlist-offer.js';
export { useDeleteService } from './delete-service.js';
export { useGenerateShareLink } from './generate-share-link.js';
export { usePublicService } from './get-public-service.js';
export { getService } from './get-service.js';
export { useServices } from './get-services.js';
export { useServiceNames } from './get-service-names.js';
export { useWaitlist } from './get-waitlist.js';
export { useWaitlistOffer, type WaitlistOffer } from './get-waitlist-offer.js';
export { useJoinWaitlist } from './join-waitlist.js';
export { useLeaveWaitlist } from './leave-waitlist.js';
export { useOfferWaitlistPlaces } from './offer-waitlist-places.js';
export { presignServicePhoto } from './presign-photo.js';
export { useRemoveWaitlistEntry } from './remove-waitlist-entry.js';
export { useSaveService } from './save-service.js';

import { bookPublic } from './book-public.js';
/** @deprecated The public booking modal (BookingModal.tsx) still calls this; `bookPublic` replaces it. */
export const servicesApi = { publicBook: bookPublic };
