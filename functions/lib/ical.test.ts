import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarText, escapeText, reservationUid } from './ical.js';

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

  // R-PLAT-12: a name stored before control characters were refused must not inject lines.
  const INJECTION = 'Lake\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\nMETHOD:REQUEST';
  const lines = (text: string) => text.split('\r\n');

  it('keeps a calendar name with CR/LF on its own line: one VCALENDAR, one METHOD', () => {
    const text = calendarText(
      [
        {
          uid: reservationUid('t1', 'r1'),
          start: new Date('2026-03-08T09:30:00Z'),
          end: new Date('2026-03-08T11:00:00Z'),
          summary: `RES-1 ${INJECTION}`,
          description: `Notes\nBEGIN:VEVENT\u2028END:VEVENT\u0000\u001b`,
          location: `Dock\rMETHOD:CANCEL; 3, Road\\`,
        },
      ],
      { name: INJECTION },
    );
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    expect(lines(unfolded).filter((l) => l === 'BEGIN:VCALENDAR')).toHaveLength(1);
    expect(lines(unfolded).filter((l) => l === 'END:VCALENDAR')).toHaveLength(1);
    expect(lines(unfolded).filter((l) => l.startsWith('METHOD:'))).toEqual(['METHOD:PUBLISH']);
    expect(lines(unfolded).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/); // line ends are CRLF, and only line ends
    // An independent parser reads the values back, line breaks and all.
    const vcalendar = new ICAL.Component(ICAL.parse(text));
    // ical.js leaves an X- property's text as written: the escaped line breaks are still there.
    expect(vcalendar.getFirstPropertyValue('x-wr-calname')).toBe(INJECTION.replaceAll('\r\n', '\\n'));
    const [event] = vcalendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(event?.summary).toBe(`RES-1 ${INJECTION.replaceAll('\r\n', '\n')}`);
    expect(event?.description).toBe('Notes\nBEGIN:VEVENT\nEND:VEVENT');
    expect(event?.location).toBe('Dock\nMETHOD:CANCEL; 3, Road\\');
  });
});

describe('escapeText', () => {
  it('escapes as RFC 5545 3.3.11 says: backslash, semicolon, comma, line breaks', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('tab\tkept, NUL\u0000 and ESC\u001b dropped')).toBe('tab\tkept\\, NUL and ESC dropped');
  });
});
