import { logger } from '../lib/logger.js';
import { sweepSlotHolds } from '../services/slot-hold-sweep.js';
import { sweepWaitlist } from '../services/waitlist-sweep.js';
import { sweepHandler } from '../lib/sweep-handler.js';

/**
 * The waitlist sweep (R-SVC-9, docs/decisions/0236-waitlist.md), every minute: holds past their time go back
 * (Query of the SWEEP#WLHOLD index by holdUntil), then freed places are offered (Query of the
 * SWEEP#WLCHECK index by due time); joins never confirmed lapse (SWEEP#WLCONFIRM by deadline, R-SVC-11). Never a scan; safe to run twice at once (conditional transitions).
 * The release paths also run the offers right after their own commit: this sweep is the guarantee.
 * First, places taken by bookings that never landed go back (services/slot-hold-sweep.ts, R-BOOK-5),
 * so they can be offered in the same run.
 */
export const handler = sweepHandler('waitlist-offers', async () => {
  const holds = await sweepSlotHolds();
  if (holds.released) logger.warn('slot holds released', holds);
  const result = await sweepWaitlist();
  if (result.expired || result.offers || result.lapsed) logger.info('waitlist swept', result);
  return { ...result, holdsReleased: holds.released };
});
