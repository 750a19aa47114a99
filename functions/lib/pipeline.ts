import middy from '@middy/core';
import httpErrorHandler from '@middy/http-error-handler';
import httpEventNormalizer from '@middy/http-event-normalizer';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { routes, routeKey, type Area, type RouteById, type RouteContract } from '../../shared/contract/index.js';
import { hasCapability, isGranted, policyRole } from '../../shared/domain/roles.js';
import { ApiError, errorBody, forbidden, notImplemented, unauthorized, validationFailed, payloadTooLarge } from './errors.js';
import { trustedTenant, type TenantId } from './keys.js';
import { logger } from './logger.js';
import { loadPolicy } from './policy.js';
import { verifyToken, type AuthClaims } from './tokens.js';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface OperationContext<R extends RouteContract = RouteContract> {
  route: R;
  params: Infer<R['params']>;
  query: Infer<R['query']>;
  body: Infer<R['body']>;
  /** Present on every non-public route. */
  auth: R['access'] extends 'public' ? AuthClaims | null : AuthClaims;
  /** The caller's tenant, from the verified token. Public routes resolve theirs from their own token. */
  tenant: R['access'] extends 'user' ? TenantId : TenantId | null;
  requestId: string;
  event: Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown };
  sourceIp: string;
}

export interface Reply {
  statusCode: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Body already serialised (CSV, files); sent as is. */
  raw?: { body: string; isBase64Encoded?: boolean };
}
export const reply = (statusCode: number, body?: unknown, headers?: Record<string, string>): Reply => ({ statusCode, body, headers });
const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && (v as Reply).statusCode !== undefined && Object.keys(v).every((k) => ['statusCode', 'body', 'headers', 'raw'].includes(k));

export type Operation<R extends RouteContract = RouteContract> = (ctx: OperationContext<R>) => Promise<unknown>;
type IdsOf<A extends Area> = Extract<(typeof routes)[number], { area: A }>['id'];
export type Operations<A extends Area> = { [I in IdsOf<A>]?: Operation<RouteById<I>> };

type Request = { event: Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown }; context: Context; response: unknown; error: unknown; internal: Record<string, unknown> };

function toDetails(error: z.ZodError, where: string) {
  return error.issues.map((i) => ({ msg: i.message, path: [where, ...i.path.map(String)].filter(Boolean).join('.') }));
}

function bearer(event: Pick<APIGatewayProxyEventV2, "headers" | "queryStringParameters">, route: RouteContract): string | undefined {
  const h = event.headers?.authorization;
  if (h?.toLowerCase().startsWith('bearer ')) return h.slice(7).trim();
  // EventSource cannot set headers: the stream route reads the token from its query (document 1 §7).
  if (route.kind === 'stream') return event.queryStringParameters?.token;
  return undefined;
}

/**
 * One pipeline for every handler: parse → authenticate → tenant context → validate → authorise →
 * operation → JSON. Routes of the area with no operation yet answer 501 NotImplemented.
 */
