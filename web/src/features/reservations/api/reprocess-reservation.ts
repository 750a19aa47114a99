import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { AFFECTED_BY_WRITES } from './keys.js';

/** Undoes a return: the reservation is ACTIVE again and its item in use. */
export const reprocessReservation = (id: string) => api('reservations.reprocess', { params: { id } });

export function useReprocessReservation(
  texts: MutationTexts<[string], Awaited<ReturnType<typeof reprocessReservation>>>,
) {
  return useMutationAction(reprocessReservation, { ...texts, revalidate: AFFECTED_BY_WRITES });
}
