import type {
  RecipientState,
  SCHEDULE_FREQUENCIES,
  ScheduleFormat,
} from '../../../../shared/contract/report-schedule-models.js';
import type { ReportSchedule } from './api/index.js';
import type { ReportType } from './model.js';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const FREQUENCY_LABELS: Record<(typeof SCHEDULE_FREQUENCIES)[number], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};
export const FORMAT_NAMES: Record<ScheduleFormat, string> = { pdf: 'PDF', excel: 'Excel', csv: 'CSV' };
/** docs/decisions/0002-report-mail-recipients.md: staff receive at once; an outside address only after it confirms; anyone may unsubscribe. */
export const RECIPIENT_STATE_LABELS: Record<RecipientState, { label: string; color: string }> = {
  staff: { label: 'Staff', color: 'gray' },
  pending: { label: 'Awaiting confirmation', color: 'orange' },
  confirmed: { label: 'Confirmed', color: 'green' },
  unsubscribed: { label: 'Unsubscribed', color: 'red' },
};

/** "Weekly on Mon, Wed at 07:00" (the time is the organization's). */
export function describeSchedule(s: ReportSchedule['schedule']): string {
  switch (s.frequency) {
    case 'daily':
      return `Daily at ${s.time}`;
    case 'weekly':
      return `Weekly on ${(s.daysOfWeek ?? []).map((d) => WEEKDAYS[d]).join(', ')} at ${s.time}`;
    case 'monthly':
      return `Monthly on day ${s.dayOfMonth} at ${s.time}`;
    case 'quarterly':
      return `Quarterly (1 Jan, Apr, Jul, Oct) at ${s.time}`;
  }
}

/** What a run covers (functions/reports/schedule-runs.ts, reportPeriod). */
export function periodHint(type: ReportType, frequency: ReportSchedule['schedule']['frequency']): string {
  if (type === 'daily-log') return 'Each run sends the daily log of the day before.';
  return {
    daily: 'Each run covers the day before.',
    weekly: 'Each run covers the 7 days before the run day.',
    monthly: 'Each run covers the previous calendar month.',
    quarterly: 'Each run covers the previous calendar quarter.',
  }[frequency];
}
