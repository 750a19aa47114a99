import { describe, expect, it } from 'vitest';
import { headerCounts, listTotalsText, participantsText } from './display.js';

// docs/decisions/0225-layout-at-375-and-1366.md: the Reservations tab said "No Reservations Found" under "4 active · 4 in total"
// (four service bookings). The header counts the tab's own kind and names it.
describe('the reservations header counts', () => {
  const both = { total: 4, active: 4, overdue: 0 };
  it('counts item reservations on the Reservations tab', () => {
    expect(headerCounts('items', { all: 0, active: 0, overdue: 0 }, both)).toBe(
      '0 item reservations · 0 active · 0 overdue',
    );
  });
  it('counts service bookings on the Services tab', () => {
    expect(headerCounts('services', { all: 1, active: 1, overdue: 0 }, both)).toBe(
      '1 service booking · 1 active · 0 overdue',
    );
  });
  it('names both kinds on the log tab, and before the tab’s counts arrive', () => {
    const text = '4 reservations of items and services · 4 active · 0 overdue';
    expect(headerCounts('log', { all: 0, active: 0, overdue: 0 }, both)).toBe(text);
    expect(headerCounts('items', undefined, both)).toBe(text);
    expect(headerCounts('items', undefined, undefined)).toBeNull();
  });
});

// R-REP-9, R-RES-1: staff tables show the party of each service booking and a totals line of the rows shown.
describe('the list totals', () => {
  const service = (n: number, total: number) => ({ kind: 'SERVICE' as const, participantCount: n, totalAmount: total });
  it('names the participants of a service booking, none for an item', () => {
    expect(participantsText(service(2, 60))).toBe('2 participants');
    expect(participantsText(service(1, 30))).toBe('1 participant');
    expect(participantsText({ kind: 'ITEM', participantCount: null })).toBeNull();
  });
  it('sums the rows shown: participants of service bookings and Booked, in cents', () => {
    expect(listTotalsText([service(2, 60.1), service(3, 0.2)])).toBe(
      'Total of 2 rows shown · 5 participants · Booked $60.30',
    );
    expect(listTotalsText([{ kind: 'ITEM', participantCount: null, totalAmount: 25.5 }])).toBe(
      'Total of 1 row shown · Booked $25.50',
    );
  });
});
