import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { AFFECTED_BY_WRITES, type ReservationRef } from './keys.js';

/** Cancels an ACTIVE reservation (its item or places are freed). */
export const cancelReservation = (id: string) => api('reservations.cancel', { params: { id } });

/** The row it acts on: its texts name the reservation by its number. */
export function useCancelReservation(
  texts: MutationTexts<[ReservationRef], Awaited<ReturnType<typeof cancelReservation>>>,
) {
  return useMutationAction((r: ReservationRef) => cancelReservation(r.id), {
    ...texts,
    revalidate: AFFECTED_BY_WRITES,
  });
}
