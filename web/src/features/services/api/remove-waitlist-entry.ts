import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { WAITLIST } from './keys.js';

export const removeWaitlistEntry = (serviceId: string, entryId: string) =>
  api('services.waitlistRemove', { params: { id: serviceId, entryId } });

/** Staff remove an entry from a slot's waitlist (R-SVC-10); the waitlist is read again. */
export function useRemoveWaitlistEntry(
  texts: MutationTexts<[string, string], Awaited<ReturnType<typeof removeWaitlistEntry>>>,
) {
  return useMutationAction(removeWaitlistEntry, { ...texts, revalidate: [WAITLIST] });
}
