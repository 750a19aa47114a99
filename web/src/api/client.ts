import type * as z from '../../../shared/zod.js';
import type { ResponseOf, RouteById, RouteId } from '../../../shared/contract/index.js';
// Method and path only: the contract itself (every zod schema) stays out of the first-loaded chunk.
import { ROUTE_TABLE } from '../../../shared/contract/route-table.js';

import { OTHER_TENANT_ERROR } from '../../../shared/domain/tenant-host.js';
import { pathTenantHeader } from '../app/host.js';
import { SESSION_EXPIRED_EVENT, TOKEN_KEY } from './keys.js';

/** Browser storage keys of document 1 §3 (kept in keys.ts, re-exported for existing importers). */
export { TOKEN_KEY, USER_KEY, SESSION_EXPIRED_EVENT } from './keys.js';

type In<S> = S extends z.core.$ZodType ? z.input<S> : never;
type Part<R, K extends string> = R extends { [P in K]: infer S } ? In<S> : never;
/** Routes marked `idempotent` in the contract: every call of one carries its submission's key. */
export type IdempotentRouteId = { [K in RouteId]: RouteById<K> extends { idempotent: true } ? K : never }[RouteId];

export type CallInput<I extends RouteId> = {
  params?: Part<RouteById<I>, 'params'>;
  query?: Part<RouteById<I>, 'query'>;
  body?: Part<RouteById<I>, 'body'> | FormData;
  /** Override the stored token (sign-in flows). */
  token?: string | null;
  signal?: AbortSignal;
} & ([I] extends [IdempotentRouteId]
  ? {
      /**
       * Sent as the `Idempotency-Key` header: one key per form submission (`useSubmissionKey()` in
       * ./submission-key.ts), reused by retries and double clicks of that submission, so the server
       * answers a repeat with the first answer instead of creating twice (issue 22 item 13).
       * Required: forgetting it is a type error and, in development and tests, a thrown error.
       */
      idempotencyKey: string;
    }
  : { idempotencyKey?: never });

/** The input argument: required for idempotent routes (their key), optional otherwise. */
type InputArg<I extends RouteId> = [I] extends [IdempotentRouteId] ? [input: CallInput<I>] : [input?: CallInput<I>];
type PlainRouteId = Exclude<RouteId, IdempotentRouteId>;

/** What a route answers (its contract `response`), `unknown` while the route declares none. */
export type Answer<I extends RouteId> = ResponseOf<RouteById<I>>;

/** A fresh key for one form submission (see CallInput.idempotencyKey and useSubmissionKey). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** An API refusal with the server's `{error, message, details}`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: { msg: string; path: string }[],
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export function buildPath(id: RouteId, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const route = (ROUTE_TABLE as Record<string, (typeof ROUTE_TABLE)[RouteId] | undefined>)[id];
  if (!route) throw new Error(`Unknown route ${id}`);
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`Missing path parameter ${name} for ${id}`);
    return encodeURIComponent(String(v));
  });
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * Calls a contract route by id: the path, method and parameter names come from the contract, the
 * bearer token from storage. The answer is typed from the route's `response` schema. Non-2xx answers
 * throw ApiRequestError with the server's message.
 */
export function api<I extends RouteId>(id: I, ...input: InputArg<I>): Promise<Answer<I>>;
/** @deprecated Pass no type argument: the answer's type comes from the route's contract `response`. */
export function api<T>(id: IdempotentRouteId, input: CallInput<IdempotentRouteId>): Promise<T>;
/** @deprecated Pass no type argument: the answer's type comes from the route's contract `response`. */
export function api<T>(id: PlainRouteId, input?: CallInput<PlainRouteId>): Promise<T>;
export async function api(
  id: RouteId,
  input: {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    token?: string | null;
    signal?: AbortSignal;
    idempotencyKey?: string;
  } = {},
): Promise<unknown> {
  const route = ROUTE_TABLE[id];
  const headers: Record<string, string> = { accept: 'application/json', ...pathTenantHeader() };
  if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey;
  // The types already demand the key; this catches an `as never` cast or plain JS in development
  // and tests. A production build sends the request anyway (the server accepts it without a key).
  else if (route.idempotent && (import.meta.env?.DEV || import.meta.env?.MODE === 'test')) {
    throw new Error(`${id} is idempotent: pass the submission's idempotencyKey (useSubmissionKey)`);
  }
  const token = input.token === undefined ? localStorage.getItem(TOKEN_KEY) : input.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (input.body instanceof FormData) body = input.body;
  else if (input.body !== undefined) {
    body = JSON.stringify(input.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(
    buildPath(id, input.params as Record<string, unknown>, input.query as Record<string, unknown>),
    {
      method: route.method,
      headers,
      body,
      signal: input.signal,
    },
  );
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    /* non-JSON body (CSV export) */
  }
  if (!res.ok) {
    const b = (data ?? {}) as { message?: string; error?: string; details?: { msg: string; path: string }[] };
    // A suspended organization's session is over too (the server's 401 would follow within its cache time).
    const sessionOver = res.status === 401 || (res.status === 403 && b.error === 'OrganizationSuspended');
    // A session of another tenant than this address's: the server's reason replaces "your session has ended".
    const detail = b.error === OTHER_TENANT_ERROR ? { message: b.message } : undefined;
    if (sessionOver && token) window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail }));
    throw new ApiRequestError(
      res.status,
      b.message ?? b.error ?? `Request failed (${res.status})`,
      b.error,
      b.details,
      data,
    );
  }
  return data;
}

/** "Validation failed: msg, msg" from a 400 with details (document 2 §5), else the server message, else the fallback. */
export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiRequestError) {
    if (e.details?.length) return `Validation failed: ${e.details.map((d) => d.msg).join(', ')}`;
    // Only a message the server wrote: a bare status ("Request failed (500)") gives the spec's fallback.
    const b = e.body as { message?: unknown; error?: unknown } | undefined;
    if (b && typeof b === 'object' && typeof b.message === 'string' && b.message) return b.message;
    return fallback;
  }
  return fallback;
}
