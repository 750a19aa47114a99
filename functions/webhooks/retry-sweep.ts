import { logger } from '../lib/logger.js';
import { sweepHandler } from '../lib/sweep-handler.js';
import { pollWebhooks } from './worker.js';

/**
 * The webhook sweep on AWS (every minute, functions/lib/sweep-schedules.ts): sends the deliveries whose retry
 * is due (gsi1 `SWEEP#WHPEND` by next-attempt time, never a scan) and fans out any outbox row the stream
 * left more than a minute behind (a safety net: the stream → queue → worker path normally takes it in
 * seconds). R-SET-10, docs/decisions/0231-webhooks.md.
 */
export const handler = sweepHandler('webhook-retries', async () => {
  // No send starts after 40 s: the last ones (10 s at most) end within the sweep's minute (R-SET-12).
  const result = await pollWebhooks({ outboxLagMs: 60_000, budgetMs: 40_000 });
  if (result.sent || result.fannedOut) logger.info('webhook sweep', { ...result });
  return result;
});
