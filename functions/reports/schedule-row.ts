import {
  RECIPIENT_STATES,
  reportScheduleResponse,
  SCHEDULE_FORMATS,
  SCHEDULE_REPORT_TYPES,
  scheduleRunEntry,
} from '../../shared/contract/report-schedule-models.js';
import { counter, type RowParser, rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';

/**
 * The stored scheduled report (`T#{org}` / `REPORTSCHEDULE#{id}`, docs/data-model.md "Reports"): the
 * view's fields less its derived status, the runs' `history` (the contract's run entry), `runningSince`
 * while a run sends, `lastManualRun`, and each recipient's state keyed by its normalized address
 * (./recipients.ts). One parse for every read: the list, the claim and run updates (`ALL_NEW`).
 */
const scheduleRowSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  reportType: z.enum(SCHEDULE_REPORT_TYPES),
  parameters: z.record(z.string(), z.string()),
  schedule: reportScheduleResponse.shape.schedule,
  // Schedules written before formats were offered (2026-11-25) have none: the default, PDF.
  format: z._default(z.enum(SCHEDULE_FORMATS), 'pdf'),
  recipients: z.array(z.string()),
  // Schedules written before recipient states have none: every address reads pending (staff still receive).
  recipientStates: z._default(z.record(z.string(), z.enum(RECIPIENT_STATES)), {}),
  enabled: z.boolean(),
  nextRun: z.nullable(z.string()),
  lastRun: z.nullable(z.string()),
  runCount: counter(),
  successCount: counter(),
  failureCount: counter(),
  createdAt: z.string(),
  history: z._default(z.array(scheduleRunEntry), []),
  runningSince: z.optional(z.string()),
  lastManualRun: z.optional(z.string()),
});

export type ScheduleRow = z.output<typeof scheduleRowSchema>;
export const parseScheduleRow: RowParser<ScheduleRow> = rowParser('report schedule', scheduleRowSchema);

/** The due index's projection the sweep reads (tenant, id, the next run it saw, the schedule). */
export const parseDueSchedule = rowParser(
  'due report schedule',
  z.object({
    tenantId: z.string(),
    id: z.string(),
    nextRun: z.string(),
    schedule: reportScheduleResponse.shape.schedule,
  }),
);
