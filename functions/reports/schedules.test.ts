import { describe, expect, it } from 'vitest';
import { reportScheduleBody } from '../../shared/contract/report-schedule-models.js';
import { nextRunAfter } from './schedules.js';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso).getTime();

describe('nextRunAfter (organization zone)', () => {
  it('daily: later today, or tomorrow once the time has passed', () => {
    expect(nextRunAfter({ frequency: 'daily', time: '08:00' }, NY, at('2026-03-10T11:00:00Z'))?.toISOString()).toBe(
      '2026-03-10T12:00:00.000Z',
    );
    expect(nextRunAfter({ frequency: 'daily', time: '08:00' }, NY, at('2026-03-10T12:00:00Z'))?.toISOString()).toBe(
      '2026-03-11T12:00:00.000Z',
    );
  });
  it('follows the zone across the DST change (08:00 New York is 13:00Z before, 12:00Z after)', () => {
    expect(nextRunAfter({ frequency: 'daily', time: '08:00' }, NY, at('2026-03-07T14:00:00Z'))?.toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    );
    expect(nextRunAfter({ frequency: 'daily', time: '08:00' }, NY, at('2026-03-06T14:00:00Z'))?.toISOString()).toBe(
      '2026-03-07T13:00:00.000Z',
    );
  });
  it('weekly: the next listed weekday (0 = Sunday)', () => {
    // 2026-03-10 is a Tuesday; Monday and Friday → Friday 13th
    expect(
      nextRunAfter(
        { frequency: 'weekly', time: '09:30', daysOfWeek: [1, 5] },
        NY,
        at('2026-03-10T15:00:00Z'),
      )?.toISOString(),
    ).toBe('2026-03-13T13:30:00.000Z');
  });
  it('monthly: day 31 runs on the last day of a shorter month', () => {
    expect(
      nextRunAfter(
        { frequency: 'monthly', time: '07:00', dayOfMonth: 31 },
        NY,
        at('2026-04-02T12:00:00Z'),
      )?.toISOString(),
    ).toBe('2026-04-30T11:00:00.000Z');
  });
  it('quarterly: the first day of the next quarter', () => {
    expect(nextRunAfter({ frequency: 'quarterly', time: '06:00' }, NY, at('2026-02-15T12:00:00Z'))?.toISOString()).toBe(
      '2026-04-01T10:00:00.000Z',
    );
  });
});

describe('schedule validation (R-REP-6)', () => {
  const good = {
    name: 'Weekly revenue',
    reportType: 'revenue',
    schedule: { frequency: 'weekly', time: '08:00', daysOfWeek: [1] },
    recipients: ['a@b.co'],
  };
  const messages = (v: unknown) => {
    const r = reportScheduleBody.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('accepts a valid schedule', () => expect(messages(good)).toEqual([]));
  it('refuses each rule with its message', () => {
    expect(messages({ ...good, reportType: undefined })).toContain('Report type is required');
    expect(messages({ ...good, schedule: undefined })).toContain('Schedule is required');
    expect(messages({ ...good, recipients: [] })).toContain('At least one recipient is required');
    expect(messages({ ...good, schedule: { ...good.schedule, frequency: 'hourly' } })).toContain(
      'Frequency must be one of daily, weekly, monthly, quarterly',
    );
    expect(messages({ ...good, schedule: { ...good.schedule, time: '24:00' } })).toContain(
      'Time must be HH:MM (24-hour)',
    );
    expect(messages({ ...good, schedule: { frequency: 'weekly', time: '08:00' } })).toContain(
      'Weekly schedules need days of week',
    );
    expect(messages({ ...good, schedule: { frequency: 'monthly', time: '08:00' } })).toContain(
      'Monthly schedules need a day of month',
    );
    expect(messages({ ...good, recipients: ['not-an-email'] })).toContain(
      'Each recipient must be a valid e-mail address',
    );
  });
});

describe('schedule formats (R-REP-4)', () => {
  const base = { name: 'x', schedule: { frequency: 'daily', time: '08:00' }, recipients: ['a@b.co'] };
  const parse = (v: unknown) => reportScheduleBody.safeParse(v);
  it('PDF by default; daily log PDF or CSV, the others PDF or Excel', () => {
    expect(parse({ ...base, reportType: 'revenue' }).data?.format).toBe('pdf');
    expect(parse({ ...base, reportType: 'revenue', format: 'excel' }).success).toBe(true);
    expect(parse({ ...base, reportType: 'daily-log', format: 'csv' }).success).toBe(true);
    expect(parse({ ...base, reportType: 'revenue', format: 'csv' }).error?.issues.map((i) => i.message)).toEqual([
      'Format csv not supported for report type revenue',
    ]);
    expect(parse({ ...base, reportType: 'daily-log', format: 'excel' }).error?.issues.map((i) => i.message)).toEqual([
      'Format excel not supported for report type daily-log',
    ]);
  });
});
