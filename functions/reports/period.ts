/** The period a scheduled run reports on: pure date maths on calendar days of the organization's zone. */
import type { ReportSchedule } from '../../shared/contract/report-schedule-models.js';
import { addDaysToDay, todayIn } from '../../shared/domain/time.js';

export type Period = { date: string } | { startDate: string; endDate: string };

const monthStart = (day: string) => `${day.slice(0, 8)}01`;
function previousMonthStart(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 - months;
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * The last complete period before the run, in the organization's zone: daily → yesterday; weekly →
 * the 7 days ending yesterday; monthly → the previous calendar month; quarterly → the previous
 * calendar quarter. The daily log (a one-day report) is always yesterday's.
 */
export function reportPeriod(
  type: ReportSchedule['reportType'],
  frequency: ReportSchedule['schedule']['frequency'],
  zone: string,
  now: number,
): Period {
  const today = todayIn(zone, now);
  const yesterday = addDaysToDay(today, -1);
  if (type === 'daily-log') return { date: yesterday };
  switch (frequency) {
    case 'daily':
      return { startDate: yesterday, endDate: yesterday };
    case 'weekly':
      return { startDate: addDaysToDay(today, -7), endDate: yesterday };
    case 'monthly': {
      const start = previousMonthStart(today, 1);
      return { startDate: start, endDate: addDaysToDay(monthStart(today), -1) };
    }
    case 'quarterly': {
      const month = Number(today.slice(5, 7)) - 1;
      const thisQuarter = previousMonthStart(today, month % 3);
      return { startDate: previousMonthStart(thisQuarter, 3), endDate: addDaysToDay(thisQuarter, -1) };
    }
  }
}

export const periodText = (p: Period) =>
  'date' in p ? p.date : p.startDate === p.endDate ? p.startDate : `${p.startDate}..${p.endDate}`;
