import { trustedTenant, type TenantId } from '../lib/keys.js';
import { liveEventsSince } from '../lib/live-events.js';
import { verifyToken } from '../lib/tokens.js';
import { ApiError } from '../lib/errors.js';

/** How often the stream looks for new rows, and how long one connection lives (Lambda stops at 15 min). */
export const POLL_MS = 2_000;
export const HEARTBEAT_MS = 15_000;
export const MAX_CONNECTION_MS = 14 * 60_000;

/** Resolves the tenant of a dashboard stream from its `token` query parameter (EventSource sends no headers). */
export async function streamTenant(token: string | undefined): Promise<TenantId> {
  if (!token) throw new ApiError(401, 'Unauthorized', 'Authentication required');
  const claims = await verifyToken(token);
  if (!claims.tenantId) throw new ApiError(403, 'Forbidden', 'This action needs an organization account');
  return trustedTenant(claims.tenantId);
}

export function sseFrame(type: string, data: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Writes server-sent events for a tenant until `signal` aborts or the connection has lived its time.
 * Starts from "now": the dashboard refetches its numbers on connect, events only tell it what changed.
 */
export async function pumpDashboardEvents(tenant: TenantId, write: (chunk: string) => void, signal: AbortSignal): Promise<void> {
  const started = Date.now();
  let cursor = `EVENT#${new Date().toISOString()}`;
  let lastBeat = Date.now();
  write(`retry: 1000\n${sseFrame('connected', { type: 'connected', payload: {} })}`);
  while (!signal.aborted && Date.now() - started < MAX_CONNECTION_MS) {
    const { events, cursor: next } = await liveEventsSince(tenant, cursor);
    cursor = next ?? cursor;
    for (const e of events) write(sseFrame(e.type, { type: e.type, payload: e.payload }));
    if (Date.now() - lastBeat > HEARTBEAT_MS) {
      write(': keep-alive\n\n');
      lastBeat = Date.now();
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
