import { recoverStaleBatches } from '../inventory/bulk.js';
import { logger } from '../lib/logger.js';
import { sweepHandler } from '../lib/sweep-handler.js';

/**
 * Every minute: inventory bulk batches interrupted by a crash (a batch is stale after a minute, see
 * STALE_BATCH_MS), so nobody sees part of an unfinished batch for more than 2 minutes (docs/decisions/0163-hardening-interrupted-bulk-creates.md).
 * Usually one empty Query of the batch index.
 */
export const handler = sweepHandler('inventory-batches', async (): Promise<{ processed: number }> => {
  const processed = await recoverStaleBatches(Date.now(), 40_000);
  if (processed) logger.warn('recovered interrupted inventory bulk batches', { processed });
  return { processed };
});
