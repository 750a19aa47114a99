import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { useSubmissionKey } from '../../../api/submission-key.js';
import type { InvitationForm } from '../invitations.js';
import { INVITATIONS } from './keys.js';

export const createInvitation = (body: InvitationForm, idempotencyKey: string) =>
  api('platform.createInvitation', { body, idempotencyKey });

/** Sent under the form's submission key: a retry of the same invitation is the same request. */
export function useCreateInvitation(
  texts: MutationTexts<[InvitationForm], Awaited<ReturnType<typeof createInvitation>>>,
) {
  const submission = useSubmissionKey();
  return useMutationAction((body: InvitationForm) => submission.send(body, (key) => createInvitation(body, key)), {
    ...texts,
    revalidate: [INVITATIONS],
  });
}
