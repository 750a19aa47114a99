import { useSWRConfig } from 'swr';
import type { ReturnInput } from '../../../../../shared/contract/reservation-request-models.js';
import { api } from '../../../api/client.js';
import { keyMatches } from '../../../api/keys.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { useSubmissionKey } from '../../../api/submission-key.js';
import { AFFECTED_BY_WRITES } from './keys.js';

export const processReturn = (id: string, body: ReturnInput, idempotencyKey: string) =>
  api('reservations.processReturn', { params: { id }, body, idempotencyKey });

/**
 * "Process Return" under the form's submission key. It revalidates nothing at once: the dialog shows the
 * server's charges and calls `reload` about a second later (R-RES-5), which reads the lists again.
 */
export function useProcessReturn(
  texts: MutationTexts<[string, ReturnInput], Awaited<ReturnType<typeof processReturn>>>,
) {
  const { mutate } = useSWRConfig();
  const submission = useSubmissionKey();
  const action = useMutationAction(
    (id: string, body: ReturnInput) => submission.send([id, body], (key) => processReturn(id, body, key)),
    texts,
  );
  return { ...action, reload: () => void mutate(keyMatches(...AFFECTED_BY_WRITES)) };
}
