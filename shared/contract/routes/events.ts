import * as z from '../../zod.js';
import { route } from '../types.js';
import { eventStreamResponse } from '../common.js';

/** The events area's route (functions/events). */
export const eventsRoutes = [
  // Live updates
  route({
    access: 'user',
    area: 'events',
    id: 'events.dashboard',
    method: 'GET',
    path: '/api/events/dashboard',
    kind: 'stream',
    query: z.object({
      token: z.optional(z.string().check(z.singleLine(), z.maxLength(4096))),
      lastEventId: z.optional(z.string().check(z.singleLine(), z.maxLength(8000))),
    }),
    response: eventStreamResponse,
    summary: 'Server-sent dashboard events: one short answer per request (events since Last-Event-ID, then retry)',
  }),
] as const;
