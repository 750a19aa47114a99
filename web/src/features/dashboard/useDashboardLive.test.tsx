import { act, render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPaths } from '../../test-utils.js';
import { reservation, signIn, user } from '../reservations/fixtures.test-helpers.js';
import { useActiveReservations, useDashboardStats } from './api/index.js';
import { REFETCH_QUIET_MS } from './refetch-coalescer.js';
import { useDashboardLive } from './useDashboardLive.js';

/** The dashboard's reads and its live wiring, as DashboardPage mounts them. */
function Reads() {
  useDashboardStats(true);
  useActiveReservations(true);
  useDashboardLive();
  return null;
}

class FakeSource {
  static all: FakeSource[] = [];
  readyState = 0;
  onopen: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  listeners = new Map<string, (e: Event) => void>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  emit(type: string, id: string) {
    const e = new MessageEvent(type, { data: JSON.stringify({ type, payload: {} }), lastEventId: id });
    this.listeners.get(type)?.(e);
  }
}

const STATS_PATHS = [
  '/api/inventory/items/stats/overview',
  '/api/reservations/integration/stats/overview',
  '/api/customers/stats/overview',
  '/api/payments/stats/overview',
];
const LIST_PATH = '/api/reservations/integration/all';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  FakeSource.all = [];
  vi.stubGlobal('EventSource', FakeSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('live refetch (R-DASH-5)', () => {
  it('fetches each stats route and the list once for a burst of 20 events, after 1 s of quiet', async () => {
    signIn(user('BUSINESS_ADMIN'));
    const calls = stubPaths({
      'GET /api/inventory/items/stats/overview': {
        body: {
          total: 1,
          statusCounts: { AVAILABLE: 1, IN_USE: 0, MAINTENANCE_REQUIRED: 0, OUT_OF_SERVICE: 0 },
          byStatus: { AVAILABLE: 1, IN_USE: 0, MAINTENANCE: 0, OUT_OF_SERVICE: 0, DAMAGED: 0 },
          maintenanceDue: 0,
        },
      },
      'GET /api/reservations/integration/stats/overview': {
        body: { active: 1, total: 1, completed: 0, cancelled: 0, overdue: 0, noShowsThisWeek: 0 },
      },
      'GET /api/customers/stats/overview': { body: { total: 1 } },
      'GET /api/payments/stats/overview': { body: { totalAmount: 0, refundedAmount: 0, count: 0 } },
      [`GET ${LIST_PATH}`]: {
        body: {
          reservations: [reservation()],
          counts: { all: 1, active: 1, completed: 0, cancelled: 0, overdue: 0 },
          pagination: { limit: 10, nextCursor: null, total: 1 },
        },
      },
      'GET /runtime-config.json': { status: 404, body: {} },
    });
    const count = (path: string) => calls.filter((c) => c.url.split('?')[0] === path).length;
    const counts = () => [...STATS_PATHS, LIST_PATH].map(count);
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Reads />
      </SWRConfig>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(counts()).toEqual([1, 1, 1, 1, 1]);
    const source = FakeSource.all[0]!;
    act(() => source.open());

    // 20 bookings, each a reservation-created and a stats-updated, 100 ms apart: before, 9 calls each.
    for (let i = 0; i < 20; i++) {
      act(() => {
        source.emit('reservation-created', `c${i}a`);
        source.emit('stats-updated', `c${i}b`);
      });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    expect(counts()).toEqual([1, 1, 1, 1, 1]);
    await act(() => vi.advanceTimersByTimeAsync(REFETCH_QUIET_MS));
    expect(counts()).toEqual([2, 2, 2, 2, 2]);
    // Nothing else follows the burst.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(counts()).toEqual([2, 2, 2, 2, 2]);
  });
});
