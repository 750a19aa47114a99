import useSWR from 'swr';
import { type Answer, api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

export type ValidateAnswer = Answer<'auth.validateSignupToken'>;

const getSignupInvitation = (token: string) => api('auth.validateSignupToken', { query: { token }, token: null });

/** The invitation behind a sign-up link; a refusal is final (no retries). */
export function useSignupInvitation(token: string | null) {
  return useSWR(token ? apiKey('signup.invitation', token) : null, () => getSignupInvitation(token!), {
    shouldRetryOnError: false,
  });
}
