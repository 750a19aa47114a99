/**
 * The network of component tests, stubbed from the contract: every stubbed 2xx answer of an API route
 * is checked against that route's `response` schema, so a stub cannot drift from what the server answers. A drifted stub throws when the stub is
 * built (fixed answers) or fails the test after it ran (answers computed per call).
 */
import * as z from '../../shared/zod.js';
import { type ResponseInputOf, type RouteById, type RouteId, routesById } from '../../shared/contract/index.js';
import { matchRoute } from '../../shared/contract/match.js';
import type { RouteContract } from '../../shared/contract/types.js';

/** What a route's answer looks like on the wire: its response schema's input side. */
type WireAnswer<I extends RouteId> = ResponseInputOf<RouteById<I>>;
/** A refusal as the client reads it: the server's `{error, message, details?}`, or a part of it. */
type ErrorBody = { error?: string; message?: string; details?: { msg: string; path: string }[]; code?: string };

/** A 2xx answer with the route's body, or a refusal with the server's `{error, message, details?}`. */
export type StubReply<I extends RouteId> =
  | { status?: 200 | 201 | 202; body: WireAnswer<I> }
  | { status: number; body: ErrorBody };
export interface StubCall {
  method: string;
  url: string;
  /** The route's path parameters, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The request's JSON body, parsed (undefined for none or a form). */
  body: unknown;
  init?: RequestInit;
}
export type RouteStubs = { [I in RouteId]?: StubReply<I> | ((call: StubCall) => StubReply<I>) };

/** A recorded request (route id undefined for a URL outside the contract, such as a presigned upload). */
interface RecordedCall extends StubCall {
  id?: RouteId;
}

/**
 * The drift of one stubbed 2xx answer against its route's `response`, or null when it fits. Refusals
 * are not checked: tests feed the client error bodies other servers send (`{error}` alone, for one).
 */
function stubDrift(route: Pick<RouteContract, 'id' | 'response'>, status: number, body: unknown): string | null {
  if (status < 200 || status >= 300) return null;
  const r = z.safeParse(route.response, body);
  if (r.success) return null;
  const issues = r.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
    .join('; ');
  return `stub of ${route.id} (${status}) does not match the contract: ${issues}`;
}

let drifts: string[] = [];
/** Fails the test whose stubs answered outside the contract (test-setup.ts calls it after each test). */
export function assertNoStubDrift(): void {
  const found = drifts;
  drifts = [];
  if (found.length) throw new Error(found.join('\n'));
}

function checked(route: RouteContract, reply: { status?: number; body: unknown }, strict: boolean) {
  const problem = stubDrift(route, reply.status ?? 200, reply.body);
  if (problem && strict) drifts.push(problem);
  else if (problem) console.warn(`[stubFetch] ${problem}`);
  return reply;
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Answers for URLs outside the contract, by "METHOD url-without-query" (presigned uploads, for example). */
type OtherStubs = Record<
  string,
  { status?: number; body: unknown } | ((init?: RequestInit) => { status?: number; body: unknown })
>;

function install(
  answer: (call: StubCall, id: RouteId | undefined) => { status?: number; body: unknown } | undefined,
  strict: boolean,
) {
  const calls: RecordedCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const [path = '', search = ''] = url.split('?');
    const found = matchRoute(method, path);
    let body: unknown;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: StubCall = {
      method,
      url,
      params: found?.pathParameters ?? {},
      query: new URLSearchParams(search),
      body,
      init,
    };
    const id = found?.route.id as RouteId | undefined;
    calls.push({ ...call, id });
    const a = answer(call, id);
    if (!a) return json(501, { error: 'NOT_STUBBED', message: `${method} ${path}` });
    const status = a.status ?? 200;
    return json(status, found ? checked(found.route, { status, body: a.body }, strict).body : a.body);
  }) as typeof fetch;
  return calls;
}

/**
 * Stubs `fetch` by route id: `stubApi({'settings.taxRate': {body: 8.25}})`. Bodies are typed as the
 * route answers them and checked against its schema; a function answer sees the call (params, query,
 * parsed body). Returns every request made, each with the id of the route it reached.
 */
export function stubApi(stubs: RouteStubs, other: OtherStubs = {}): RecordedCall[] {
  for (const [id, s] of Object.entries(stubs)) {
    const route = routesById.get(id);
    if (!route) throw new Error(`stubApi: no route ${id} in the contract`);
    if (typeof s !== 'function') {
      const problem = stubDrift(route, s.status ?? 200, s.body);
      if (problem) throw new Error(problem);
    }
  }
  return install((call, id) => {
    if (id) {
      const s = (stubs as Record<string, StubReply<RouteId> | ((c: StubCall) => StubReply<RouteId>) | undefined>)[id];
      return typeof s === 'function' ? s(call) : s;
    }
    const o = other[`${call.method} ${call.url.split('?')[0]}`];
    return typeof o === 'function' ? o(call.init) : o;
  }, true);
}

/**
 * The older stub by "METHOD path" (the path as the browser requests it), untyped. Its answers of
 * contract routes are checked too, but a drift is only a warning (`[stubFetch] stub of …`): the tests
 * still on it move to stubApi or stubPaths, which fail on drift, one by one (docs/decisions/0022-contract-stubs.md).
 */
function stubFetch(answers: OtherStubs, options: { strict?: boolean } = {}): RecordedCall[] {
  return install((call) => {
    const a = answers[`${call.method} ${call.url.split('?')[0]}`];
    return typeof a === 'function' ? a(call.init) : a;
  }, options.strict ?? false);
}

/**
 * Stubs by "METHOD path" as stubFetch does, but strict as stubApi is: a 2xx answer of a contract route
 * that does not fit the route's response fails the test. For tests whose stubs are keyed by path.
 */
export function stubPaths(answers: OtherStubs): RecordedCall[] {
  return stubFetch(answers, { strict: true });
}
