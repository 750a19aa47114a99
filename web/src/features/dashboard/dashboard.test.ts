import { describe, expect, it } from 'vitest';
import {
  activeShown,
  isOverdue,
  normaliseActive,
  overviewTiles,
  recentActivity,
  RECENT_ACTIVITY_MAX,
} from './activity.js';
import {
  backoffDelay,
  connectLive,
  LIVE_MAX_RECONNECTS,
  liveUrl,
  STALL_MS,
  type LiveMessage,
  type LiveState,
} from './live.js';
import { combineStats, readCachedStats, STATS_CACHE_MS, writeCachedStats, ZERO_STATS } from './stats.js';

const stats = {
  inventory: {
    total: 12,
    statusCounts: { AVAILABLE: 7, IN_USE: 2, MAINTENANCE_REQUIRED: 1, OUT_OF_SERVICE: 2 },
    maintenanceDue: 3,
  },
  reservations: { active: 4, total: 9, noShowsThisWeek: 2 },
  customers: { total: 5 },
  payments: { totalAmount: 120.5, refundedAmount: 0 },
};
const msg = (
  type: LiveMessage['type'],
  payload: Record<string, unknown>,
  receivedAt = '2026-11-23T10:00:00.000Z',
): LiveMessage => ({ type, payload, receivedAt });

describe('dashboard stats', () => {
  it('combines the four answers; a failed one counts as zeros', () => {
    const ok = <T>(value: T): PromiseSettledResult<T> => ({ status: 'fulfilled', value });
    const failed: PromiseSettledResult<unknown> = { status: 'rejected', reason: new Error('x') };
    expect(
      combineStats([ok(stats.inventory), ok({ stats: stats.reservations }), failed, ok({ totalAmount: '120.5' })]),
    ).toEqual({ ...stats, customers: { total: 0 } });
    expect(combineStats([failed, failed, failed, failed])).toEqual(ZERO_STATS);
  });

  it('keeps a browser copy for 5 minutes', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    writeCachedStats('t/u', { stats, at: 1_000_000 }, storage);
    expect(readCachedStats('t/u', 1_000_000 + STATS_CACHE_MS - 1, storage)).toEqual({ stats, at: 1_000_000 });
    expect(readCachedStats('t/u', 1_000_000 + STATS_CACHE_MS, storage)).toBeNull();
    expect(readCachedStats('other/u', 1_000_001, storage)).toBeNull();
    store.set('dashboard-stats:t/u', 'not json');
    expect(readCachedStats('t/u', 1_000_001, storage)).toBeNull();
  });

  it('draws the overview tiles from the counters, in the six stat colours, with this week’s no-shows', () => {
    const tiles = overviewTiles(stats);
    expect(tiles.map((t) => t.value)).toEqual([7, 2, 9, 1, 2, 3, 2]);
    expect(tiles.at(-1)).toMatchObject({ label: 'No-shows This Week', module: 'reservations' });
    expect(new Set(tiles.map((t) => t.color))).toEqual(new Set(['blue', 'green', 'purple', 'orange', 'red', 'gray']));
  });
});

describe('active reservations and recent activity', () => {
  it('reads a plain array or {reservations}, naming the rented thing', () => {
    const r = {
      id: 'r1',
      reservationNumber: 'RES-000001',
      status: 'ACTIVE',
      startTime: '2026-11-23T10:00:00.000Z',
      reservationDuration: 2,
      totalAmount: 40,
      customer: { firstName: 'Rosa', lastName: 'Parks' },
    };
    expect(normaliseActive([{ ...r, golfCart: { cartNumber: 'GC-7' } }])[0]).toMatchObject({
      rented: 'GC-7',
      customerName: 'Rosa Parks',
    });
    expect(normaliseActive({ reservations: [{ ...r, service: { name: 'Tour' } }] })[0]!.rented).toBe('Tour');
    expect(normaliseActive({ reservations: [{ ...r, inventoryItem: { name: 'Kayak' } }] })[0]!.rented).toBe('Kayak');
    expect(normaliseActive(null)).toEqual([]);
  });

  it('reads the kind, so a past service booking is not overdue while a past item reservation is', () => {
    const r = { status: 'ACTIVE', startTime: '2026-11-23T10:00:00.000Z', endTime: '2026-11-23T12:00:00.000Z' };
    const [item, service, older] = normaliseActive([
      { ...r, kind: 'ITEM', inventoryItem: { name: 'Kayak' } },
      { ...r, kind: 'SERVICE', service: { name: 'Tour' } },
      { ...r, service: { name: 'Tour' } },
    ]);
    const later = Date.parse('2026-11-23T12:00:01.000Z');
    expect([item, service, older].map((x) => x!.kind)).toEqual(['ITEM', 'SERVICE', 'SERVICE']);
    expect(isOverdue(item!, Date.parse('2026-11-23T12:00:00.000Z'))).toBe(false);
    expect(isOverdue(item!, later)).toBe(true);
    expect(isOverdue(service!, later)).toBe(false);
    expect([activeShown('default'), activeShown('compact')]).toEqual([5, 3]);
  });

  it('lists live events newest first, then the counter facts with the spec links, at most 5', () => {
    const items = recentActivity(stats, [
      msg('reservation-created', { reservationNumber: 'RES-000001', customerName: 'Rosa Parks', serviceName: 'Tour' }),
      msg('stats-updated', {}),
      msg('inventory-status-changed', { itemNumber: 'GC-1', newStatus: 'OUT_OF_SERVICE' }),
    ]);
    expect(items.map((i) => [i.title, i.to])).toEqual([
      ['Item GC-1 is now out of service', '/inventory?status=out-of-service'],
      ['New reservation RES-000001', '/reservations?status=active'],
      ['4 active reservations', '/reservations?status=active'],
      ['7 items available', '/inventory'],
      ['2 items out of service', '/inventory?status=out-of-service'],
    ]);
    expect(items).toHaveLength(RECENT_ACTIVITY_MAX);
    expect(items[1]!.detail).toBe('Rosa Parks · Tour');
    expect(recentActivity(null, [])).toEqual([]);
  });
});

