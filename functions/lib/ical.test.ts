import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarText, reservationUid } from './ical.js';

describe('calendarText', () => {
  it('writes events an independent iCalendar parser reads back at the same instants', () => {
    const text = calendarText(
      [
        {
          uid: reservationUid('t1', 'r1'),
          start: new Date('2026-03-08T09:30:00Z'),
          end: new Date('2026-03-08T11:00:00Z'),
          summary: 'RES-1001 · Kayak · Ana B.',
          location: 'Dock 3, Lake Road',
        },
        {
          uid: reservationUid('t1', 'r2'),
          start: new Date('2026-11-01T15:00:00Z'),
          end: new Date('2026-11-01T16:00:00Z'),
          summary: 'RES-1002, Tour; with a comma',
          cancelled: true,
        },
      ],
      { name: 'Lake Rentals' },
    );
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    const vcalendar = new ICAL.Component(ICAL.parse(text));
    const [first, second] = vcalendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    if (!first || !second) throw new Error('two events expected');
    expect([first.uid, second.uid]).toEqual(['r1.t1@bookings', 'r2.t1@bookings']);
    expect(first.startDate.toJSDate().toISOString()).toBe('2026-03-08T09:30:00.000Z');
    expect(first.endDate.toJSDate().toISOString()).toBe('2026-03-08T11:00:00.000Z');
    expect(first.location).toBe('Dock 3, Lake Road');
    expect(second.summary).toBe('RES-1002, Tour; with a comma');
    expect(second.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(first.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });
});
