import { useSyncExternalStore } from 'react';

/**
 * The widths the layout changes at, in CSS px: below `phone` a DataTable shows cards, below `tablet`
 * (Chakra's `md`, 48em) the reservation list and the log show cards (R-RES-10).
 */
const BREAKPOINTS = { phone: 480, tablet: 768 } as const;
type Breakpoint = keyof typeof BREAKPOINTS;

// Just under the breakpoint, so that a viewport exactly at it counts as the wider layout (as Chakra's `md` does).
const belowQuery = (b: Breakpoint) => `(max-width: ${BREAKPOINTS[b] - 0.02}px)`;

/** True while the viewport is narrower than the breakpoint (false where there is no matchMedia). */
export function useBelow(b: Breakpoint): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mq = window.matchMedia(belowQuery(b));
      mq.addEventListener?.('change', onChange);
      return () => mq.removeEventListener?.('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(belowQuery(b)).matches : false),
    () => false,
  );
}