/** A fake EventSource and clock for the connection rules. */
function harness() {
  const sources: FakeSource[] = [];
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  class FakeSource {
    readyState = 0;
    onopen: ((e: Event) => void) | null = null;
    onerror: ((e: Event) => void) | null = null;
    listeners = new Map<string, (e: Event) => void>();
    closed = false;
    constructor(readonly url: string) {}
    addEventListener(type: string, fn: (e: Event) => void) {
      this.listeners.set(type, fn);
    }
    close() {
      this.closed = true;
      this.readyState = 2;
    }
    open() {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    }
    endNormally() {
      this.readyState = 0;
      this.onerror?.(new Event('error'));
    }
    refuse() {
      this.readyState = 2;
      this.onerror?.(new Event('error'));
    }
    emit(type: string, data: unknown, lastEventId: string) {
      this.listeners.get(type)?.({ data: JSON.stringify(data), lastEventId } as unknown as Event);
    }
  }
  const states: LiveState[] = [];
  const events: LiveMessage[] = [];
  let connected = 0;
  const stop = connectLive({
    token: () => 'tok',
    onEvent: (m) => events.push(m),
    onState: (s) => states.push(s),
    onConnected: () => connected++,
    createSource: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s as never;
    },
    timers: {
      set: (fn, ms) => {
        const id = nextId++;
        timers.push({ at: now + ms, fn, id });
        return id;
      },
      clear: (id) => {
        timers = timers.filter((t) => t.id !== id);
      },
    },
  });
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const t = timers[0];
      if (!t || t.at > until) break;
      timers.shift();
      now = t.at;
      t.fn();
    }
    now = until;
  };
  return { sources, states, events, advance, stop, connectedCount: () => connected };
}

describe('live connection', () => {
  it('builds the URL with the token and the resume cursor', () => {
    expect(liveUrl('a b', null)).toBe('/api/events/dashboard?token=a+b');
    expect(liveUrl('t', 'x|y', 'https://fn.example/')).toBe('https://fn.example/?token=t&lastEventId=x%7Cy');
    expect([1, 2, 3, 4, 5].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('stays connected across the normal end of each short answer and passes events on', () => {
    const h = harness();
    h.sources[0]!.open();
    expect(h.states).toEqual(['connected']);
    h.sources[0]!.emit('reservation-created', { type: 'reservation-created', payload: { id: 'r1' } }, 'c1');
    h.sources[0]!.endNormally();
    h.advance(2000);
    h.sources[0]!.open();
    h.advance(STALL_MS * 3);
    expect(h.states).toEqual(['connected']);
    expect(h.events.map((e) => [e.type, e.payload])).toEqual([['reservation-created', { id: 'r1' }]]);
    expect(h.sources).toHaveLength(1);
    expect(h.connectedCount()).toBe(1);
    h.stop();
    expect(h.states.at(-1)).toBe('disconnected');
  });

  it('reconnects 5 times with backoff from 1 s after failures, resuming from the last event id, then reports disconnected', () => {
    const h = harness();
    h.sources[0]!.open();
    h.sources[0]!.emit('stats-updated', { type: 'stats-updated', payload: {} }, 'cursor-9');
    h.sources[0]!.refuse();
    expect(h.states.slice(-2)).toEqual(['error', 'reconnecting']);
    const waits: number[] = [];
    for (let i = 1; i <= LIVE_MAX_RECONNECTS; i++) {
      let waited = 0;
      while (h.sources.length === i) {
        h.advance(500);
        waited += 500;
      }
      waits.push(waited);
      expect(h.sources[i]!.url).toContain('lastEventId=cursor-9');
      h.sources[i]!.refuse();
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(h.states.at(-1)).toBe('disconnected');
    h.advance(60_000);
    expect(h.sources).toHaveLength(LIVE_MAX_RECONNECTS + 1);
  });

  it('treats a connection that never reopens as failed, and a reconnect refetches', () => {
    const h = harness();
    h.sources[0]!.open();
    h.sources[0]!.endNormally();
    h.advance(STALL_MS);
    expect(h.sources[0]!.closed).toBe(true);
    expect(h.states.at(-1)).toBe('reconnecting');
    h.advance(1000);
    h.sources[1]!.open();
    expect(h.states.at(-1)).toBe('connected');
    expect(h.connectedCount()).toBe(2);
  });
});
