import { useSWRConfig } from 'swr';
import type { TrackingView } from '../../../../../shared/contract/reservation-models.js';
import { api, errorMessage } from '../../../api/client.js';
import { notify } from '../../../components/toaster.js';
import { keyMatches } from '../../../api/keys.js';
import { useSubmissionKey } from '../../../api/submission-key.js';
import { TRACKING } from './keys.js';

const updateTracking = (reservationId: string, t: TrackingView, idempotencyKey: string) =>
  api('payments.trackingUpdate', { params: { reservationId }, body: t, idempotencyKey });

/**
 * Saves a service row's Paid?, Amount and Source on each change (R-RES-9) and reads the tracking again.
 * Not useMutationAction: every change is sent even while the previous one is on its way (that hook
 * ignores a second call while busy), and a failed save is only logged, no toast.
 */
export function useSaveTracking(reservationId: string) {
  const { mutate } = useSWRConfig();
  const submission = useSubmissionKey();
  return (next: TrackingView) =>
    submission
      .send(next, (key) => updateTracking(reservationId, next, key))
      .then(() => mutate(keyMatches(TRACKING)))
      .catch((e: unknown) => {
        // Said, not swallowed: the row shows the saved values again (TrackingCells).
        notify.error(errorMessage(e, 'Failed to save payment tracking'));
        throw e;
      });
}
