import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { AFFECTED_BY_WRITES } from './keys.js';

/** A cancelled reservation (or no-show) becomes ACTIVE again. */
export const restoreReservation = (id: string, notes?: string) =>
  api('reservations.restore', { params: { id }, body: { notes: notes ?? null } });

export function useRestoreReservation(texts: MutationTexts<[string], Awaited<ReturnType<typeof restoreReservation>>>) {
  return useMutationAction((id: string) => restoreReservation(id), { ...texts, revalidate: AFFECTED_BY_WRITES });
}
