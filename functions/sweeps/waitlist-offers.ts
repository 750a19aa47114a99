import { logger } from '../lib/logger.js';
import { sweepWaitlist } from '../services/waitlist-offers.js';
import { sweepHandler } from './sweep-handler.js';

/**
 * The waitlist sweep (R-SVC-9, docs/decisions/waitlist.md), every minute: holds past their time go back
 * (Query of the SWEEP#WLHOLD index by holdUntil), then freed places are offered (Query of the
 * SWEEP#WLCHECK index by due time). Never a scan; safe to run twice at once (conditional transitions).
 * The release paths also run the offers right after their own commit: this sweep is the guarantee.
 */
export const handler = sweepHandler('waitlist-offers', async () => {
  const result = await sweepWaitlist();
  if (result.expired || result.offers) logger.info('waitlist swept', result);
  return result;
});
