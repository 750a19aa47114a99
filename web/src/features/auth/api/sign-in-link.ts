import { api } from '../../../api/client.js';

/** R-AUTH-6: asks for a sign-in link to a locked account's address; the answer is the same for every address. */
export const requestSignInLink = (email: string) => api('auth.requestSignInLink', { body: { email }, token: null });

/** R-AUTH-6: signs in with a mailed link's token. The session provider runs it and keeps the session. */
export const redeemSignInLink = (token: string) => api('auth.redeemSignInLink', { body: { token }, token: null });
