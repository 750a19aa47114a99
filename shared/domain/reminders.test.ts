import { describe, expect, it } from 'vitest';
import {
  bucketsBetween,
  cancelWindow,
  DEFAULT_REMINDER_SETTINGS,
  normalizeOffsets,
  offsetLabel,
  offsetsFor,
  offsetsProblem,
  reminderBucket,
  remindersAhead,
} from './reminders.js';

const start = Date.parse('2026-06-10T15:00:00.000Z');

describe('reminder rules (R-SET-7)', () => {
  it('defaults to 24 hours and 2 hours, on, cut-off 1 hour (below the last reminder, R-BOOK-8)', () => {
    expect(DEFAULT_REMINDER_SETTINGS).toEqual({
      enabled: true,
      serviceBeforeMinutes: [1440, 120],
      itemBeforeMinutes: [1440, 120],
      lateReturnEnabled: true,
      cancelCutoffHours: 1,
      notifyCancellations: true,
      notifyNoShows: true,
    });
  });

  it('bounds offsets to 15 minutes .. 7 days, at most 5', () => {
    expect(offsetsProblem([15, 10080])).toBeNull();
    expect(offsetsProblem([14])).toMatch(/15 minutes/);
    expect(offsetsProblem([10081])).toMatch(/7 days/);
    expect(offsetsProblem([15.5])).toMatch(/whole minutes/);
    expect(offsetsProblem([15, 30, 60, 120, 240, 480])).toMatch(/At most 5/);
  });

  it('dedupes and orders offsets earliest reminder first', () => {
    expect(normalizeOffsets([120, 1440, 120, 30])).toEqual([1440, 120, 30]);
  });

  it('picks the offsets of the kind, the service override, or none when off', () => {
    const s = { ...DEFAULT_REMINDER_SETTINGS, serviceBeforeMinutes: [60], itemBeforeMinutes: [2880] };
    expect(offsetsFor(s, 'ITEM')).toEqual([2880]);
    expect(offsetsFor(s, 'SERVICE')).toEqual([60]);
    expect(offsetsFor(s, 'SERVICE', { enabled: true, beforeMinutes: [30, 90] })).toEqual([90, 30]);
    expect(offsetsFor(s, 'SERVICE', { enabled: false, beforeMinutes: [30] })).toEqual([]);
    // A service row from before reminders ({}): the tenant's list
    expect(offsetsFor(s, 'SERVICE', {})).toEqual([60]);
    expect(offsetsFor(s, 'SERVICE', { enabled: true })).toEqual([60]);
    // The override is for services only
    expect(offsetsFor(s, 'ITEM', { enabled: false, beforeMinutes: [] })).toEqual([2880]);
    expect(offsetsFor({ ...s, enabled: false }, 'SERVICE', { enabled: true, beforeMinutes: [30] })).toEqual([]);
  });

  it('keeps only reminders still ahead of the booking time', () => {
    // Booked 3 hours before the start: the 24-hour one has passed, the 2-hour one is at 13:00Z.
    const now = Date.parse('2026-06-10T12:00:00.000Z');
    expect(remindersAhead(start, [1440, 120], now)).toEqual([
      { offsetMinutes: 120, dueAt: Date.parse('2026-06-10T13:00:00.000Z') },
    ]);
    expect(remindersAhead(start, [120], Date.parse('2026-06-10T13:00:00.000Z'))).toEqual([]);
  });

  it('buckets due times by UTC hour', () => {
    expect(reminderBucket(Date.parse('2026-06-10T13:59:59.999Z'))).toBe('2026-06-10T13');
    expect(bucketsBetween(Date.parse('2026-06-10T22:10:00.000Z'), Date.parse('2026-06-11T01:00:00.000Z'))).toEqual([
      '2026-06-10T22',
      '2026-06-10T23',
      '2026-06-11T00',
      '2026-06-11T01',
    ]);
    expect(bucketsBetween(0, 10 * 3_600_000, 3)).toEqual(['1970-01-01T08', '1970-01-01T09', '1970-01-01T10']);
  });

  it('opens online cancellation until the cut-off, then too late, then expired at the start', () => {
    expect(cancelWindow(start, 24, Date.parse('2026-06-09T14:59:59.000Z'))).toBe('open');
    expect(cancelWindow(start, 24, Date.parse('2026-06-09T15:00:00.000Z'))).toBe('too-late');
    expect(cancelWindow(start, 24, start)).toBe('expired');
    expect(cancelWindow(start, 0, start - 1)).toBe('open');
  });

  it('labels offsets', () => {
    expect(offsetLabel(1440)).toBe('1 day');
    expect(offsetLabel(120)).toBe('2 hours');
    expect(offsetLabel(1530)).toBe('1 day 1 hour 30 minutes');
  });
});

describe('reminder text (R-SET-7)', async () => {
  const { bookingWhenText, instantText } = await import('./reminder-text.js');
  it('writes New York times with EDT before and EST after Nov 1, 2026', () => {
    // 2026-10-31 10:00 EDT = 14:00Z; 2026-11-02 10:00 EST = 15:00Z
    expect(bookingWhenText('2026-10-31T14:00:00.000Z', '2026-10-31T16:00:00.000Z', 'America/New_York')).toBe(
      'Sat, Oct 31, 2026, 10:00 AM – 12:00 PM EDT (America/New_York)',
    );
    expect(bookingWhenText('2026-11-02T15:00:00.000Z', '2026-11-02T17:00:00.000Z', 'America/New_York')).toBe(
      'Mon, Nov 2, 2026, 10:00 AM – 12:00 PM EST (America/New_York)',
    );
  });
  it('names both offsets when the booking spans the Berlin change (Oct 25, 2026, 03:00 CEST → 02:00 CET)', () => {
    // 00:30Z = 02:30 CEST; 02:30Z = 03:30 CET
    expect(bookingWhenText('2026-10-25T00:30:00.000Z', '2026-10-25T02:30:00.000Z', 'Europe/Berlin')).toBe(
      'Sun, Oct 25, 2026, 2:30 AM GMT+2 – 3:30 AM GMT+1 (Europe/Berlin)',
    );
    expect(instantText('2026-10-24T08:00:00.000Z', 'Europe/Berlin')).toBe(
      'Sat, Oct 24, 2026, 10:00 AM GMT+2 (Europe/Berlin)',
    );
  });
});
