/** The parameters of a report (R-REP-2): a day, or a range of at most a year, with the texts of their 400s. */
import { addDaysToDay, isRealDate } from '../../shared/domain/time.js';
import { badRequest } from '../lib/errors.js';

export const REPORT_MESSAGES = {
  dateRequired: 'Date parameter is required for daily log report',
  rangeRequired: 'Both startDate and endDate are required',
  invalidDate: 'Invalid date format',
  order: 'Start date must be before end date',
  tooLong: 'Date range cannot exceed 1 year',
} as const;

/** A calendar day from `YYYY-MM-DD` (or an ISO date-time: its date part); null when not a real date. */
export function parseDay(v: string | undefined): string | null {
  if (!v) return null;
  const m = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(v.trim());
  return m && isRealDate(m[1]) ? m[1]! : null;
}

export function parseRange(q: { startDate?: string; endDate?: string }): { start: string; end: string } {
  if (!q.startDate?.trim() || !q.endDate?.trim()) throw badRequest(REPORT_MESSAGES.rangeRequired);
  const start = parseDay(q.startDate);
  const end = parseDay(q.endDate);
  if (!start || !end) throw badRequest(REPORT_MESSAGES.invalidDate);
  if (start > end) throw badRequest(REPORT_MESSAGES.order);
  if (end > addDaysToDay(start, 366)) throw badRequest(REPORT_MESSAGES.tooLong);
  return { start, end };
}
