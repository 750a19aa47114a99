import { api } from '../../../api/client.js';

/** Sign-in (R-AUTH-1): no stored token is sent. */
export const authApi = {
  login: (username: string, password: string) => api('auth.login', { body: { username, password }, token: null }),
  /** Ends the token's session on the server too: a copy left elsewhere stops working at once. */
  logout: (token: string) => api('auth.logout', { token }),
};
