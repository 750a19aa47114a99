import type * as z from '../../../shared/zod.js';
import type { ResponseInputOf, RouteById, RouteId } from '../../../shared/contract/index.js';
// Method and path only: the contract itself (every zod schema) stays out of the first-loaded chunk.
import { ROUTE_TABLE } from '../../../shared/contract/route-table.js';

import { OTHER_TENANT_ERROR } from '../../../shared/domain/tenant-host.js';
import { pathTenantHeader } from '../app/host.js';
import { takePrefetched } from '../app/route-preload.js';
import { noteTokenAccepted, SESSION_EXPIRED_EVENT, TOKEN_KEY } from './keys.js';

/** Browser storage keys of R-AUTH-3 (kept in keys.ts, re-exported for existing importers). */
export { TOKEN_KEY, USER_KEY, SESSION_EXPIRED_EVENT } from './keys.js';

type In<S> = S extends z.core.$ZodType ? z.input<S> : never;
type Part<R, K extends string> = R extends { [P in K]: infer S } ? In<S> : never;
/** Routes marked `idempotent` in the contract: every call of one carries its submission's key. */
export type IdempotentRouteId = { [K in RouteId]: RouteById<K> extends { idempotent: true } ? K : never }[RouteId];

export type CallInput<I extends RouteId> = {
  params?: ParamsOf<I>;
  query?: QueryOf<I>;
  body?: BodyOf<I> | FormData;
  /** Override the stored token (sign-in flows). */
  token?: string | null;
  signal?: AbortSignal;
} & ([I] extends [IdempotentRouteId]
  ? {
      /**
       * Sent as the `Idempotency-Key` header: one key per form submission (`useSubmissionKey()` in
       * ./submission-key.ts), reused by retries and double clicks of that submission, so the server
       * answers a repeat with the first answer instead of creating twice
       * (docs/decisions/0004-idempotent-submissions.md). Required: forgetting it is a type error and, in development
       * and tests, a thrown error.
       */
      idempotencyKey: string;
    }
  : { idempotencyKey?: never });

/** What a route takes: its body, query and path parameters as the contract's request schemas accept them. */
export type BodyOf<I extends RouteId> = Part<RouteById<I>, 'body'>;
export type QueryOf<I extends RouteId> = Part<RouteById<I>, 'query'>;
export type ParamsOf<I extends RouteId> = Part<RouteById<I>, 'params'>;

/** The input argument: required for idempotent routes (their key), optional otherwise. */
type InputArg<I extends RouteId> = [I] extends [IdempotentRouteId] ? [input: CallInput<I>] : [input?: CallInput<I>];

/**
 * What a route answers as it travels: the input side of its contract `response` (the JSON the server
 * encoded). It differs from the decoded side only where the contract has codecs (JSON-text fields,
 * shared/contract/json-string.ts); a feature's api module decodes those with the route's schema.
 */
export type Answer<I extends RouteId> = ResponseInputOf<RouteById<I>>;

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
  const url = buildPath(id, input.params as Record<string, unknown>, input.query as Record<string, unknown>);
  const send = () => fetch(url, { method: route.method, headers, body, signal: input.signal });
  // A public page's first answer may already be on its way (app/route-preload.ts, R-PLAT-11):
  // taken once, for the same bare GET (no session, no tenant header); a failed one is asked again.
  const bare = route.method === 'GET' && !input.signal && Object.keys(headers).every((h) => h === 'accept');
  const early = bare ? takePrefetched(url) : undefined;
  const res = await (early ? early.catch(send) : send());
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    /* non-JSON body (CSV export) */
  }
  if (res.ok && token) noteTokenAccepted(token);
  if (!res.ok) {
    const b = (data ?? {}) as { message?: string; error?: string; details?: { msg: string; path: string }[] };
    // A suspended organization's session is over too (the server's 401 would follow within its cache time).
    const sessionOver = res.status === 401 || (res.status === 403 && b.error === 'OrganizationSuspended');
    // A session of another tenant than this address's: the server's reason replaces "your session has ended".
    const detail = b.error === OTHER_TENANT_ERROR ? { message: b.message } : undefined;
    if (sessionOver && token) window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail }));
    throw new ApiRequestError(res.status, serverText(data) ?? statusText(res.status), b.error, b.details, data);
  }
  return data;
}

/** What an answer's body says to people: its `message`, else an `error` that is a sentence. */
function serverText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { message?: unknown; error?: unknown };
  if (typeof b.message === 'string' && b.message.trim()) return b.message.trim();
  // Our `error` is a code ('Conflict') and not for people; an `error` that is a sentence (a proxy's, an
  // older server's) was written for them.
  if (typeof b.error === 'string' && /\s/.test(b.error.trim())) return b.error.trim();
  return undefined;
}

/** A failure whose answer says nothing to people (a proxy's 502, an empty 500): a sentence by status. */
export function statusText(status: number): string {
  if (status >= 500) return `The server could not complete the request (error ${status}). Please try again.`;
  if (status === 404) return 'Not found (error 404).';
  return `The request was refused (error ${status}).`;
}

/**
 * The one text a screen shows for a failed call: "Validation failed: msg, msg" for a 400 with details
 * (R-PLAT-4), else what the server wrote for people, else the screen's fallback, never a bare status.
 */
export function errorMessage(e: unknown, fallback: string): string {
  if (!(e instanceof ApiRequestError)) return fallback;
  if (e.details?.length) return `Validation failed: ${e.details.map((d) => d.msg).join(', ')}`;
  return serverText(e.body) ?? fallback;
}
