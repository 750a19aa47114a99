import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Area, RouteContract } from '../../shared/contract/index.js';
import { matchRoute } from '../../shared/contract/match.js';
import { loadAreaHandler, type ApiHandler } from '../handlers.js';
import { INPUT_LIMITS } from '../lib/input-guard.js';
import { allowedMethods, methodNotAllowed } from '../lib/middlewares/route-match.js';
import { toApiGatewayEvent } from './api-gateway-event.js';

/** Lambda's synchronous invocation payload limit; API Gateway passes larger bodies on and Lambda refuses them. */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;
/** What a GET, HEAD or DELETE may carry: they take no body, so anything more is not a request of ours. */
export const BODYLESS_LIMIT_BYTES = 64 * 1024;
/** API Gateway's integration timeout. */
const TIMEOUT_MS = 30_000;

export interface ApiAdapterOptions {
  root: string;
  /** Called when a handler throws or a response cannot be written. */
  onError: (message: string, error: unknown) => void;
  /** Called after each API response (request logging). */
  onResponse?: (info: { method: string; path: string; status: number; ms: number }) => void;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** The content types API Gateway passes as text; anything else (multipart, images) arrives base64-encoded. */
function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const t = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    t.startsWith('text/') ||
    t === 'application/json' ||
    t === 'application/x-www-form-urlencoded' ||
    t === 'application/xml' ||
    t.endsWith('+json') ||
    t.endsWith('+xml')
  );
}

/**
 * The most a route's request body may be (R-PLAT-13): form-data uploads up to Lambda's payload
 * limit, JSON up to the input guard's limit, bodyless methods next to nothing. The adapter stops
 * reading there, so a flood of large bodies costs the machine no more than the routes accept.
 */
export function bodyLimitOf(route: Pick<RouteContract, 'method' | 'kind'>): number {
  if (route.kind === 'multipart') return MAX_BODY_BYTES;
  if (route.method === 'GET' || route.method === 'DELETE') return BODYLESS_LIMIT_BYTES;
  return INPUT_LIMITS.maxBodyBytes;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}

/** Reads a body up to `limit` bytes: a declared or actual larger one is refused without reading the rest. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve('too-large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        req.off('data', onData);
        req.pause();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function lambdaContext(area: Area, deadline: number): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${area}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${area}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/local-${area}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** A Lambda may return a bare value; API Gateway then answers 200 with it as JSON. */
function normalise(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (typeof result === 'object' && result !== null && 'statusCode' in result)
    return result as APIGatewayProxyStructuredResultV2;
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: typeof result === 'string' ? result : JSON.stringify(result ?? null),
  };
}

/**
 * Turns /api/* and /public/* requests into API Gateway (HTTP API, payload 2.0) events for the area
 * handlers, with API Gateway's answers where no handler runs: 404 for undeclared paths, 405 for a
 * declared path under another method, 413 past the payload limit, 504 past the timeout.
 */
function decodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function createApiAdapter(opts: ApiAdapterOptions) {
  const handlers = new Map<Area, Promise<ApiHandler>>();
  const handlerFor = (area: Area) => {
    let h = handlers.get(area);
    if (!h) {
      h = loadAreaHandler(area);
      h.catch(() => handlers.delete(area));
      handlers.set(area, h);
    }
    return h;
  };

  return async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const started = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname;
    const done = (status: number) => opts.onResponse?.({ method, path, status, ms: Date.now() - started });

    const match = matchRoute(method, path);
    if (!match) {
      req.resume();
      const allowed = allowedMethods(path);
      if (!decodablePath(path)) {
        // A segment that is not valid percent-encoding can't name anything
        // (docs/decisions/0156-hardening-hostile-input.md).
        json(res, 400, { error: 'BadRequest', message: 'The address is not valid percent-encoding' });
        done(400);
      } else if (allowed.length) {
        const answer = methodNotAllowed(method, path, allowed);
        res
          .writeHead(405, { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) })
          .end(answer.body);
        done(405);
      } else {
        json(res, 404, { error: 'NotFound', message: `No API route ${method} ${path}` });
        done(404);
      }
      return;
    }

    // The dashboard's live events (kind 'stream') are short server-sent-event answers: the same
    // buffered handler path as on AWS (functions/events/dashboard-stream.ts), no long-lived stream.
    const limit = bodyLimitOf(match.route);
    const raw = await readBody(req, limit).catch(() => undefined);
    if (raw === undefined) {
      res.destroy();
      return;
    }
    if (raw === 'too-large') {
      // The unread rest is never read: the answer goes out and the connection closes behind it.
      res.on('finish', () => req.socket.destroy());
      json(
        res,
        413,
        { error: 'PayloadTooLarge', message: `The request body is larger than ${formatBytes(limit)}` },
        { connection: 'close' },
      );
      done(413);
      return;
    }
    const textual = isTextual(req.headers['content-type']);
    const event = toApiGatewayEvent(
      {
        method,
        path,
        rawQueryString: url.search.replace(/^\?/, ''),
        headers: req.headers,
        body: raw.length ? (textual ? raw.toString('utf8') : raw.toString('base64')) : undefined,
        isBase64Encoded: raw.length > 0 && !textual,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
      },
      match,
    );

    let result: APIGatewayProxyStructuredResultV2;
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = await handlerFor(match.route.area);
      const deadline = Date.now() + TIMEOUT_MS;
      const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), TIMEOUT_MS)));
      const out = await Promise.race([handler(event, lambdaContext(match.route.area, deadline)), timeout]);
      if (out === 'timeout') {
        json(res, 504, { error: 'GatewayTimeout', message: 'The handler did not answer within 30 seconds' });
        done(504);
        return;
      }
      result = normalise(out);
    } catch (e) {
      opts.onError(`Handler for ${method} ${path} threw`, e);
      json(res, 500, { error: 'InternalError', message: 'Something went wrong on our side. Please try again.' });
      done(500);
      return;
    } finally {
      clearTimeout(timer);
    }

    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    const body =
      result.body === undefined
        ? Buffer.alloc(0)
        : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
    headers['content-length'] = String(body.length);
    const status = result.statusCode ?? 200;
    res.writeHead(status, headers);
    res.end(method === 'HEAD' ? undefined : body);
    done(status);
  };
}
