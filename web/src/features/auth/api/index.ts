/**
 * The sign-in area's requests, one file each (docs/decisions/0235-web-request-files.md). The session provider
 * (app/SessionProvider.tsx) loads them on demand and owns what follows: the stored session, toasts, navigation.
 */
export { login } from './login.js';
export { logout } from './logout.js';
export { redeemSignInLink, requestSignInLink } from './sign-in-link.js';
