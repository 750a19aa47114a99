import { describe, expect, it } from 'vitest';
import { periodText, reportPeriod } from './period.js';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso).getTime();

describe('the period a run reports on (the last complete one, organization zone)', () => {
  // 2026-03-10 02:00Z is still Monday 9 March in New York.
  const now = at('2026-03-10T02:00:00Z');
  it('daily: yesterday in the zone, not in UTC', () => {
    expect(reportPeriod('revenue', 'daily', NY, now)).toEqual({ startDate: '2026-03-08', endDate: '2026-03-08' });
  });
  it('weekly: the 7 days ending yesterday', () => {
    expect(reportPeriod('revenue', 'weekly', NY, now)).toEqual({ startDate: '2026-03-02', endDate: '2026-03-08' });
  });
  it('monthly: the previous calendar month (February of a non-leap year)', () => {
    expect(reportPeriod('customer-activity', 'monthly', NY, now)).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    expect(reportPeriod('customer-activity', 'monthly', NY, at('2026-01-01T12:00:00Z'))).toEqual({
      startDate: '2025-12-01',
      endDate: '2025-12-31',
    });
  });
  it('quarterly: the previous calendar quarter, across a year', () => {
    expect(reportPeriod('revenue', 'quarterly', NY, now)).toEqual({ startDate: '2025-10-01', endDate: '2025-12-31' });
    expect(reportPeriod('revenue', 'quarterly', NY, at('2026-08-15T12:00:00Z'))).toEqual({
      startDate: '2026-04-01',
      endDate: '2026-06-30',
    });
  });
  it('the daily log is always yesterday', () => {
    expect(reportPeriod('daily-log', 'monthly', NY, now)).toEqual({ date: '2026-03-08' });
    expect(periodText({ date: '2026-03-08' })).toBe('2026-03-08');
    expect(periodText({ startDate: '2026-03-02', endDate: '2026-03-08' })).toBe('2026-03-02..2026-03-08');
  });
});

describe('the period across boundaries', () => {
  it('weekly: the 7 days ending yesterday cross a month and a year', () => {
    // 2026-01-03 12:00Z is Saturday 3 January in New York.
    expect(reportPeriod('revenue', 'weekly', NY, at('2026-01-03T12:00:00Z'))).toEqual({
      startDate: '2025-12-27',
      endDate: '2026-01-02',
    });
  });
  it('monthly: February of a leap year ends on the 29th', () => {
    expect(reportPeriod('revenue', 'monthly', NY, at('2028-03-15T12:00:00Z'))).toEqual({
      startDate: '2028-02-01',
      endDate: '2028-02-29',
    });
  });
  it('quarterly: run on the first day of a quarter reports the quarter just ended', () => {
    expect(reportPeriod('revenue', 'quarterly', NY, at('2026-07-01T12:00:00Z'))).toEqual({
      startDate: '2026-04-01',
      endDate: '2026-06-30',
    });
    // The last day of a quarter still reports the one before it.
    expect(reportPeriod('revenue', 'quarterly', NY, at('2026-09-30T12:00:00Z'))).toEqual({
      startDate: '2026-04-01',
      endDate: '2026-06-30',
    });
  });
  it("the day is the zone's: just after midnight UTC is still the day before in New York", () => {
    expect(reportPeriod('daily-log', 'daily', NY, at('2026-04-01T03:00:00Z'))).toEqual({ date: '2026-03-30' });
    expect(reportPeriod('daily-log', 'daily', 'UTC', at('2026-04-01T03:00:00Z'))).toEqual({ date: '2026-03-31' });
  });
  it('periodText: one day of a range reads as that day', () => {
    expect(periodText({ startDate: '2026-03-08', endDate: '2026-03-08' })).toBe('2026-03-08');
  });
});
