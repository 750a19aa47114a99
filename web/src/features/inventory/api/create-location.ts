import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { useSubmissionKey } from '../../../api/submission-key.js';
import { LOCATIONS } from './keys.js';

export const createLocation = (name: string, idempotencyKey: string) =>
  api('inventory.createLocation', { body: { name }, idempotencyKey });

/** A new location under the form's submission key (a retry is the same request); the list is read again. */
export function useCreateLocation(texts: MutationTexts<[string], Awaited<ReturnType<typeof createLocation>>>) {
  const submission = useSubmissionKey();
  return useMutationAction((name: string) => submission.send(name, (key) => createLocation(name, key)), {
    ...texts,
    revalidate: [LOCATIONS],
  });
}
