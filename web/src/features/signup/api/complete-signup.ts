import { type Answer, api, type BodyOf } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { useSubmissionKey } from '../../../api/submission-key.js';

/** The form's fields plus the browser's IANA time zone (the organization's zone until settings change it). */
type CompleteSignupBody = BodyOf<'auth.completeSignup'>;
type CompleteSignupAnswer = Answer<'auth.completeSignup'>;

const completeSignup = (body: CompleteSignupBody, idempotencyKey: string) =>
  api('auth.completeSignup', { token: null, body, idempotencyKey });

/**
 * Sent under the form's submission key; an answer with `success: false` is a refusal (its body carries the
 * reason). No session yet, so no cache to revalidate.
 */
export function useCompleteSignup(texts: MutationTexts<[CompleteSignupBody], CompleteSignupAnswer>) {
  const submission = useSubmissionKey();
  return useMutationAction(async (body: CompleteSignupBody) => {
    const res = await submission.send(body, (key) => completeSignup(body, key));
    if (!res.success) throw Object.assign(new Error('sign-up refused'), { body: res });
    return res;
  }, texts);
}
