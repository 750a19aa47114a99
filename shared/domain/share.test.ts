import { describe, expect, it } from 'vitest';
import { unpaidDueBy } from './share.js';

describe('when a public booking must be paid (R-BOOK-6)', () => {
  const bookedAt = Date.parse('2026-07-01T12:00:00Z');
  it('is 24 hours after booking when the service starts later than that', () => {
    expect(new Date(unpaidDueBy(bookedAt, Date.parse('2026-07-05T09:00:00Z'))).toISOString()).toBe(
      '2026-07-02T12:00:00.000Z',
    );
  });
  it('is the start of the service when that comes sooner, never after it', () => {
    expect(new Date(unpaidDueBy(bookedAt, Date.parse('2026-07-01T15:30:00Z'))).toISOString()).toBe(
      '2026-07-01T15:30:00.000Z',
    );
  });
  it('is never before the booking itself', () => {
    expect(unpaidDueBy(bookedAt, bookedAt - 60_000)).toBe(bookedAt);
  });
});
