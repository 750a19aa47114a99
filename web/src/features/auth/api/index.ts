import { api } from '../../../api/client.js';
import type { LoginResponse } from '../../../app/session.js';

/** Sign-in (document 1 §2): no stored token is sent. */
export const authApi = {
  login: (username: string, password: string) => api<LoginResponse>('auth.login', { body: { username, password }, token: null }),
};
