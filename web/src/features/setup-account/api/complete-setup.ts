import { api, type Answer, type BodyOf } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { useSubmissionKey } from '../../../api/submission-key.js';

type CompleteSetupBody = BodyOf<'users.completeSignup'>;

/** The invited employee's account setup (no session yet: no token is sent). */
const completeSetup = (body: CompleteSetupBody, idempotencyKey: string) =>
  api('users.completeSignup', { body, token: null, idempotencyKey });

/** Sent under the form's submission key: a retry of the same values is the same request. No cache to revalidate. */
export function useCompleteSetup(texts: MutationTexts<[CompleteSetupBody], Answer<'users.completeSignup'>>) {
  const submission = useSubmissionKey();
  return useMutationAction((body: CompleteSetupBody) => completeSetup(body, submission.for(body)), texts);
}
