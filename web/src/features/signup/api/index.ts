import useSWR from 'swr';
import { api, type Answer, type BodyOf } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

export type ValidateAnswer = Answer<'auth.validateSignupToken'>;
/** The form's fields plus the browser's IANA time zone (the organization's zone until settings change it). */
export type CompleteSignupBody = BodyOf<'auth.completeSignup'>;
export type CompleteSignupAnswer = Answer<'auth.completeSignup'>;

/** The invitation behind a sign-up link; a refusal is final (no retries). */
export function useSignupInvitation(token: string | null) {
  return useSWR(
    token ? apiKey('signup.invitation', token) : null,
    () => api('auth.validateSignupToken', { query: { token: token! }, token: null }),
    {
      shouldRetryOnError: false,
    },
  );
}

export type SubdomainAnswer = Answer<'auth.signupSubdomain'>;

export const signupApi = {
  subdomain: (token: string, name: string) => api('auth.signupSubdomain', { query: { token, name }, token: null }),
  complete: (body: CompleteSignupBody, idempotencyKey: string) =>
    api('auth.completeSignup', { token: null, body, idempotencyKey }),
};
