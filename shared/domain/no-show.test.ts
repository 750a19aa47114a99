import { describe, expect, it } from 'vitest';
import { mayMarkNoShow, noShowError, weekStartOf } from './reservations.js';

// R-RES-12: only an ACTIVE reservation whose start has passed may be marked a no-show.
describe('no-show eligibility', () => {
  const start = '2026-03-10T14:00:00.000Z'; // 10:00 AM in New York (EDT)
  const zone = 'America/New_York';

  it('refuses before the start, naming the start in the zone', () => {
    expect(noShowError({ status: 'ACTIVE', startTime: start }, zone, Date.parse('2026-03-10T13:59:59.000Z'))).toBe(
      'A reservation can be marked as a no-show only once its start has passed (3/10/2026, 10:00 AM)',
    );
    expect(mayMarkNoShow({ status: 'ACTIVE', startTime: start }, Date.parse('2026-03-10T13:59:59.000Z'))).toBe(false);
  });

  it('allows it at and after the start', () => {
    expect(noShowError({ status: 'ACTIVE', startTime: start }, zone, Date.parse(start))).toBeNull();
    expect(mayMarkNoShow({ status: 'ACTIVE', startTime: start }, Date.parse('2026-03-11T00:00:00.000Z'))).toBe(true);
  });

  it('refuses what is not active', () => {
    const later = Date.parse('2026-03-11T00:00:00.000Z');
    expect(noShowError({ status: 'CANCELLED', startTime: start }, zone, later)).toBe(
      'Only active reservations can be marked as a no-show (this one is cancelled)',
    );
    expect(mayMarkNoShow({ status: 'COMPLETED', startTime: start }, later)).toBe(false);
  });

  it('refuses a start it cannot read', () => {
    expect(mayMarkNoShow({ status: 'ACTIVE', startTime: 'soon' }, Date.parse(start))).toBe(false);
  });
});

describe('the week of a no-show', () => {
  it('is the Monday of the start in the organization zone', () => {
    // Sunday 11:30 PM in New York is already Monday in UTC: still the week that began on Monday 3/2.
    expect(weekStartOf(Date.parse('2026-03-09T03:30:00.000Z'), 'America/New_York')).toBe('2026-03-02');
    expect(weekStartOf(Date.parse('2026-03-09T03:30:00.000Z'), 'UTC')).toBe('2026-03-09');
    // A Monday is its own week's start.
    expect(weekStartOf(Date.parse('2026-03-09T15:00:00.000Z'), 'America/New_York')).toBe('2026-03-09');
  });
});
