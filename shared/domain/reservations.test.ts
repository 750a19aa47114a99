import { describe, expect, it } from 'vitest';
import { isOverdue, latestReturn, startTimeError, startWindow } from './reservations.js';

describe('isOverdue', () => {
  const end = '2030-05-01T12:00:00.000Z';
  const after = Date.parse('2030-05-01T12:00:01.000Z');
  const at = Date.parse(end);

  it('is an ACTIVE item reservation past its end', () => {
    expect(isOverdue({ status: 'ACTIVE', kind: 'ITEM', endTime: end }, after)).toBe(true);
    expect(isOverdue({ status: 'ACTIVE', kind: 'ITEM', endTime: end }, at)).toBe(false);
    expect(isOverdue({ status: 'COMPLETED', kind: 'ITEM', endTime: end }, after)).toBe(false);
    expect(isOverdue({ status: 'CANCELLED', kind: 'ITEM', endTime: end }, after)).toBe(false);
    expect(isOverdue({ status: 'ACTIVE', kind: 'ITEM', endTime: null }, after)).toBe(false);
  });

  it('keeps the mark of the overdue sweep while the reservation is active', () => {
    expect(isOverdue({ status: 'ACTIVE', kind: 'ITEM', endTime: end, isOverdue: true }, at - 60_000)).toBe(true);
    expect(isOverdue({ status: 'COMPLETED', kind: 'ITEM', endTime: end, isOverdue: true }, after)).toBe(false);
  });

  it('never holds for a service booking, which has no return', () => {
    expect(isOverdue({ status: 'ACTIVE', kind: 'SERVICE', endTime: end }, after)).toBe(false);
    expect(isOverdue({ status: 'ACTIVE', kind: 'SERVICE', endTime: end, isOverdue: true }, after)).toBe(false);
  });
});

describe('the start window', () => {
  const zone = 'America/Chicago';
  // 2030-05-01 08:00 in Chicago (CDT, UTC-5)
  const now = Date.parse('2030-05-01T13:00:00.000Z');

  it('runs from today 9:00 AM to the 365th day after today at 23:59, in the zone', () => {
    expect(startWindow(zone, now)).toEqual({
      min: Date.parse('2030-05-01T14:00:00.000Z'),
      max: Date.parse('2031-05-02T04:59:00.000Z'),
    });
    expect(startTimeError(Date.parse('2030-05-01T14:00:00.000Z'), zone, now)).toBeNull();
    expect(startTimeError(Date.parse('2031-05-02T04:59:00.000Z'), zone, now)).toBeNull();
  });

  it('says why a start is outside, in one message for the form and the server', () => {
    expect(startTimeError(Date.parse('2030-05-01T13:59:00.000Z'), zone, now)).toBe(
      'Start time must be today (5/1/2030) at 9:00 AM or later',
    );
    expect(startTimeError(Date.parse('2031-05-02T05:00:00.000Z'), zone, now)).toBe(
      'Start time must be within 365 days from today',
    );
  });

  it('refuses a return more than 365 days ahead', () => {
    expect(latestReturn(now)).toBe(Date.parse('2031-05-01T13:00:00.000Z'));
  });
});
