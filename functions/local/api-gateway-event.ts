import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { routeKey, type RouteContract } from '../../shared/contract/index.js';

export interface ApiRequest {
  method: string;
  /** The path as sent (still percent-encoded), without the query string. */
  path: string;
  /** The query string without the leading '?'. */
  rawQueryString?: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: string;
  isBase64Encoded?: boolean;
  sourceIp?: string;
}

export interface MatchedRoute {
  route: Pick<RouteContract, 'method' | 'path'>;
  pathParameters: Record<string, string>;
}

/**
 * The event API Gateway's HTTP API (payload 2.0) hands a Lambda for a request, so that the local
 * runtime and the integration harness exercise handlers with the same shape AWS sends.
 */
export function toApiGatewayEvent(req: ApiRequest, match: MatchedRoute): APIGatewayProxyEventV2 {
  const qs = req.rawQueryString ?? '';
  const key = routeKey(match.route);

  // API Gateway lower-cases header names and joins repeated headers with commas; cookies move to `cookies`.
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    const joined = Array.isArray(value) ? value.join(',') : value;
    if (lower === 'cookie') {
      cookies = joined
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean);
      continue;
    }
    headers[lower] = headers[lower] === undefined ? joined : `${headers[lower]},${joined}`;
  }

  // Repeated query keys are joined with commas, as API Gateway does for payload 2.0.
  let queryStringParameters: Record<string, string> | undefined;
  if (qs) {
    queryStringParameters = {};
    for (const [k, v] of new URLSearchParams(qs)) {
      queryStringParameters[k] = queryStringParameters[k] === undefined ? v : `${queryStringParameters[k]},${v}`;
    }
  }

  let decodedPath = req.path;
  try {
    decodedPath = decodeURIComponent(req.path);
  } catch {
    /* keep the raw path when it is not valid percent-encoding */
  }
  const now = Date.now();
  const host = headers.host ?? 'localhost';

  return {
    version: '2.0',
    routeKey: key,
    rawPath: req.path,
    rawQueryString: qs,
    ...(cookies ? { cookies } : {}),
    headers,
    queryStringParameters,
    pathParameters: Object.keys(match.pathParameters).length ? match.pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0] ?? host,
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      http: {
        method: req.method,
        path: decodedPath,
        protocol: 'HTTP/1.1',
        sourceIp: req.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
    },
    body: req.body,
    isBase64Encoded: req.isBase64Encoded ?? false,
  };
}
