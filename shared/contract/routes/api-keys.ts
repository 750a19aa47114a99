import * as z from '../../zod.js';
import { route } from '../types.js';
import { idParam, okResponse } from '../common.js';
import { API_KEY_ACCESS_LEVELS, API_KEY_NAME_MAX } from '../../domain/api-keys.js';

/**
 * API keys (docs/requirements/settings.md R-SET-9, docs/decisions/0229-api-keys.md): an
 * administrator creates a key for an integration; the key is answered once, stored hashed, and
 * sent as `Authorization: Bearer <key>`.
 */
const BEYOND = 'API keys (R-SET-9): integrations call the API with a key instead of a person signing in';

const API_KEY_TEXT = {
  nameRequired: 'Key name is required',
  nameTooLong: `Key name must be at most ${API_KEY_NAME_MAX} characters`,
  accessLevel: 'Access level must be one of EMPLOYEE, MANAGER, ADMIN',
} as const;

export const apiKeyBody = z.object({
  name: z
    .string({ error: API_KEY_TEXT.nameRequired })
    .check(
      z.trim(),
      z.singleLine(),
      z.minLength(1, API_KEY_TEXT.nameRequired),
      z.maxLength(API_KEY_NAME_MAX, API_KEY_TEXT.nameTooLong),
    ),
  accessLevel: z.enum(API_KEY_ACCESS_LEVELS, { error: API_KEY_TEXT.accessLevel }),
});
export type ApiKeyInput = z.output<typeof apiKeyBody>;

/** The key itself is in this answer and nowhere else: only its SHA-256 is stored. */
const apiKeyCreatedResponse = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  accessLevel: z.enum(API_KEY_ACCESS_LEVELS),
  key: z.string(),
});

export const apiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  /** `rbo_live_{id}`: recognises a key, cannot be used as one. */
  prefix: z.string(),
  accessLevel: z.enum(API_KEY_ACCESS_LEVELS),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  /** ISO time of the last request made with the key, to the minute; null if never used. */
  lastUsedAt: z.nullable(z.string()),
});
export type ApiKeyView = z.output<typeof apiKeyView>;
const apiKeyListResponse = z.object({ keys: z.array(apiKeyView) });

const u = { access: 'user', area: 'settings', capability: 'isAdmin', personOnly: true } as const;

/** The settings area's API key routes (functions/settings/api-keys.ts). Administrators only, and people only. */
export const apiKeyRoutes = [
  route({
    ...u,
    id: 'settings.listApiKeys',
    method: 'GET',
    path: '/api/settings/api-keys',
    response: apiKeyListResponse,
    summary: "The organization's API keys: name, prefix, access level, creator, last use (never the keys)",
    beyondSpec: BEYOND,
  }),
  route({
    ...u,
    id: 'settings.createApiKey',
    method: 'POST',
    path: '/api/settings/api-keys',
    body: apiKeyBody,
    response: apiKeyCreatedResponse,
    summary: 'Create an API key; the key is answered once (not idempotent, so it is never stored in clear)',
    beyondSpec: BEYOND,
  }),
  route({
    ...u,
    id: 'settings.revokeApiKey',
    method: 'DELETE',
    path: '/api/settings/api-keys/{id}',
    params: idParam,
    response: okResponse,
    summary: 'Revoke an API key: refused everywhere within 60 seconds',
    beyondSpec: BEYOND,
  }),
] as const;
