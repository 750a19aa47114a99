import { effectivePermissions } from '../../shared/domain/roles.js';
import { cachedModules } from '../lib/modules.js';
import { createAreaHandler } from '../lib/pipeline.js';
import { loadPolicy } from '../lib/policy.js';
import { mayReceiveEvent } from './audience.js';
import { dashboardEvents } from './dashboard-stream.js';

/**
 * GET /api/events/dashboard: one short server-sent-event answer per request (dashboard-stream.ts).
 * The cursor comes as the Last-Event-ID header (EventSource's own reconnect) or the `lastEventId`
 * query parameter (a new EventSource after the client's backoff, which cannot set headers).
 * On AWS the same handler serves the events function URL (stream.ts) and the HTTP API route.
 */
export const handler = createAreaHandler('events', {
  'events.dashboard': async ({ tenant, auth, event, query }) => {
    const lastEventId = event.headers?.['last-event-id'] ?? query.lastEventId;
    // The same matrix and module states the API's authorise step and module gate read (same caches).
    const [policy, modules] = await Promise.all([loadPolicy(tenant), cachedModules(tenant)]);
    const can = effectivePermissions(auth, policy);
    const { body } = await dashboardEvents(tenant, lastEventId, (type) =>
      mayReceiveEvent(type, (p) => can[p], modules),
    );
    return {
      statusCode: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
      raw: { body },
    };
  },
});
