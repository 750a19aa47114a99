import { type Answer, api } from '../../../api/client.js';

export type SubdomainAnswer = Answer<'auth.signupSubdomain'>;

/** The address a business name would get now, asked for as the name is typed (debounced by the form), not cached. */
export const checkSubdomain = (token: string, name: string) =>
  api('auth.signupSubdomain', { query: { token, name }, token: null });
