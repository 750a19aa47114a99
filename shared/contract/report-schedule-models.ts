import * as z from '../zod.js';
import { emailCheck } from './common.js';

/** Scheduled reports (R-REP-6). Kept server side per tenant (docs/decisions/0207-reports-scheduled-reports-really-arrive.md). */
export const SCHEDULE_REPORT_TYPES = [
  'daily-log',
  'revenue',
  'employee-performance',
  'cart-utilization',
  'customer-activity',
] as const;
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly'] as const;
export const SCHEDULE_HISTORY_CAP = 100;
/** The attachment of a scheduled report. R-REP-4's formats per report type, those a file can carry: daily-log PDF or CSV, the others PDF or Excel; PDF is the default (§9). */
export const SCHEDULE_FORMATS = ['pdf', 'excel', 'csv'] as const;
export type ScheduleFormat = (typeof SCHEDULE_FORMATS)[number];
export const scheduleFormatsFor = (type: (typeof SCHEDULE_REPORT_TYPES)[number]): ScheduleFormat[] =>
  type === 'daily-log' ? ['pdf', 'csv'] : ['pdf', 'excel'];

/**
 * Who may receive a schedule's mail (docs/decisions/0002-report-mail-recipients.md):
 * staff: an active user's e-mail of the organization, no confirmation; outside addresses (added by an
 * administrator only) are pending until they confirm through the link mailed to them once; anyone
 * may unsubscribe from a report's own e-mail.
 */
export const RECIPIENT_STATES = ['staff', 'pending', 'confirmed', 'unsubscribed'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
/** Report e-mails (confirmations included) an organization may send per day in its zone. */
export const REPORT_MAIL_DAILY_CAP = 200;
export const REPORT_MAIL_CAP_MESSAGE = `The daily limit of ${REPORT_MAIL_DAILY_CAP} report e-mails for your organization is reached; nothing was sent. Scheduled reports resume tomorrow.`;
export const OUTSIDE_RECIPIENT_ADMIN_ONLY =
  'Only an administrator can add recipients who are not active staff of your organization';
/** Addresses compare without case; the stored list holds each address once. */
export const normalizeRecipient = (address: string) => address.trim().toLowerCase();

/** §5: report type required; schedule required; at least one recipient; frequency; HH:MM; weekly days; monthly day; e-mails. */
export const reportScheduleBody = z
  .object({
    name: z.string().check(z.trim(), z.singleLine(), z.minLength(1, 'Name is required'), z.maxLength(120)),
    reportType: z.enum(SCHEDULE_REPORT_TYPES, { error: 'Report type is required' }),
    parameters: z.optional(
      z.record(z.string().check(z.singleLine()), z.string().check(z.maxLength(200), z.singleLine())),
    ),
    schedule: z
      .object(
        {
          frequency: z.enum(SCHEDULE_FREQUENCIES, {
            error: 'Frequency must be one of daily, weekly, monthly, quarterly',
          }),
          time: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (24-hour)')),
          daysOfWeek: z.optional(z.array(z.number().check(z.int(), z.gte(0), z.lte(6))).check(z.maxLength(7))),
          dayOfMonth: z.optional(z.number().check(z.int(), z.gte(1), z.lte(31))),
        },
        { error: 'Schedule is required' },
      )
      .check(
        // For the OpenAPI document: weekly schedules need days of week, monthly ones a day of month.
        z.meta({
          if: { properties: { frequency: { const: 'weekly' } }, required: ['frequency'] },
          then: { required: ['daysOfWeek'], properties: { daysOfWeek: { minItems: 1 } } },
          else: {
            if: { properties: { frequency: { const: 'monthly' } }, required: ['frequency'] },
            then: { required: ['dayOfMonth'] },
          },
        }),
      ),
    format: z._default(z.enum(SCHEDULE_FORMATS, { error: 'Format must be one of pdf, excel, csv' }), 'pdf'),
    recipients: z
      .array(z.string().check(z.trim(), ...emailCheck('Each recipient must be a valid e-mail address')), {
        error: 'At least one recipient is required',
      })
      .check(z.minLength(1, 'At least one recipient is required'), z.maxLength(20)),
    enabled: z._default(z.boolean(), true),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.schedule.frequency === 'weekly' && !v.schedule.daysOfWeek?.length)
        ctx.addIssue({
          code: 'custom',
          path: ['schedule', 'daysOfWeek'],
          message: 'Weekly schedules need days of week',
        });
      if (v.schedule.frequency === 'monthly' && v.schedule.dayOfMonth === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['schedule', 'dayOfMonth'],
          message: 'Monthly schedules need a day of month',
        });
      if (!scheduleFormatsFor(v.reportType).includes(v.format))
        ctx.addIssue({
          code: 'custom',
          path: ['format'],
          message: `Format ${v.format} not supported for report type ${v.reportType}`,
        });
    }),
    // The same rules for the OpenAPI document (docs/decisions/0239-openapi-a-document-a-client-can-trust.md):
    // one if/then/else per schema object, so tools that read a schema's `allOf` as a merge are not misled.
    z.meta({
      if: { properties: { reportType: { const: 'daily-log' } }, required: ['reportType'] },
      then: { properties: { format: { enum: scheduleFormatsFor('daily-log') } } },
      else: { properties: { format: { enum: scheduleFormatsFor('revenue') } } },
    }),
  );
