import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { useSubmissionKey } from '../../../api/submission-key.js';
import { EMPLOYEES } from './keys.js';
import type { InviteBody } from './types.js';

export const inviteEmployee = (body: InviteBody, idempotencyKey: string) =>
  api('users.invite', { body, idempotencyKey });

/** Invites a new employee under the form's submission key (a retry is the same request). */
export function useInviteEmployee(texts: MutationTexts<[InviteBody], Awaited<ReturnType<typeof inviteEmployee>>>) {
  const submission = useSubmissionKey();
  return useMutationAction((body: InviteBody) => submission.send(body, (key) => inviteEmployee(body, key)), {
    ...texts,
    revalidate: [EMPLOYEES],
  });
}