export function createAreaHandler<A extends Area>(area: A, operations: Operations<A>) {
  // API Gateway keys the documented `GET /api/reservations/logs/` as `GET /api/reservations/logs`
  // (HTTP API paths can't end in "/"); the local adapter keys it as declared. Both find the route.
  const withoutTrailingSlash = (key: string) => key.replace(/(?<=\S)\/+$/, '');
  const byKey = new Map<string, RouteContract>(routes.filter((r) => r.area === area).map((r) => [withoutTrailingSlash(routeKey(r)), r]));

  const core = async (event: Request['event'], context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const route = byKey.get(withoutTrailingSlash(event.routeKey));
    if (!route) throw new ApiError(404, 'NotFound', `No route ${event.routeKey}`);
    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    logger.appendKeys({ route: route.id, requestId });

    // authenticate
    const token = bearer(event, route);
    let auth: AuthClaims | null = null;
    if (route.access !== 'public') {
      if (!token) throw unauthorized('Authentication required');
      auth = await verifyToken(token);
    }

    // tenant context: only ever the verified token's organization
    let tenant: TenantId | null = null;
    if (route.access === 'user') {
      if (!auth?.tenantId) throw forbidden('This action needs an organization account');
      tenant = trustedTenant(auth.tenantId);
    }

    if (route.access === 'platform' && auth?.role !== 'SUPER_ADMIN') throw forbidden('Platform administrators only');

    // A route whose area has not landed says so before anything else is checked.
    const operation = (operations as Record<string, Operation | undefined>)[route.id];
    if (!operation) throw notImplemented(`${route.method} ${route.path}`);

    // validate
    const details: { msg: string; path: string }[] = [];
    const parse = (schema: z.ZodType | undefined, value: unknown, where: string) => {
      if (!schema) return undefined;
      const r = schema.safeParse(value);
      if (!r.success) details.push(...toDetails(r.error, where));
      return r.success ? r.data : undefined;
    };
    if (route.body && route.kind !== 'multipart' && typeof event.body === 'string' && event.body.length > 0) {
      throw new ApiError(415, 'UnsupportedMediaType', 'Send the body as JSON with Content-Type: application/json');
    }
    const params = parse(route.params, event.pathParameters ?? {}, 'params');
    const query = parse(route.query, event.queryStringParameters ?? {}, 'query');
    const body = parse(route.body, event.body === undefined || event.body === '' ? undefined : event.body, 'body');
    if (details.length) throw validationFailed(details);

    // authorise
    if (auth && route.access === 'user') {
      if (route.capability && !hasCapability(auth, route.capability)) throw forbidden();
      const pRole = policyRole(auth);
      if (route.permission && pRole && !isGranted(await loadPolicy(tenant as TenantId), pRole, route.permission)) {
        throw forbidden(`Permission denied: ${route.permission}`);
      }
    }

    const result = await operation({
      route, params, query, body, auth, tenant, requestId, event,
      sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
    } as OperationContext);

    const r: Reply = isReply(result) ? result : { statusCode: 200, body: result };
    if (r.raw) return { statusCode: r.statusCode, headers: { 'cache-control': 'no-store', ...r.headers }, body: r.raw.body, isBase64Encoded: r.raw.isBase64Encoded ?? false };
    return {
      statusCode: r.statusCode,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...r.headers },
      body: r.body === undefined ? '' : JSON.stringify(r.body),
    };
  };

  /** Every error becomes `{error, message, details?}`; unknown ones a 500 with the request id and no stack. */
  const jsonErrors = {
    onError: async (request: Request) => {
      const e = request.error as (Error & { statusCode?: number; expose?: boolean }) | undefined;
      let api: ApiError;
      if (e instanceof ApiError) api = e;
      else if (e?.statusCode === 413) api = payloadTooLarge('The request body is too large');
      else if (e?.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
        // middy's parsers: malformed JSON or multipart
        api = new ApiError(e.statusCode === 415 && /malformed/i.test(e.message) ? 400 : e.statusCode, 'BadRequest', e.message.includes('JSON') ? 'Invalid or malformed JSON was provided' : e.message);
      } else {
        const requestId = request.event.requestContext?.requestId ?? request.context.awsRequestId;
        logger.error('Unhandled error', { error: e as Error });
        api = new ApiError(500, 'InternalError', 'Something went wrong on our side. Please try again.', undefined, { requestId });
      }
      if (api.statusCode >= 500 && api.statusCode !== 501) logger.error('Server error', { code: api.code });
      request.response = {
        statusCode: api.statusCode,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        body: JSON.stringify(errorBody(api)),
      };
    },
  };

  /**
   * Clients (fetch wrappers, curl -H) often send `Content-Type: application/json` on a GET or DELETE
   * with no body; the JSON parser would answer that with "malformed JSON". No body means nothing to
   * parse: the route's schema then decides whether a body was required.
   */
  const ignoreContentTypeWithoutBody = {
    before: (request: Request) => {
      const { event } = request;
      if ((event.body === undefined || event.body === '') && event.headers) {
        delete event.headers['content-type'];
        delete event.headers['Content-Type'];
      }
    },
  };

  const handler = middy<Request['event'], APIGatewayProxyStructuredResultV2>(core);
  // Order matters: onError runs in reverse, so jsonErrors answers first and httpErrorHandler is the last resort.
  handler.use([
    httpErrorHandler({ logger: false, fallbackMessage: JSON.stringify({ error: 'InternalError', message: 'Something went wrong on our side. Please try again.' }) }),
    jsonErrors,
    httpHeaderNormalizer(),
    httpEventNormalizer(),
    ignoreContentTypeWithoutBody,
    httpJsonBodyParser({ disableContentTypeError: true }),
    httpMultipartBodyParser({ disableContentTypeError: true, busboy: { limits: { fileSize: 4 * 1024 * 1024, files: 1, fields: 20 } } }),
  ] as never);
  return handler;
}
