import { createToaster } from '@chakra-ui/react';

// The toast store and its sizes, in a module of their own so the toast UI loaded on first use
// (./ToasterView.tsx) and ./toaster.tsx, which loads it, do not import each other.

/** R-PLAT-4: toast lifetimes, how many are kept, and their width. */
export const TOAST_DURATION = { success: 2000, error: 4000, info: 4000 } as const;
const TOAST_MAX = 20;
export const TOAST_MAX_WIDTH = '350px';

// Below the header bar (56 px), so a toast never covers the menu button or the user menu while it shows.
const TOAST_TOP_OFFSET = '4.5rem';
export const toaster = createToaster({
  placement: 'top-end',
  max: TOAST_MAX,
  pauseOnPageIdle: true,
  offsets: { top: TOAST_TOP_OFFSET, right: '1rem', bottom: '1rem', left: '1rem' },
});
