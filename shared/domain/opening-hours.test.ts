import { describe, expect, it } from 'vitest';
import { zonedDateTime } from './time.js';
import { hoursOnDay, openingHoursNote } from './opening-hours.js';

const ZONE = 'America/New_York';
const hours = [
  { dayType: 'weekdays' as const, openTime: '09:00', closeTime: '17:00', isClosed: false },
  { dayType: 'saturday' as const, openTime: '10:00', closeTime: '16:00', isClosed: false },
  { dayType: 'sunday' as const, openTime: '', closeTime: '', isClosed: true },
];
const special = [{ date: '2026-07-03', openTime: '', closeTime: '', isClosed: true }];
const at = (day: string, hhmm: string) => zonedDateTime(day, hhmm, ZONE).getTime();

describe('opening hours of a day (R-SET-4)', () => {
  it('takes the special date, then the day, then weekdays/weekends, then every day', () => {
    expect(hoursOnDay('2026-07-06', hours, special)).toEqual({ open: '09:00', close: '17:00' }); // Monday
    expect(hoursOnDay('2026-07-04', hours, special)).toEqual({ open: '10:00', close: '16:00' }); // Saturday
    expect(hoursOnDay('2026-07-05', hours, special)).toBeNull(); // Sunday closed
    expect(hoursOnDay('2026-07-03', hours, special)).toBeNull(); // a Friday closed by special hours
    expect(
      hoursOnDay('2026-07-05', [{ dayType: 'everyday', openTime: '08:00', closeTime: '20:00', isClosed: false }], []),
    ).toEqual({
      open: '08:00',
      close: '20:00',
    });
  });
});

describe('a rental outside opening hours (R-RES-16)', () => {
  it('says nothing for a pick-up and return within the hours, closing time included', () => {
    expect(openingHoursNote(at('2026-07-06', '09:00'), at('2026-07-06', '17:00'), ZONE, hours, special)).toBeNull();
  });

  it('names the time and the hours of a pick-up before opening, in the organization zone', () => {
    expect(openingHoursNote(at('2026-07-06', '08:00'), at('2026-07-06', '12:00'), ZONE, hours, special)).toBe(
      'Starts at 8:00 AM on Mon, Jul 6, 2026, outside opening hours (9:00 AM – 5:00 PM)',
    );
  });

  it('names a closed day (weekly or special) for the return, and both ends when both are outside', () => {
    expect(openingHoursNote(at('2026-07-04', '10:00'), at('2026-07-05', '10:00'), ZONE, hours, special)).toBe(
      'Ends on Sun, Jul 5, 2026, when the store is closed',
    );
    expect(openingHoursNote(at('2026-07-03', '12:00'), at('2026-07-04', '18:00'), ZONE, hours, special)).toBe(
      'Starts on Fri, Jul 3, 2026, when the store is closed; Ends at 6:00 PM on Sat, Jul 4, 2026, outside opening hours (10:00 AM – 4:00 PM)',
    );
  });
});
