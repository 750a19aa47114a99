import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, errorBody } from '../lib/errors.js';
import { logger } from '../lib/logger.js';
import { pumpDashboardEvents, streamTenant } from './dashboard-stream.js';

/**
 * GET /api/events/dashboard as a true stream. On AWS this is a Lambda function URL with
 * RESPONSE_STREAM invoke mode behind CloudFront (API Gateway HTTP APIs buffer responses); locally the
 * runtime hands the raw request here. Both share pumpDashboardEvents.
 */
interface StreamingResponse {
  write(chunk: string): void;
  end(): void;
}
interface LambdaStreaming {
  streamifyResponse(fn: (event: { queryStringParameters?: Record<string, string> }, stream: StreamingResponse) => Promise<void>): unknown;
  HttpResponseStream: { from(stream: StreamingResponse, meta: { statusCode: number; headers: Record<string, string> }): StreamingResponse };
}
const awslambda = (globalThis as { awslambda?: LambdaStreaming }).awslambda;

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' };

export const handler = awslambda?.streamifyResponse(async (event, responseStream) => {
  let tenant;
  try {
    tenant = await streamTenant(event.queryStringParameters?.token);
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError(500, 'InternalError', 'Something went wrong on our side. Please try again.');
    const out = awslambda.HttpResponseStream.from(responseStream, { statusCode: err.statusCode, headers: { 'content-type': 'application/json' } });
    out.write(JSON.stringify(errorBody(err)));
    out.end();
    return;
  }
  const out = awslambda.HttpResponseStream.from(responseStream, { statusCode: 200, headers: SSE_HEADERS });
  await pumpDashboardEvents(tenant, (c) => out.write(c), new AbortController().signal).catch((e) => logger.error('stream failed', { error: e as Error }));
  out.end();
});

/** The local runtime's entry: same stream over node:http. */
export async function streamDashboard(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const token = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token') ?? req.headers.authorization?.replace(/^Bearer\s+/i, '');
  let tenant;
  try {
    tenant = await streamTenant(token ?? undefined);
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError(500, 'InternalError', 'Something went wrong on our side. Please try again.');
    res.writeHead(err.statusCode, { 'content-type': 'application/json' }).end(JSON.stringify(errorBody(err)));
    return;
  }
  res.writeHead(200, SSE_HEADERS);
  const abort = new AbortController();
  req.on('close', () => abort.abort());
  await pumpDashboardEvents(tenant, (c) => res.write(c), abort.signal).catch((e) => logger.error('stream failed', { error: e as Error }));
  res.end();
}
