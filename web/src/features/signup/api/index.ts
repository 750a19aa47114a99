import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

export interface ValidateAnswer {
  valid: boolean;
  invitation?: { firstName?: string; lastName?: string; email?: string };
  message?: string;
}

export interface CompleteSignupBody {
  token: string;
  firstName: string;
  lastName: string;
  organizationName: string;
  phone: string;
  password: string;
  confirmPassword: string;
  /** The browser's IANA time zone, the organization's zone until settings change it. */
  timeZone?: string;
}

export type CompleteSignupAnswer = { success: boolean; loginUrl?: string; message?: string; error?: string };

/** The invitation behind a sign-up link; a refusal is final (no retries). */
export function useSignupInvitation(token: string | null) {
  return useSWR(
    token ? apiKey('signup.invitation', token) : null,
    () => api<ValidateAnswer>('auth.validateSignupToken', { query: { token: token! }, token: null }),
    {
      shouldRetryOnError: false,
    },
  );
}

export const signupApi = {
  complete: (body: CompleteSignupBody, idempotencyKey: string) =>
    api<CompleteSignupAnswer>('auth.completeSignup', { token: null, body: body as never, idempotencyKey }),
};
