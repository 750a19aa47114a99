import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ApiError, errorBody, payloadTooLarge } from '../errors.js';
import { logger } from '../logger.js';
import { stateOf, type ApiMiddleware } from './types.js';

/** What an operation may return instead of a plain body: a status, headers, or an already serialised body. */
export interface Reply<B = unknown> {
  statusCode: number;
  body?: B;
  headers?: Record<string, string>;
  /** Body already serialised (CSV, files, event streams); sent as is and not checked against the contract. */
  raw?: { body: string; isBase64Encoded?: boolean };
}
export const reply = <B = undefined>(statusCode: number, body?: B, headers?: Record<string, string>): Reply<B> => ({
  statusCode,
  body,
  headers,
});
const isReply = (v: unknown): v is Reply =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Reply).statusCode === 'number' &&
  Object.keys(v).every((k) => ['statusCode', 'body', 'headers', 'raw'].includes(k));

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** In test runs a response outside the contract fails the test; in production it is logged and sent. */
const strictResponses = () =>
  process.env.NODE_ENV === 'test' || process.env.VITEST !== undefined || process.env.STRICT_RESPONSES === 'true';

/**
 * Step 8, serialise: the operation's answer (a body, or `reply(status, body)`) becomes the HTTP
 * answer, after a check of 2xx JSON bodies against the route's `response` schema.
 */
export function serialise(): ApiMiddleware {
  return {
    after: (request) => {
      const { route } = stateOf(request);
      const result: unknown = request.response;
      const r: Reply = isReply(result) ? result : { statusCode: 200, body: result };
      if (r.raw) {
        request.response = {
          statusCode: r.statusCode,
          headers: { 'cache-control': 'no-store', ...r.headers },
          body: r.raw.body,
          isBase64Encoded: r.raw.isBase64Encoded ?? false,
        };
        return;
      }
      if (r.statusCode >= 200 && r.statusCode < 300) {
        const check = route.response.safeParse(r.body);
        if (!check.success) {
          const issues = check.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
          if (strictResponses())
            throw new ApiError(
              500,
              'ResponseContractViolation',
              `${route.id} answered outside its response schema: ${issues.join('; ')}`,
            );
          logger.warn('Response outside the contract', { issues });
        }
      }
      request.response = {
        statusCode: r.statusCode,
        headers: { ...JSON_HEADERS, ...r.headers },
        body: r.body === undefined ? '' : JSON.stringify(r.body),
      } satisfies APIGatewayProxyStructuredResultV2;
    },
  };
}

/** Every error becomes `{error, message, details?}`; unknown ones a 500 with the request id and no stack. */
export function jsonErrors(): ApiMiddleware {
  return {
    onError: (request) => {
      const e = request.error as (Error & { statusCode?: number }) | undefined;
      let api: ApiError;
      if (e instanceof ApiError) api = e;
      else if (e?.statusCode === 413) api = payloadTooLarge('The request body is too large');
      else if (e?.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
        // middy's parsers (multipart): malformed input
        api = new ApiError(
          e.statusCode === 415 && /malformed/i.test(e.message) ? 400 : e.statusCode,
          'BadRequest',
          e.message,
        );
      } else {
        const requestId = request.event.requestContext?.requestId ?? request.context.awsRequestId;
        logger.error('Unhandled error', { error: e as Error });
        // Tests run with logs silenced: DEBUG_PIPELINE=1 prints what a 500 hid.
        if (process.env.DEBUG_PIPELINE) console.error('[pipeline] unhandled error', e);
        api = new ApiError(500, 'InternalError', 'Something went wrong on our side. Please try again.', undefined, {
          requestId,
        });
      }
      if (api.statusCode >= 500 && api.statusCode !== 501)
        logger.error('Server error', {
          code: api.code,
          message: api.code === 'ResponseContractViolation' ? api.message : undefined,
        });
      request.response = {
        statusCode: api.statusCode,
        headers: { ...JSON_HEADERS, ...api.headers },
        body: JSON.stringify(errorBody(api)),
      };
    },
  };
}
