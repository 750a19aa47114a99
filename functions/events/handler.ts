import { createAreaHandler } from '../lib/pipeline.js';
import { dashboardEvents } from './dashboard-stream.js';

/**
 * GET /api/events/dashboard: one short server-sent-event answer per request (dashboard-stream.ts).
 * The cursor comes as the Last-Event-ID header (EventSource's own reconnect) or the `lastEventId`
 * query parameter (a new EventSource after the client's backoff, which cannot set headers).
 * On AWS the same handler serves the events function URL (stream.ts) and the HTTP API route.
 */
export const handler = createAreaHandler('events', {
  'events.dashboard': async ({ tenant, event, query }) => {
    const lastEventId = event.headers?.['last-event-id'] ?? query.lastEventId;
    const { body } = await dashboardEvents(tenant, lastEventId);
    return {
      statusCode: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
      raw: { body },
    };
  },
});
