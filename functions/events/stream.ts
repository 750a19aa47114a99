import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { handler as eventsHandler } from './handler.js';

/**
 * The events function URL's entry on AWS (infra/live.ts). A function URL sends payload 2.0 events
 * like an HTTP API, but with routeKey `$default`: name the one route it serves and hand it to the
 * events area's pipeline (the same authentication, validation and short SSE answer as everywhere).
 * There is no long-lived stream any more (docs/decisions/0117-live-live-updates-are-short-sse-requests.md).
 */
export const handler = (event: APIGatewayProxyEventV2, context: Context) => {
  if (event.requestContext?.http?.method === 'OPTIONS') return Promise.resolve({ statusCode: 204 });
  return eventsHandler({ ...event, routeKey: 'GET /api/events/dashboard' }, context);
};
