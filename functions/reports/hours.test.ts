import { describe, expect, it } from 'vitest';
import { openMinutesOfDay } from './hours.js';

describe('openMinutesOfDay', () => {
  const hours = [
    { id: '1', dayType: 'everyday' as const, openTime: '09:00', closeTime: '17:00', isClosed: false },
    { id: '2', dayType: 'weekends' as const, openTime: '10:00', closeTime: '14:00', isClosed: false },
    { id: '3', dayType: 'monday' as const, openTime: '', closeTime: '', isClosed: true },
  ];
  it('takes the most specific row: special date, weekday, weekdays/weekends, every day', () => {
    const h = {
      hours,
      specialHours: [{ id: 's', date: '2026-11-25', openTime: '12:00', closeTime: '13:30', isClosed: false }],
    };
    expect(openMinutesOfDay(h, '2026-11-24')).toBe(480); // Tuesday: every day
    expect(openMinutesOfDay(h, '2026-11-28')).toBe(240); // Saturday: weekends
    expect(openMinutesOfDay(h, '2026-11-23')).toBe(0); // Monday closed
    expect(openMinutesOfDay(h, '2026-11-25')).toBe(90); // special
  });
});
