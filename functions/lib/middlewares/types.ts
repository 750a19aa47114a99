import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RouteContract } from '../../../shared/contract/index.js';
import type { TenantId } from '../keys.js';
import type { AuthClaims } from '../tokens.js';

/** The API Gateway v2 event after the normalisers: the body may be parsed (multipart) by a middleware. */
export type ApiEvent = Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown };

/** What the pipeline's steps learn about one request, in the order they learn it. */
export interface PipelineState {
  /** route match */
  route: RouteContract;
  requestId: string;
  sourceIp: string;
  /** authenticate: present on every non-public route */
  auth: AuthClaims | null;
  /** tenant context: the verified token's organization on `user` routes, else null */
  tenant: TenantId | null;
  /** validate */
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

export type ApiMiddleware = MiddlewareObj<ApiEvent, APIGatewayProxyStructuredResultV2, Error, Context>;

/** Each invocation's state, keyed by its event object (the operation itself only receives the event). */
const states = new WeakMap<object, PipelineState>();

export function startState(event: ApiEvent, state: PipelineState): PipelineState {
  states.set(event, state);
  return state;
}

/** The state of a request whose route has been matched (every step after route match may rely on it). */
export function stateOf(request: { event: ApiEvent }): PipelineState {
  const state = states.get(request.event);
  if (!state) throw new Error('Pipeline step ran before route match');
  return state;
}
