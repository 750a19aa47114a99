import { z } from 'zod';

/** Scheduled reports (document 3 §3, §5, §9). Kept server side per tenant (decisions.md, Reports: schedules). */
export const SCHEDULE_REPORT_TYPES = ['daily-log', 'revenue', 'employee-performance', 'cart-utilization', 'customer-activity'] as const;
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly'] as const;
export const SCHEDULE_HISTORY_CAP = 100;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** §5: report type required; schedule required; at least one recipient; frequency; HH:MM; weekly days; monthly day; e-mails. */
export const reportScheduleBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  reportType: z.enum(SCHEDULE_REPORT_TYPES, { error: 'Report type is required' }),
  parameters: z.record(z.string(), z.string().max(200)).optional(),
  schedule: z.object({
    frequency: z.enum(SCHEDULE_FREQUENCIES, { error: 'Frequency must be one of daily, weekly, monthly, quarterly' }),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24-hour)'),
    daysOfWeek: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    dayOfMonth: z.number().int().min(1).max(31).optional(),
  }, { error: 'Schedule is required' }),
  format: z.enum(['csv']).default('csv'),
  recipients: z.array(z.string().trim().max(254).regex(EMAIL, 'Each recipient must be a valid e-mail address'), { error: 'At least one recipient is required' })
    .min(1, 'At least one recipient is required').max(20),
  enabled: z.boolean().default(true),
}).superRefine((v, ctx) => {
  if (v.schedule.frequency === 'weekly' && !v.schedule.daysOfWeek?.length) ctx.addIssue({ code: 'custom', path: ['schedule', 'daysOfWeek'], message: 'Weekly schedules need days of week' });
  if (v.schedule.frequency === 'monthly' && v.schedule.dayOfMonth === undefined) ctx.addIssue({ code: 'custom', path: ['schedule', 'dayOfMonth'], message: 'Monthly schedules need a day of month' });
});
export type ReportScheduleInput = z.output<typeof reportScheduleBody>;

export const reportScheduleResponse = z.object({
  id: z.string(),
  name: z.string(),
  reportType: z.enum(SCHEDULE_REPORT_TYPES),
  parameters: z.record(z.string(), z.string()),
  schedule: z.object({
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    time: z.string(),
    daysOfWeek: z.array(z.number()).optional(),
    dayOfMonth: z.number().optional(),
  }),
  format: z.literal('csv'),
  recipients: z.array(z.string()),
  enabled: z.boolean(),
  status: z.enum(['scheduled', 'disabled']),
  nextRun: z.string().nullable(),
  lastRun: z.string().nullable(),
  runCount: z.number().int(),
  successCount: z.number().int(),
  failureCount: z.number().int(),
  createdAt: z.string(),
});
export type ReportSchedule = z.infer<typeof reportScheduleResponse>;
export const reportScheduleListResponse = z.object({ schedules: z.array(reportScheduleResponse) });
export const reportScheduleDeleteResponse = z.object({ deleted: z.literal(true) });
