/**
 * API keys (docs/requirements/settings.md R-SET-9, docs/decisions/0229-api-keys.md): the format and the
 * access levels, shared by the API (which parses keys) and the SPA (which names the levels).
 */

/** What a key may do: the permissions of an employee, a manager or an administrator of its organization. */
export const API_KEY_ACCESS_LEVELS = ['EMPLOYEE', 'MANAGER', 'ADMIN'] as const;
export type ApiKeyAccessLevel = (typeof API_KEY_ACCESS_LEVELS)[number];

export const API_KEY_ACCESS_LABELS: Record<ApiKeyAccessLevel, string> = {
  EMPLOYEE: 'Employee',
  MANAGER: 'Manager',
  ADMIN: 'Administrator',
};

/**
 * `rbo_live_{id}_{secret}`: a recognisable prefix (secret scanners and people can tell a key from a
 * session token at a glance), the key's id (12 characters, shown in the list as its prefix) and a
 * secret of 32 random bytes (256 bits, base64url, 43 characters).
 */
const API_KEY_PREFIX = 'rbo_live_';
export const API_KEY_ID_LENGTH = 12;
export const API_KEY_PATTERN = /^rbo_live_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

/** True for anything that claims to be an API key (a session token is a JWT and never starts so). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** The part of a key the list shows: prefix and id, enough to recognise it, useless to use it. */
export const apiKeyDisplayPrefix = (id: string): string => `${API_KEY_PREFIX}${id}`;

export const API_KEY_NAME_MAX = 100;
/** At most this many live keys per organization (R-SET-9). */
export const API_KEYS_MAX = 25;

/** The name a change made with a key is logged under (R-SET-9). */
export const apiKeyActorName = (name: string): string => `API key: ${name}`;
