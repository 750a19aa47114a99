import { describe, expect, it } from 'vitest';
import {
  addDaysToDay,
  clockOf,
  dayOf,
  endOfDayIn,
  formatNumericIn,
  isoWeekdayOf,
  isRealDate,
  isValidTimeZone,
  startOfDayIn,
  todayIn,
  zonedDateTime,
} from './time.js';
import { formatIn } from './time-text.js';

// These answers must not depend on the host's zone: run with TZ=UTC and TZ=Pacific/Auckland.
describe('time in the organization zone', () => {
  it('knows real zones and real dates', () => {
    expect(isValidTimeZone('Pacific/Auckland')).toBe(true);
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
    expect(isRealDate('2030-02-28')).toBe(true);
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2030-02-29')).toBe(false);
    expect(isRealDate('2030-02-31')).toBe(false);
    expect(isRealDate('2030-13-01')).toBe(false);
    expect(isRealDate('2030-1-01')).toBe(false);
    expect(isRealDate('2030-01-01T00:00')).toBe(false);
    // Leap years by the 4/100/400 rule, months 00 and 13, days 00 and past the month's end.
    expect(isRealDate('2000-02-29')).toBe(true);
    expect(isRealDate('2100-02-29')).toBe(false);
    expect(isRealDate('2030-00-10')).toBe(false);
    expect(isRealDate('2030-01-00')).toBe(false);
    expect(isRealDate('2030-04-31')).toBe(false);
    expect(isRealDate('2030-12-31')).toBe(true);
    // Years 0001-0099 answer as before (date-fns' parse took them; isExists alone would read 1900-1999).
    expect(isRealDate('0048-02-29')).toBe(true);
    expect(isRealDate('0050-02-29')).toBe(false);
    expect(isRealDate('0000-01-01')).toBe(false);
  });

  it('computes day boundaries in the zone, not the host', () => {
    expect(startOfDayIn('2030-07-01', 'America/New_York').toISOString()).toBe('2030-07-01T04:00:00.000Z');
    expect(endOfDayIn('2030-07-01', 'America/New_York').toISOString()).toBe('2030-07-02T03:59:59.999Z');
    expect(startOfDayIn('2030-07-01', 'Pacific/Auckland').toISOString()).toBe('2030-06-30T12:00:00.000Z');
    expect(startOfDayIn('2030-01-15', 'UTC').toISOString()).toBe('2030-01-15T00:00:00.000Z');
    // A daylight-saving day in New York is 23 hours long.
    const len =
      endOfDayIn('2030-03-10', 'America/New_York').getTime() +
      1 -
      startOfDayIn('2030-03-10', 'America/New_York').getTime();
    expect(len).toBe(23 * 3600_000);
    expect(() => startOfDayIn('2030-02-31', 'UTC')).toThrow();
  });

  it('names the day and clock of an instant in a zone', () => {
    const instant = new Date('2030-07-01T11:30:00.000Z');
    expect(dayOf(instant, 'Pacific/Auckland')).toBe('2030-07-01');
    expect(dayOf(new Date('2030-07-01T12:30:00.000Z'), 'Pacific/Auckland')).toBe('2030-07-02');
    expect(dayOf(new Date('2030-07-01T03:00:00.000Z'), 'America/New_York')).toBe('2030-06-30');
    expect(todayIn('America/Los_Angeles', Date.parse('2030-01-01T05:00:00Z'))).toBe('2029-12-31');
    expect(clockOf(instant, 'America/New_York')).toBe('07:30');
  });

  it('turns a wall-clock date and time into the instant', () => {
    expect(zonedDateTime('2030-07-01', '09:00', 'America/New_York').toISOString()).toBe('2030-07-01T13:00:00.000Z');
    expect(zonedDateTime('2030-01-01', '09:00', 'America/New_York').toISOString()).toBe('2030-01-01T14:00:00.000Z');
    expect(zonedDateTime('2030-07-01', '09:00', 'Pacific/Auckland').toISOString()).toBe('2030-06-30T21:00:00.000Z');
    expect(() => zonedDateTime('2030-02-31', '09:00', 'UTC')).toThrow();
    expect(() => zonedDateTime('2030-02-01', '25:00', 'UTC')).toThrow();
  });

  it('adds calendar days', () => {
    expect(addDaysToDay('2030-02-28', 1)).toBe('2030-03-01');
    expect(addDaysToDay('2030-03-10', 1)).toBe('2030-03-11');
    expect(addDaysToDay('2030-01-01', -1)).toBe('2029-12-31');
  });

  it('formats digits and AM/PM without the locale exactly as the full format does, in the zone', () => {
    const instants = [
      Date.UTC(2030, 5, 1, 21, 5),
      Date.UTC(2030, 0, 1, 0, 0),
      Date.UTC(2030, 11, 31, 12, 30),
      Date.UTC(2031, 2, 9, 7, 59),
    ];
    for (const zone of ['America/New_York', 'Pacific/Auckland', 'UTC']) {
      for (const t of instants)
        for (const p of ['M/d/yyyy, h:mm a', 'yyyy-MM-dd HH:mm'])
          expect(formatNumericIn(t, zone, p)).toBe(formatIn(t, zone, p));
    }
    expect(formatNumericIn(Date.UTC(2030, 5, 1, 21, 5), 'America/New_York', 'M/d/yyyy, h:mm a')).toBe(
      '6/1/2030, 5:05 PM',
    );
  });

  it('gives the ISO weekday of an instant in the zone (Monday 1 … Sunday 7)', () => {
    const t = Date.UTC(2030, 5, 3, 0, 0); // Monday 00:00 UTC = Sunday 20:00 in New York, Monday 12:00 in Auckland
    expect(isoWeekdayOf(t, 'America/New_York')).toBe(7);
    expect(isoWeekdayOf(t, 'Pacific/Auckland')).toBe(1);
    expect(isoWeekdayOf(t, 'UTC')).toBe(1);
  });
});
