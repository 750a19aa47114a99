import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatClock,
  formatDateIn,
  formatDateTimeIn,
  formatIn,
  formatSlotIn,
  formatTimeIn,
  zoneAbbreviation,
} from './time-text.js';

// The process runs in a zone unlike every zone read below: nothing may leak the runtime's own clock.
const saved = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = saved;
});

const NY = 'America/New_York';

describe('one formatting module: times in a named zone (docs/decisions/0008-one-time-zone.md)', () => {
  it('reads an instant in the named zone, not the runtime zone', () => {
    // RES-000006: 9:00 AM in New York is 14:00 UTC and 23:00 in Tokyo.
    const iso = '2026-01-15T14:00:00.000Z';
    expect(formatDateTimeIn(iso, NY)).toBe('Jan 15, 2026, 9:00 AM');
    expect(formatTimeIn(iso, NY)).toBe('9:00 AM');
    expect(formatDateTimeIn(iso, 'UTC')).toBe('Jan 15, 2026, 2:00 PM');
    expect(formatDateIn('2026-01-16T03:30:00Z', NY)).toBe('Jan 15, 2026');
  });

  it('names the zone with its abbreviation when asked, following daylight saving time', () => {
    expect(formatDateTimeIn('2026-01-15T14:00:00Z', NY, { zoneName: true })).toBe('Jan 15, 2026, 9:00 AM EST');
    expect(formatTimeIn('2026-07-15T13:00:00Z', NY, { zoneName: true })).toBe('9:00 AM EDT');
    expect(zoneAbbreviation('UTC', 0)).toBe('UTC');
    expect(zoneAbbreviation('America/Los_Angeles', '2026-07-01T00:00:00Z')).toBe('PDT');
    expect(zoneAbbreviation('Europe/Berlin', '2026-01-01T00:00:00Z')).toBe('GMT+1');
  });

  it('crosses the DST changes of New York without skipping or repeating an hour wrongly', () => {
    // Spring forward 2026-03-08: 01:59 EST is followed by 03:00 EDT.
    expect(formatDateTimeIn('2026-03-08T06:59:00Z', NY, { zoneName: true })).toBe('Mar 8, 2026, 1:59 AM EST');
    expect(formatDateTimeIn('2026-03-08T07:00:00Z', NY, { zoneName: true })).toBe('Mar 8, 2026, 3:00 AM EDT');
    // Fall back 2026-11-01: 1:30 AM happens twice, the abbreviation tells them apart.
    expect(formatTimeIn('2026-11-01T05:30:00Z', NY, { zoneName: true })).toBe('1:30 AM EDT');
    expect(formatTimeIn('2026-11-01T06:30:00Z', NY, { zoneName: true })).toBe('1:30 AM EST');
  });

  it('prints slots as wall-clock times of their zone, with the zone named', () => {
    expect(formatSlotIn({ date: '2026-12-05', startTime: '17:00', endTime: '19:00' }, NY)).toBe(
      'Sat, Dec 5, 2026, 5:00 PM – 7:00 PM EST',
    );
    expect(formatSlotIn({ date: '2026-07-04', startTime: '00:05', endTime: '12:30' }, NY)).toBe(
      'Sat, Jul 4, 2026, 12:05 AM – 12:30 PM EDT',
    );
    expect(formatSlotIn({ date: '2026-12-05', startTime: '17:00', endTime: '19:00' }, 'UTC', { zoneName: false })).toBe(
      'Sat, Dec 5, 2026, 5:00 PM – 7:00 PM',
    );
  });

  it('reads calendar days and clocks without any zone shift', () => {
    expect(formatCalendarDay('2024-03-05')).toBe('Mar 5, 2024');
    expect(formatCalendarDay('2024-03-05', { weekday: true })).toBe('Tue, Mar 5, 2024');
    expect(formatCalendarDay('2024-02-31')).toBe('2024-02-31');
    expect(formatClock('14:30')).toBe('2:30 PM');
    expect(formatClock('00:05')).toBe('12:05 AM');
    expect(formatClock('12:00')).toBe('12:00 PM');
  });

  it('names every month and weekday in English without date-fns format, and refuses what it cannot print', () => {
    // 2030-01-06 is a Sunday; noon UTC is 7 AM in New York all year.
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    months.forEach((name, i) => {
      expect(formatIn(Date.UTC(2030, i, 15, 12), NY, 'MMM d, yyyy')).toBe(`${name} 15, 2030`);
    });
    const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    days.forEach((name, i) => {
      expect(formatIn(Date.UTC(2030, 0, 6 + i, 12), NY, 'EEE, MMM d')).toBe(`${name}, Jan ${6 + i}`);
    });
    expect(formatIn(Date.UTC(2030, 0, 6, 23, 5), NY, 'EEE, MMM d, yyyy, h:mm a')).toBe('Sun, Jan 6, 2030, 6:05 PM');
    expect(formatIn(Date.UTC(2000, 0, 1, 0), 'UTC', 'h a')).toBe('12 AM');
    expect(formatIn(Date.UTC(2030, 0, 6, 12), NY, "'MMM' MMM 'o''clock'")).toBe("MMM Jan o'clock");
    expect(() => formatIn(Date.UTC(2030, 0, 6), NY, 'MMMM d')).toThrow(RangeError);
    expect(() => formatIn(Date.UTC(2030, 0, 6), NY, 'EEEE')).toThrow(RangeError);
    expect(() => formatIn(Date.UTC(2030, 0, 6), NY, 'do')).toThrow(RangeError);
  });

  it('gives empty text for what names no instant', () => {
    expect(formatDateTimeIn(null, NY)).toBe('');
    expect(formatDateTimeIn('not a date', NY)).toBe('');
    expect(formatTimeIn(undefined, NY)).toBe('');
  });
});
