import { logger } from '../lib/logger.js';
import { runDueSchedules, type SweepResult } from '../reports/schedule-sweep.js';
import { sweepHandler } from '../lib/sweep-handler.js';

/**
 * Scheduled reports (docs/decisions/0207-reports-scheduled-reports-really-arrive.md): every schedule whose next run has come is claimed once (a conditional
 * write on its nextRun), its report computed for its period in the organization's zone, rendered as
 * PDF, Excel or CSV and e-mailed with the file attached (functions/reports/schedule-runs.ts).
 * EventBridge runs it every 5 minutes, so a report leaves at most 5 minutes after its time.
 */
export const handler = sweepHandler('report-schedules', async (): Promise<SweepResult> => {
  const result = await runDueSchedules();
  if (result.due) logger.info('report schedules sweep', { ...result });
  return result;
});
