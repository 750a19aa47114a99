import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { useSubmissionKey } from '../../../api/submission-key.js';
import { JOB_ROLES } from './keys.js';

export const createJobRole = (name: string, idempotencyKey: string) =>
  api('users.createJobRole', { body: { name }, idempotencyKey });

export function useCreateJobRole(texts: MutationTexts<[string], Awaited<ReturnType<typeof createJobRole>>>) {
  const submission = useSubmissionKey();
  return useMutationAction((name: string) => submission.send(name, (key) => createJobRole(name, key)), {
    ...texts,
    revalidate: [JOB_ROLES],
  });
}
