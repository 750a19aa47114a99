/**
 * Storage keys and the session-expiry event, apart from client.ts so that code on the first
 * screen (session restore) can use them without pulling the whole route contract and zod.
 */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

/** Fired when the API answers 401: the session provider ends the session. */
export const SESSION_EXPIRED_EVENT = 'session-expired';
