import { useSyncExternalStore } from 'react';

/** Below this width tables become cards (issue 10: a card layout under 480 px). */
export const CARD_BREAKPOINT_PX = 480;

function query(maxWidth: number) {
  return `(max-width: ${maxWidth - 0.02}px)`;
}

/** True while the viewport is narrower than `px` (matchMedia; false where there is none). */
export function useNarrow(px: number = CARD_BREAKPOINT_PX): boolean {
  return useSyncExternalStore(
    (cb) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mq = window.matchMedia(query(px));
      mq.addEventListener?.('change', cb);
      return () => mq.removeEventListener?.('change', cb);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query(px)).matches : false),
    () => false,
  );
}
