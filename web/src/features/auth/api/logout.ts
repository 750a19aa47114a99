import { api } from '../../../api/client.js';

/** Ends the token's session on the server too: a copy left elsewhere stops working at once. */
export const logout = (token: string) => api('auth.logout', { token });
