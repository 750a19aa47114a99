import { describe, expect, it } from 'vitest';
import { effectiveRate, quoteCents } from './pricing.js';
import { participantLimit } from './slots.js';
import { ticketCount, ticketLines, ticketPrice, TICKETS_MISMATCH, ticketsRefusal, ticketsText } from './tickets.js';

const types = [
  { id: 'a', name: 'Adult', rate: 25.5 },
  { id: 'c', name: 'Child', rate: 10 },
];

describe('ticket types (R-SVC-13)', () => {
  it('prices each type at its own price and counts the party', () => {
    const lines = ticketLines(types, [
      { typeId: 'c', count: 1 },
      { typeId: 'a', count: 2 },
    ]);
    expect(lines.map((l) => [l.name, l.count, l.amountCents])).toEqual([
      ['Adult', 2, 5100],
      ['Child', 1, 1000],
    ]);
    expect(ticketsText(lines)).toBe('2 × Adult, 1 × Child');
    const q = quoteCents({ ...ticketPrice(lines), addons: [{ name: 'Towel', rate: 2, rateType: 'PER_PERSON' }] });
    expect(q.baseCents).toBe(6100);
    // A per-person add-on is charged per ticket.
    expect(q.addonsCents).toBe(600);
    expect(ticketCount(lines)).toBe(3);
    // The limits count the tickets as participants.
    expect(participantLimit(2, 9)).toBeLessThan(ticketCount(lines));
  });

  it('refuses no tickets, unknown or repeated types and a participant count that is not their sum', () => {
    expect(ticketsRefusal(types, [])).toBe('Choose at least one ticket');
    expect(ticketsRefusal(types, [{ typeId: 'x', count: 1 }])).toBe('Unknown ticket type');
    expect(
      ticketsRefusal(types, [
        { typeId: 'a', count: 1 },
        { typeId: 'a', count: 1 },
      ]),
    ).toBe('Each ticket type may appear once');
    expect(ticketsRefusal(types, [{ typeId: 'a', count: 2 }], 1)).toBe(TICKETS_MISMATCH);
    expect(ticketsRefusal(types, [{ typeId: 'a', count: 2 }], 2)).toBeNull();
    expect(ticketsRefusal([], [{ typeId: 'a', count: 1 }])).toBe('This service has no ticket types');
    expect(ticketsRefusal([], undefined)).toBeNull();
  });

  it('seasonal tiers do not reprice a service with ticket types', () => {
    const service = {
      rate: 20,
      rateType: 'PER_PERSON',
      enableTieredPricing: true,
      pricingTiers: [{ rate: 50, rateType: 'PER_PERSON', validFrom: '2030-01-01', validTo: '2030-12-31' }],
      timeZone: 'UTC',
    };
    const at = new Date('2030-06-01T12:00:00Z');
    expect(effectiveRate(service, at).rate).toBe(50);
    expect(effectiveRate({ ...service, ticketTypes: types }, at).rate).toBe(20);
  });
});
