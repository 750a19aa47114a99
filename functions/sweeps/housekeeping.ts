import { recoverStaleBatches } from '../inventory/bulk.js';
import { logger } from '../lib/logger.js';
import { sweepHandler } from '../lib/sweep-handler.js';

/**
 * Hourly housekeeping. Share links and invitations need no sweep: their expiry is decided when they
 * are read (docs/decisions/0075-inventory-batch-recovery-drains-every-stale-batch.md), and TTL removes old pointers. What does need one: inventory bulk
 * batches interrupted by a crash, rolled back (creates) or finished (deletes).
 */
export const handler = sweepHandler('housekeeping', async (): Promise<{ processed: number }> => {
  const processed = await recoverStaleBatches();
  if (processed) logger.warn('recovered interrupted inventory bulk batches', { processed });
  return { processed };
});
