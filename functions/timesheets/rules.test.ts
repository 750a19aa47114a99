import { describe, expect, it } from 'vitest';
import { zonedDateTime } from '../../shared/domain/time.js';
import { hoursOnDay } from '../../shared/domain/opening-hours.js';
import { hundredthsBetween, onTimeOf, performanceOf, weekStartOf } from './rules.js';

const openingTimeOn = (...a: Parameters<typeof hoursOnDay>) => hoursOnDay(...a)?.open ?? null;

const ZONE = 'America/New_York';
const hours = [
  { id: '1', dayType: 'everyday' as const, openTime: '09:00', closeTime: '17:00', isClosed: false },
  { id: '2', dayType: 'weekends' as const, openTime: '10:00', closeTime: '16:00', isClosed: false },
  { id: '3', dayType: 'sunday' as const, openTime: '', closeTime: '', isClosed: true },
];

describe('timesheet rules', () => {
  it('counts hundredths of an hour, rounded once', () => {
    expect(hundredthsBetween('2030-01-01T09:00:00Z', '2030-01-01T17:30:00Z')).toBe(850);
    expect(hundredthsBetween('2030-01-01T09:00:00Z', '2030-01-01T09:00:17Z')).toBe(0);
    expect(hundredthsBetween('2030-01-01T09:00:00Z', '2030-01-01T09:00:19Z')).toBe(1);
  });
  it('finds the Monday of the week in the zone', () => {
    // Sunday 2030-01-06 23:30 in New York is Monday 04:30 UTC
    expect(weekStartOf(zonedDateTime('2030-01-06', '23:30', ZONE).toISOString(), ZONE)).toBe('2029-12-31');
    expect(weekStartOf(zonedDateTime('2030-01-07', '00:30', ZONE).toISOString(), ZONE)).toBe('2030-01-07');
  });
  it('reads the opening time: special date, day name, weekends, every day', () => {
    expect(openingTimeOn('2030-01-07', hours, [])).toBe('09:00'); // Monday
    expect(openingTimeOn('2030-01-05', hours, [])).toBe('10:00'); // Saturday
    expect(openingTimeOn('2030-01-06', hours, [])).toBeNull(); // Sunday closed
    expect(
      openingTimeOn('2030-01-07', hours, [
        { id: 's', date: '2030-01-07', openTime: '07:00', closeTime: '12:00', isClosed: false },
      ]),
    ).toBe('07:00');
  });
  it('is on time up to 5 minutes after opening; closed days are not counted', () => {
    expect(onTimeOf(zonedDateTime('2030-01-07', '09:05', ZONE).toISOString(), ZONE, hours, [])).toBe(true);
    expect(
      onTimeOf(new Date(zonedDateTime('2030-01-07', '09:05', ZONE).getTime() + 1000).toISOString(), ZONE, hours, []),
    ).toBe(false);
    expect(onTimeOf(zonedDateTime('2030-01-06', '09:00', ZONE).toISOString(), ZONE, hours, [])).toBeNull();
  });
  it('computes performance from counters and week totals', () => {
    const p = performanceOf({
      completedSessions: 9,
      totalHundredths: 9000,
      onTimeCount: 3,
      onTimeEligible: 4,
      firstWeek: '2030-01-07',
      currentWeek: '2030-01-14',
      weekHundredths: [4500, 4500],
    });
    expect(p).toEqual({
      avgHoursPerWeek: 45,
      shiftsPerWeek: 4.5,
      totalShifts: 9,
      onTimePercentage: 75,
      overtimeHours: 10,
      productivityScore: 87.5,
      weeks: 2,
    });
    const none = performanceOf({
      completedSessions: 0,
      totalHundredths: 0,
      onTimeCount: 0,
      onTimeEligible: 0,
      firstWeek: null,
      currentWeek: '2030-01-14',
      weekHundredths: [],
    });
    expect(none).toMatchObject({ avgHoursPerWeek: 0, onTimePercentage: null, productivityScore: 0, weeks: 0 });
    expect(
      performanceOf({
        completedSessions: 1,
        totalHundredths: 2000,
        onTimeCount: 0,
        onTimeEligible: 0,
        firstWeek: '2030-01-14',
        currentWeek: '2030-01-14',
        weekHundredths: [2000],
      }).productivityScore,
    ).toBe(50);
  });
});
