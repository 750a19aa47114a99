import useSWR from 'swr';
import { type Answer, api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

export type SetupInvitation = Answer<'users.setupDetails'>;

/** The invitation behind a setup link (no session yet: no token is sent). */
const getSetupDetails = (token: string) => api('users.setupDetails', { query: { token }, token: null });

/**
 * Read once per link: a refusal is final (no retries), and the answer is not read again on focus, since
 * after the account is set up the same link is refused (R-EMP-4).
 */
export function useSetupDetails(token: string | null) {
  return useSWR(token ? apiKey('setup.details', token) : null, () => getSetupDetails(token!), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
  });
}
