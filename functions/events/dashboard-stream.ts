import type { TenantId } from '../lib/keys.js';
import { liveEventsSince, type LiveEvent } from '../lib/live-events.js';

/**
 * GET /api/events/dashboard as SHORT server-sent-event requests (docs/decisions/0117-live-live-updates-are-short-sse-requests.md):
 * each request answers the events after the client's cursor at once and ends with `retry:`, so the
 * browser's EventSource asks again RETRY_MS later with the cursor as Last-Event-ID. Nothing runs
 * between requests, so nothing runs after the tab closes, and one request costs a few milliseconds.
 */
export const RETRY_MS = 2_000;
/**
 * Events can become visible out of `at` order: `at` is taken before the transaction commits, and
 * index/replica reads lag. Each request re-reads this much before the cursor's time and skips the
 * events the cursor says were delivered, so a late one is still delivered, and none twice.
 */
export const LAG_MS = 5_000;
/** A cursor older than this starts over from "now - LAG" (the dashboard refetches its numbers on connect). */
export const MAX_BACKLOG_MS = 10 * 60_000;
/** Reads per request at most (100 events each): a burst larger than that continues on the next request. */
const MAX_PAGES = 5;

function sseFrame(type: string, data: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** What the client has seen: events up to `at`, plus the ids of those within LAG_MS before it. */
interface Cursor {
  at: number;
  seen: string[];
}

/** The short id of an event row (`EVENT#{at}#{uuid}`): its uuid's first 12 characters. */
export const eventId = (sk: string) => sk.slice(sk.lastIndexOf('#') + 1).slice(0, 12);

const ID_RE = /^[0-9a-f-]{1,12}$/;

/** `{ISO time}|{id},{id}`. Anything malformed, in the future or too old yields the default start. */
export function parseCursor(raw: string | undefined | null, now: number): Cursor {
  const start = { at: now - LAG_MS, seen: [] };
  if (!raw || raw.length > 8_000) return start;
  const [time, ids = ''] = raw.split('|');
  const at = Date.parse(time ?? '');
  if (!Number.isFinite(at) || at > now + 60_000 || at < now - MAX_BACKLOG_MS) return start;
  const seen = ids ? ids.split(',') : [];
  if (!seen.every((s) => ID_RE.test(s))) return start;
  return { at, seen };
}

export function formatCursor(c: Cursor): string {
  return `${new Date(c.at).toISOString()}|${c.seen.join(',')}`;
}

/**
 * From the events visible in the window (everything with `at` after `cursor.at - LAG_MS`), the ones
 * to deliver (not seen yet) and the next cursor. Every event in the window is delivered by now or
 * was before, so the next cursor's `seen` is simply the window's ids still within LAG_MS of its time.
 */
export function advance(
  cursor: Cursor,
  windowEvents: Pick<LiveEvent, 'at' | 'sk'>[],
): { deliver: number[]; next: Cursor } {
  const seen = new Set(cursor.seen);
  const deliver: number[] = [];
  let at = cursor.at;
  windowEvents.forEach((e, i) => {
    if (!seen.has(eventId(e.sk))) deliver.push(i);
    at = Math.max(at, Date.parse(e.at));
  });
  const next = { at, seen: windowEvents.filter((e) => Date.parse(e.at) > at - LAG_MS).map((e) => eventId(e.sk)) };
  return { deliver, next };
}

/**
 * One short SSE answer: `retry:`, the undelivered events (each `{type, payload}` under its event
 * name, R-DASH-4, with its cursor as `id:`), then an id-only block carrying the next cursor
 * (an id-only block moves the EventSource's Last-Event-ID without dispatching an event).
 *
 * `mayReceive` (audience.ts) decides per event whether this session gets it, live and on replay
 * alike. The cursor still moves past the events it holds back: were they left out of the window,
 * a burst of them could fill every page and keep the session's own events out of reach.
 */
export async function dashboardEvents(
  tenant: TenantId,
  lastEventId: string | undefined | null,
  mayReceive: (type: string) => boolean,
  now = Date.now(),
): Promise<{ body: string; delivered: LiveEvent[]; cursor: string }> {
  const cursor = parseCursor(lastEventId, now);
  const window: LiveEvent[] = [];
  let from: string | undefined = `EVENT#${new Date(cursor.at - LAG_MS).toISOString()}`;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await liveEventsSince(tenant, from);
    window.push(...res.events);
    from = res.cursor;
    if (!res.more) break;
  }
  const { deliver: unseen, next } = advance(cursor, window);
  const deliver = unseen.filter((i) => mayReceive(window[i]!.type));
  const delivered = deliver.map((i) => window[i]!);
  // Each event carries the cursor as of itself (a script sees it as MessageEvent.lastEventId and can
  // resume a new EventSource from it); the final id-only block carries the cursor after the window.
  const frames = deliver.map(
    (i) =>
      `id: ${formatCursor(advance(cursor, window.slice(0, i + 1)).next)}\n${sseFrame(window[i]!.type, { type: window[i]!.type, payload: window[i]!.payload })}`,
  );
  const id = formatCursor(next);
  const body = `retry: ${RETRY_MS}\n\n${frames.join('')}id: ${id}\n\n`;
  return { body, delivered, cursor: id };
}
