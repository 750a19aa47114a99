import { api } from '../../../api/client.js';
import type { LoginResponse } from '../../../app/session.js';

/** Sign-in (document 1 §2): no stored token is sent. */
export const authApi = {
  login: (username: string, password: string) =>
    api<LoginResponse>('auth.login', { body: { username, password }, token: null }),
  /** Ends the token's session on the server too: a copy left elsewhere stops working at once. */
  logout: (token: string) => api('auth.logout', { token }),
};
