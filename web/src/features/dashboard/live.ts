/**
 * Live updates (R-DASH-4): an EventSource on /api/events/dashboard with the token.
 * The server answers each request at once and ends it with `retry:` (docs/decisions/README.md, "Live
 * updates"), so a normal cycle is open → events → end → the browser reconnects RETRY later with
 * Last-Event-ID. That end fires `error` with readyState CONNECTING: not a failure. A failure is a
 * refused request (readyState CLOSED) or no `open` within STALL_MS; then up to 5 reconnects with
 * backoff from 1 s, doubling, and after that 'disconnected'.
 */
export const LIVE_EVENT_TYPES = [
  'reservation-created',
  'reservation-updated',
  'reservation-cancelled',
  'inventory-status-changed',
  'payment-processed',
  'stats-updated',
  // The waitlist (R-SVC-10): a customer joined a full slot; an offer was booked.
  'waitlist-joined',
  'waitlist-booked',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
export type LiveState = 'disconnected' | 'connected' | 'error' | 'reconnecting';
export interface LiveMessage {
  type: LiveEventType;
  payload: Record<string, unknown>;
  /** When the browser got it (ISO). */
  receivedAt: string;
}

export const LIVE_MAX_RECONNECTS = 5;
const LIVE_BASE_DELAY_MS = 1000;
/** No `open` this long after a normal end: the connection is stuck (the server's retry is 2 s). */
export const STALL_MS = 8000;

/** 1 s, 2 s, 4 s, 8 s, 16 s for attempts 1..5. */
export const backoffDelay = (attempt: number) => LIVE_BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1);

const LIVE_URL = '/api/events/dashboard';

let resolved: Promise<string> | undefined;
/**
 * Where the EventSource goes: on AWS the events function's own URL, which the deployment writes to
 * /runtime-config.json (infra/web.ts; bypassing CloudFront's per-request fee keeps an open dashboard
 * under $0.50 a month); otherwise, and locally, the same-origin route.
 */
export function resolveLiveUrl(fetcher: typeof fetch = fetch): Promise<string> {
  resolved ??= fetcher('/runtime-config.json', { cache: 'no-store' })
    .then(async (r) => {
      if (!r.ok || !/json/.test(r.headers.get('content-type') ?? '')) return LIVE_URL;
      const v = (await r.json()) as { eventsUrl?: unknown };
      return typeof v.eventsUrl === 'string' && /^https:\/\//.test(v.eventsUrl) ? v.eventsUrl : LIVE_URL;
    })
    .catch(() => LIVE_URL);
  return resolved;
}

export function liveUrl(token: string, lastEventId: string | null, base = LIVE_URL): string {
  const qs = new URLSearchParams({ token });
  if (lastEventId) qs.set('lastEventId', lastEventId);
  return `${base}?${qs.toString()}`;
}

type Source = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'> & {
  onopen: ((e: Event) => void) | null;
  onerror: ((e: Event) => void) | null;
};
interface LiveOptions {
  token: () => string | null;
  onEvent: (m: LiveMessage) => void;
  onState: (s: LiveState) => void;
  /** Called on the first open and on every reconnect after a failure: refetch what is on screen. */
  onConnected?: () => void;
  url?: string;
  createSource?: (url: string) => Source;
  timers?: { set: (fn: () => void, ms: number) => unknown; clear: (h: unknown) => void };
}

/** Opens the connection; returns a function that closes it for good. */
export function connectLive(opts: LiveOptions): () => void {
  const create = opts.createSource ?? ((u: string) => new EventSource(u) as unknown as Source);
  const timers = opts.timers ?? {
    set: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clear: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  let source: Source | null = null;
  let lastEventId: string | null = null;
  let attempts = 0;
  let state: LiveState = 'disconnected';
  let stall: unknown = null;
  let retry: unknown = null;
  let stopped = false;

  const setState = (s: LiveState) => {
    if (s !== state) {
      state = s;
      opts.onState(s);
    }
  };
  const clearStall = () => {
    if (stall !== null) timers.clear(stall);
    stall = null;
  };

  const fail = () => {
    clearStall();
    source?.close();
    source = null;
    if (stopped) return;
    if (attempts >= LIVE_MAX_RECONNECTS) {
      setState('disconnected');
      return;
    }
    attempts += 1;
    setState(state === 'connected' ? 'error' : 'reconnecting');
    setState('reconnecting');
    retry = timers.set(open, backoffDelay(attempts));
  };

  function open() {
    retry = null;
    if (stopped) return;
    const token = opts.token();
    if (!token) {
      setState('disconnected');
      return;
    }
    const s = create(liveUrl(token, lastEventId, opts.url));
    source = s;
    stall = timers.set(fail, STALL_MS);
    s.onopen = () => {
      clearStall();
      const wasConnected = state === 'connected';
      attempts = 0;
      setState('connected');
      if (!wasConnected) opts.onConnected?.();
    };
    s.onerror = () => {
      if (source !== s) return;
      // CLOSED: refused (401, not an event stream): a failure. CONNECTING: the normal end of a short answer.
      if (s.readyState === 2) fail();
      else {
        clearStall();
        stall = timers.set(fail, STALL_MS);
      }
    };
    for (const type of LIVE_EVENT_TYPES) {
      s.addEventListener(type, (e: Event) => {
        const m = e as MessageEvent<string>;
        if (m.lastEventId) lastEventId = m.lastEventId;
        let payload: Record<string, unknown> = {};
        try {
          const parsed = JSON.parse(m.data) as { payload?: Record<string, unknown> };
          payload = parsed.payload ?? {};
        } catch {
          /* a malformed frame still says that something changed */
        }
        opts.onEvent({ type, payload, receivedAt: new Date().toISOString() });
      });
    }
  }

  open();
  return () => {
    stopped = true;
    clearStall();
    if (retry !== null) timers.clear(retry);
    source?.close();
    source = null;
    setState('disconnected');
  };
}
