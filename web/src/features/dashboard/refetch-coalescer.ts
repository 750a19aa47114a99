import type { LiveEventType } from './live.js';

/**
 * What the dashboard reads again after live events (R-DASH-5,
 * docs/decisions/0253-live-refetch-coalescing.md): one refetch of each concerned read per burst.
 */
export type DashboardRead = 'stats' | 'active';

/**
 * Which reads each event kind changes. Every kind may move a figure (stats-updated says so outright);
 * the active list changes with reservations and their payments. waitlist-joined only adds a Recent
 * Activity line: no figure and no list counts the waitlist.
 */
export const LIVE_EVENT_READS: Readonly<Record<LiveEventType, readonly DashboardRead[]>> = {
  'reservation-created': ['stats', 'active'],
  'reservation-updated': ['stats', 'active'],
  'reservation-cancelled': ['stats', 'active'],
  'inventory-status-changed': ['stats'],
  'payment-processed': ['stats', 'active'],
  'stats-updated': ['stats'],
  'waitlist-joined': [],
  'waitlist-booked': ['stats'],
};

/** The quiet window after the last event of a burst before the reads are made (trailing debounce). */
export const REFETCH_QUIET_MS = 1000;
/** The longest a read waits while events keep coming: an endless stream still refreshes every 3 s. */
export const REFETCH_MAX_WAIT_MS = 3000;

export interface RefetchCoalescer {
  /** Asks for these reads; they are made once the events have been quiet REFETCH_QUIET_MS. */
  request: (reads: Iterable<DashboardRead>) => void;
  /** Drops what is pending (the page went away). */
  cancel: () => void;
}

type Timers = { set: (fn: () => void, ms: number) => unknown; clear: (h: unknown) => void };

/**
 * Coalesces refetch requests: a burst of N events makes each concerned read once, REFETCH_QUIET_MS
 * after the last event, and never later than REFETCH_MAX_WAIT_MS after the first. Before, each event
 * refetched at once: a booking (reservation-created + stats-updated) cost 9 API calls per open
 * dashboard, 20 bookings 180; now 5 (4 overview routes + the list).
 */
export function createRefetchCoalescer(
  run: (read: DashboardRead) => void,
  opts: { quietMs?: number; maxWaitMs?: number; now?: () => number; timers?: Timers } = {},
): RefetchCoalescer {
  const quietMs = opts.quietMs ?? REFETCH_QUIET_MS;
  const maxWaitMs = opts.maxWaitMs ?? REFETCH_MAX_WAIT_MS;
  const now = opts.now ?? Date.now;
  const timers = opts.timers ?? {
    set: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clear: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const pending = new Set<DashboardRead>();
  let firstAt: number | null = null;
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    firstAt = null;
    const reads = [...pending];
    pending.clear();
    for (const r of reads) run(r);
  };

  return {
    request(reads) {
      let added = false;
      for (const r of reads) {
        pending.add(r);
        added = true;
      }
      // An event that concerns no read (waitlist-joined) neither starts nor extends a window.
      if (!added) return;
      const t = now();
      firstAt ??= t;
      if (timer !== null) timers.clear(timer);
      timer = timers.set(flush, Math.max(0, Math.min(quietMs, firstAt + maxWaitMs - t)));
    },
    cancel() {
      if (timer !== null) timers.clear(timer);
      timer = null;
      firstAt = null;
      pending.clear();
    },
  };
}
