import { describe, expect, it } from 'vitest';
import {
  confirmBy,
  holdUntil,
  normalizeHoldMinutes,
  planOffers,
  queuePosition,
  slotKey,
  waitlistSettingsOf,
  type QueueEntry,
} from './waitlist.js';

const e = (id: string, minute: number, participantCount = 1, status: QueueEntry['status'] = 'WAITING'): QueueEntry => ({
  id,
  status,
  participantCount,
  joinedAt: `2030-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('waitlist rules (R-SVC-7..R-SVC-9)', () => {
  it('is on by default when public bookings are on, off with them, and holds 30 minutes', () => {
    expect(waitlistSettingsOf({ rsvpSettings: { enablePublicBookings: true } })).toEqual({
      enabled: true,
      holdMinutes: 30,
    });
    expect(waitlistSettingsOf({ rsvpSettings: { enablePublicBookings: false } }).enabled).toBe(false);
    expect(waitlistSettingsOf({ waitlistSettings: { enabled: false, holdMinutes: 90 }, rsvpSettings: null })).toEqual({
      enabled: false,
      holdMinutes: 90,
    });
  });

  it('keeps hold times within 1 minute and 24 hours', () => {
    expect(normalizeHoldMinutes(0)).toBe(1);
    expect(normalizeHoldMinutes(5000)).toBe(1440);
    expect(normalizeHoldMinutes('abc')).toBe(30);
    expect(normalizeHoldMinutes('45')).toBe(45);
  });

  it('never holds past the start of the slot', () => {
    const now = Date.UTC(2030, 0, 1, 9, 0);
    expect(holdUntil(now, 30, Date.UTC(2030, 0, 1, 12, 0))).toBe(Date.UTC(2030, 0, 1, 9, 30));
    expect(holdUntil(now, 30, Date.UTC(2030, 0, 1, 9, 10))).toBe(Date.UTC(2030, 0, 1, 9, 10));
  });

  it('offers in join order, skipping a party that does not fit without blocking the ones behind', () => {
    const queue = [e('c', 3, 1), e('a', 1, 3), e('b', 2, 2), e('d', 4, 1)];
    expect(planOffers(queue, 2, 'PER_PERSON').map((x) => x.id)).toEqual(['b']);
    expect(planOffers(queue, 3, 'PER_PERSON').map((x) => x.id)).toEqual(['a']);
    expect(planOffers(queue, 4, 'PER_PERSON').map((x) => x.id)).toEqual(['a', 'c']);
    // One place per booking on other rate types, whatever the party.
    expect(planOffers(queue, 2, 'FIXED').map((x) => x.id)).toEqual(['a', 'b']);
    expect(planOffers(queue, 0, 'FIXED')).toEqual([]);
  });

  it('offers only to WAITING entries and counts positions among live ones', () => {
    const queue = [e('a', 1, 1, 'OFFERED'), e('b', 2, 1, 'LEFT'), e('c', 3), e('d', 4)];
    expect(planOffers(queue, 1, 'FIXED').map((x) => x.id)).toEqual(['c']);
    expect(queuePosition(queue, 'c')).toBe(2);
    expect(queuePosition(queue, 'd')).toBe(3);
    expect(queuePosition(queue, 'b')).toBe(0);
  });

  it('keys a slot sortably', () => {
    expect(slotKey({ date: '2030-05-01', startTime: '10:00', endTime: '12:00' })).toBe('2030-05-01T10:00-12:00');
  });
});

describe('waitlist confirmation (R-SVC-11)', () => {
  it('offers and numbers only confirmed entries, first confirmed first', () => {
    const joinedFirst = { ...e('a', 1), confirmedAt: '2030-01-01T10:30:00.000Z' };
    const confirmedFirst = { ...e('b', 2), confirmedAt: '2030-01-01T10:10:00.000Z' };
    const unconfirmed = e('c', 0, 1, 'UNCONFIRMED');
    const queue = [joinedFirst, confirmedFirst, unconfirmed];
    expect(planOffers(queue, 5, 'FIXED').map((x) => x.id)).toEqual(['b', 'a']);
    expect(queuePosition(queue, 'b')).toBe(1);
    expect(queuePosition(queue, 'a')).toBe(2);
    expect(queuePosition(queue, 'c')).toBe(0);
  });

  it('lets a join be confirmed for 24 hours, never past the slot start', () => {
    const now = Date.UTC(2030, 0, 1, 9, 0);
    expect(confirmBy(now, now + 3 * 86400_000)).toBe(now + 24 * 3600_000);
    expect(confirmBy(now, now + 3600_000)).toBe(now + 3600_000);
  });
});
