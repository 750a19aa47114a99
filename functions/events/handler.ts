import { liveEventsSince } from '../lib/live-events.js';
import { createAreaHandler } from '../lib/pipeline.js';
import { sseFrame } from './dashboard-stream.js';

/**
 * The buffered fallback for GET /api/events/dashboard when it is reached through API Gateway (which
 * cannot stream): one SSE response with the last 30 seconds of events and `retry: 3000`, so an
 * EventSource polls. CloudFront sends /api/events/* to the streaming function (stream.ts) instead.
 */
export const handler = createAreaHandler('events', {
  'events.dashboard': async ({ tenant }) => {
    const since = `EVENT#${new Date(Date.now() - 30_000).toISOString()}`;
    const { events } = await liveEventsSince(tenant, since);
    const body = `retry: 3000\n${events.map((e) => sseFrame(e.type, { type: e.type, payload: e.payload })).join('')}`;
    return { statusCode: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, raw: { body } };
  },
});