export type ReportScheduleInput = z.output<typeof reportScheduleBody>;

/** One run of a schedule: when, why (its time came, or Run now), what came of it. */
export const scheduleRunEntry = z.object({
  at: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  /** skipped: the organization was suspended or its Reports module off at the run's time (nothing sent, not counted). */
  outcome: z.enum(['success', 'failure', 'skipped']),
  /** The period the report covered (YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD). */
  period: z.string(),
  /** Recipients the e-mail was accepted for. */
  sent: z.number().check(z.int()),
  fileName: z.nullable(z.string()),
  error: z.nullable(z.string()),
});
export type ScheduleRunEntry = z.infer<typeof scheduleRunEntry>;

export const reportScheduleResponse = z.object({
  id: z.string(),
  name: z.string(),
  reportType: z.enum(SCHEDULE_REPORT_TYPES),
  parameters: z.record(z.string(), z.string()),
  schedule: z.object({
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    time: z.string(),
    daysOfWeek: z.optional(z.array(z.number())),
    dayOfMonth: z.optional(z.number()),
  }),
  format: z.enum(SCHEDULE_FORMATS),
  recipients: z.array(z.string()),
  /** Each recipient's state, in the order of `recipients`. */
  recipientStates: z.array(z.object({ address: z.string(), state: z.enum(RECIPIENT_STATES) })),
  enabled: z.boolean(),
  /** running while a run is sending (at most 15 minutes after it started); disabled when not enabled. */
  status: z.enum(['scheduled', 'running', 'disabled']),
  nextRun: z.nullable(z.string()),
  lastRun: z.nullable(z.string()),
  runCount: z.number().check(z.int()),
  successCount: z.number().check(z.int()),
  failureCount: z.number().check(z.int()),
  createdAt: z.string(),
  /** The last runs, oldest first, at most SCHEDULE_HISTORY_CAP (R-REP-6). */
  history: z.array(scheduleRunEntry),
});
export type ReportSchedule = z.infer<typeof reportScheduleResponse>;

/** PATCH: switch a schedule on (next run computed again from now) or off (no next run, out of the due index). */
export const reportScheduleUpdateBody = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export const reportScheduleRunResponse = z.object({ schedule: reportScheduleResponse, run: scheduleRunEntry });

/** Today's report e-mails of the organization against the daily cap, so the screen can say when it is reached. */
const reportMailQuota = z.object({
  day: z.string(),
  sent: z.number().check(z.int()),
  limit: z.number().check(z.int()),
});
export const reportScheduleListResponse = z.object({
  schedules: z.array(reportScheduleResponse),
  mailQuota: reportMailQuota,
});

/** The public links of report mail: a random token (only its hash is stored) bound to one tenant, schedule and address. */
export const reportMailTokenParams = z.object({
  token: z.string().check(z.singleLine(), z.minLength(1), z.maxLength(200)),
});
export const reportMailLinkResponse = z.object({ status: z.enum(['confirmed', 'unsubscribed']), message: z.string() });
export const reportScheduleDeleteResponse = z.object({ deleted: z.literal(true) });
