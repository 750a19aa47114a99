import type { Context } from 'aws-lambda';
import { routes, routeKey, type RouteContract } from '../../shared/contract/index.js';
import { resetConfig } from '../lib/config.js';
import type { TenantId } from '../lib/keys.js';
import { startState, type ApiEvent, type ApiMiddleware, type PipelineState } from '../lib/middlewares/types.js';
import { resetSigningKey, type AuthClaims } from '../lib/tokens.js';

type MiddyRequest = Parameters<NonNullable<ApiMiddleware['before']>>[0];

/** The configuration a unit test of a step needs (no table is reached: the tests stub the client). */
export function unitConfig(env: Record<string, string> = {}): void {
  Object.assign(process.env, {
    TABLE_NAME: 'unit-test',
    TOKEN_SIGNING_KEY: 'unit-test-signing-key-0123456789-0123456789',
    ...env,
  });
  resetConfig();
  resetSigningKey();
}

/** A contract route by id (throws for an unknown id, so a renamed route fails the test that names it). */
export function route(id: string): RouteContract {
  const r = (routes as readonly RouteContract[]).find((x) => x.id === id);
  if (!r) throw new Error(`No route ${id}`);
  return r;
}

export const claims = (over: Partial<AuthClaims> = {}): AuthClaims => ({
  userId: 'u1',
  username: 'ada@example.com',
  role: 'BUSINESS_ADMIN',
  accessLevel: 'MANAGER',
  tenantId: 't1',
  ...over,
});

/**
 * One middy request as the pipeline's steps see it (in the manner of middy's own middleware tests):
 * the event for `routeId`, and the state the earlier steps would have left, unless `state: false`.
 */
export function request(
  routeId: string,
  o: {
    event?: Partial<ApiEvent>;
    auth?: AuthClaims | null;
    tenant?: TenantId | null;
    state?: false;
  } = {},
) {
  const r = route(routeId);
  const event = {
    version: '2.0',
    routeKey: routeKey(r),
    rawPath: r.path,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', http: { method: r.method, path: r.path, sourceIp: '203.0.113.9' } },
    ...o.event,
  } as unknown as ApiEvent;
  const context = { awsRequestId: 'aws-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
  const req = {
    event,
    context,
    response: undefined as unknown,
    error: undefined as unknown,
    internal: {},
  };
  let state: PipelineState | undefined;
  if (o.state !== false)
    state = startState(event, {
      route: r,
      requestId: 'req-1',
      sourceIp: '203.0.113.9',
      auth: o.auth ?? null,
      tenant: o.tenant ?? null,
    });
  return { req: req as unknown as MiddyRequest, state: state! };
}
