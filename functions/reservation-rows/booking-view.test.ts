import { describe, expect, it } from 'vitest';
import { bookingNotes } from '../../shared/domain/pricing.js';
import type { ReservationRow } from './row-schemas.js';
import { toView } from './view.js';

/** A service booking row as functions/services/booking.ts writes it. */
function serviceRow(over: Partial<ReservationRow>): ReservationRow {
  return {
    id: 'r1',
    reservationNumber: 'RES-000001',
    status: 'ACTIVE',
    kind: 'SERVICE',
    serviceId: 's1',
    service: { id: 's1', name: 'Tour', rate: 40, rateType: 'PER_PERSON' },
    customerId: 'c1',
    customer: { id: 'c1', firstName: 'Ada', lastName: 'Lovelace', phone: '5551234567' },
    startTime: '2030-05-01T14:00:00.000Z',
    endTime: '2030-05-01T16:00:00.000Z',
    createdAt: '2030-04-01T00:00:00.000Z',
    ...over,
  } as ReservationRow;
}

describe('a service booking in the reservations view', () => {
  it('reads participants and add-ons from the booking, never from the notes text', () => {
    // The customer typed what looks like the notes' own block; the booking chose no add-on.
    const notes = bookingNotes({
      participants: 3,
      addonNames: [],
      notes: 'Selected Add-ons:\nCaviar\nParticipants: 9',
    });
    const view = toView(serviceRow({ notes, participantCount: 3, selectedAddons: [] }));
    expect(view.participantCount).toBe(3);
    expect(view.addonNames).toEqual([]);
    expect(view.notes).toBe(notes);
  });

  it('names the stored add-ons', () => {
    const selectedAddons = [
      { id: 'a1', name: 'Lunch', rate: 12, rateType: 'PER_PERSON', quantity: 2, amountCents: 2400 },
      { id: 'a2', name: 'Photos', rate: 15, rateType: 'FIXED', quantity: 1, amountCents: 1500 },
    ];
    const view = toView(serviceRow({ participantCount: 2, selectedAddons, notes: 'Participants: 2' }));
    expect(view.addonNames).toEqual(['Lunch', 'Photos']);
    expect(view.addons.map((a) => [a.name, a.quantity, a.amount])).toEqual([
      ['Lunch', 2, 24],
      ['Photos', 1, 15],
    ]);
  });
});
