/**
 * A locked account's way in (docs/requirements/auth.md R-AUTH-6,
 * docs/decisions/0245-sign-in-link-when-locked.md): the lock stays, and the person it shuts out can ask
 * for a single-use link mailed to the account's address. The server and the sign-in page share these.
 */

/** The error code of a sign-in refused because the account is locked (R-AUTH-1's 429 message kept). */
export const ACCOUNT_LOCKED = 'AccountLocked';

/** A sign-in link works once, for 15 minutes: the length of the lock it gets around. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/** The one answer to a link request, whether or not the address has an account or is locked. */
export const SIGN_IN_LINK_SENT =
  'If that address belongs to a locked account, a sign-in link is on its way. It works once, within 15 minutes.';

/** Any link that does not sign in: unknown, expired, used, or made before the password changed. */
export const SIGN_IN_LINK_INVALID = 'This sign-in link is invalid, expired, or has already been used.';

/** The path of the page that redeems a link, on the account's own host. */
export const signInLinkPath = (token: string) => `/sign-in-link/${token}`;
