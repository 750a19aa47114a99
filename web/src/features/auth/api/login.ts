import { api } from '../../../api/client.js';

/** Sign-in (R-AUTH-1): no stored token is sent. The session provider runs it and keeps the session. */
export const login = (username: string, password: string) =>
  api('auth.login', { body: { username, password }, token: null });
