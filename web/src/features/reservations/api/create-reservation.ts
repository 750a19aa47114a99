import type {
  ItemReservationInput,
  ServiceReservationInput,
} from '../../../../../shared/contract/reservation-request-models.js';
import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { useSubmissionKey } from '../../../api/submission-key.js';
import { AFFECTED_BY_WRITES } from './keys.js';

export const createItemReservation = (body: ItemReservationInput, idempotencyKey: string) =>
  api('reservations.createItem', { body, idempotencyKey });
const createServiceReservation = (body: ServiceReservationInput, idempotencyKey: string) =>
  api('reservations.createService', { body, idempotencyKey });

/** What "New Reservation" books: an item at a time, or places of a service's slot (R-RES-2). */
type NewReservation = { item: ItemReservationInput } | { service: ServiceReservationInput };

const create = (r: NewReservation, key: string) =>
  'item' in r ? createItemReservation(r.item, key) : createServiceReservation(r.service, key);

/**
 * "Create Reservation" under the form's submission key (a retry or a second click is the same booking);
 * the lists, items, customers and dashboard counts are read again.
 */
export function useCreateReservation(
  texts: MutationTexts<[NewReservation], Awaited<ReturnType<typeof createItemReservation>>>,
) {
  const submission = useSubmissionKey();
  return useMutationAction(
    (r: NewReservation) => submission.send('item' in r ? r.item : r.service, (key) => create(r, key)),
    {
      ...texts,
      revalidate: AFFECTED_BY_WRITES,
    },
  );
}
