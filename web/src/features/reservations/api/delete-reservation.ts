import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { AFFECTED_BY_WRITES, type ReservationRef } from './keys.js';

/** Deletes a completed or cancelled reservation from the lists (the log keeps its history). */
export const deleteReservation = (id: string) => api('reservations.delete', { params: { id } });

/** The row it acts on: its texts name the reservation by its number. */
export function useDeleteReservation(
  texts: MutationTexts<[ReservationRef], Awaited<ReturnType<typeof deleteReservation>>>,
) {
  return useMutationAction((r: ReservationRef) => deleteReservation(r.id), {
    ...texts,
    revalidate: AFFECTED_BY_WRITES,
  });
}
