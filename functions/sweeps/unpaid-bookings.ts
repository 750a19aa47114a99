import { logger } from '../lib/logger.js';

/**
 * Sweep entry. The area that owns the rows implements the work; until it lands this sweep only
 * reports that it ran, so the schedule, its alarms and the local runner are exercised end to end.
 */
export async function handler(): Promise<{ processed: number }> {
  logger.info('sweep ran with nothing to do yet', { sweep: import.meta.url.split('/').pop() });
  return { processed: 0 };
}
