import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_TYPES } from './live.js';
import {
  createRefetchCoalescer,
  type DashboardRead,
  LIVE_EVENT_READS,
  REFETCH_MAX_WAIT_MS,
  REFETCH_QUIET_MS,
} from './refetch-coalescer.js';

/** A coalescer on a hand-driven clock; `runs` lists [time, read] of every refetch made. */
function harness() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const runs: [number, DashboardRead][] = [];
  const c = createRefetchCoalescer((r) => runs.push([now, r]), {
    now: () => now,
    timers: {
      set: (fn, ms) => {
        const id = nextId++;
        timers.push({ at: now + ms, fn, id });
        return id;
      },
      clear: (h) => {
        timers = timers.filter((t) => t.id !== h);
      },
    },
  });
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = end;
  };
  return { c, runs, advance, pending: () => timers.length };
}

describe('refetch coalescing (R-DASH-5)', () => {
  it('makes each read once for a burst of 20 events, 1 s after the last one', () => {
    const h = harness();
    for (let i = 0; i < 20; i++) {
      h.c.request(LIVE_EVENT_READS[i % 2 ? 'stats-updated' : 'reservation-created']);
      h.advance(50);
    }
    expect(h.runs).toEqual([]);
    h.advance(REFETCH_QUIET_MS - 50 - 1);
    expect(h.runs).toEqual([]);
    h.advance(1);
    // The last event came at 950 ms: both reads at 1950 ms, once each.
    expect(h.runs.sort()).toEqual([
      [950 + REFETCH_QUIET_MS, 'active'],
      [950 + REFETCH_QUIET_MS, 'stats'],
    ]);
    expect(h.pending()).toBe(0);
  });

  it('reads at most every 3 s while events never stop', () => {
    const h = harness();
    for (let t = 0; t < 10_000; t += 400) {
      h.c.request(['stats']);
      h.advance(400);
    }
    h.advance(REFETCH_QUIET_MS);
    const times = h.runs.map(([t]) => t);
    expect(times).toEqual([
      REFETCH_MAX_WAIT_MS,
      2 * REFETCH_MAX_WAIT_MS + 200,
      3 * REFETCH_MAX_WAIT_MS + 400,
      9600 + REFETCH_QUIET_MS,
    ]);
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeLessThanOrEqual(REFETCH_MAX_WAIT_MS + 400);
  });

  it('reads only what the events concern, and nothing for a waitlist join', () => {
    const h = harness();
    h.c.request(LIVE_EVENT_READS['waitlist-joined']);
    h.advance(5000);
    expect(h.runs).toEqual([]);
    h.c.request(LIVE_EVENT_READS['inventory-status-changed']);
    h.advance(REFETCH_QUIET_MS);
    expect(h.runs.map(([, r]) => r)).toEqual(['stats']);
    for (const t of LIVE_EVENT_TYPES) expect(LIVE_EVENT_READS[t]).toBeDefined();
  });

  it('drops what is pending when cancelled', () => {
    const h = harness();
    h.c.request(['stats', 'active']);
    h.c.cancel();
    h.advance(10_000);
    expect(h.runs).toEqual([]);
    expect(h.pending()).toBe(0);
  });
});
