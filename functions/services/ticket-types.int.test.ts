import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn } from '../../shared/domain/time.js';
import { resetFiles } from '../lib/files.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { TICKETS_MISMATCH } from '../../shared/domain/tickets.js';

/** R-SVC-13: ticket types priced and counted by the server. */
let ses: RunningSes;
let admin: TestSession;

// The services below keep their slots in UTC.
const day = (days: number) => addDaysToDay(todayIn('UTC'), days);
const booking = (
  email: string,
  tickets: { typeId: string; count: number }[] | undefined,
  participantCount: number,
) => ({
  selectedSlots: [{ date: day(3), startTime: '10:00', endTime: '12:00' }],
  customer: { firstName: 'Ada', lastName: 'Lovelace', phone: '(555) 010-0042', email },
  participantCount,
  isPublicBooking: true,
  ...(tickets ? { tickets } : {}),
});

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('bookings@test.example', { S3_ENDPOINT: 'http://127.0.0.1:9', UPLOADS_BUCKET: 'uploads' });
  resetFiles();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

describe('ticket types (R-SVC-13)', () => {
  it('prices 2 adults + 1 child by their own prices, counts 3 places, and refuses a mismatch or a missing count', async () => {
    const created = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: {
        name: 'Harbour tour',
        rate: '99',
        rateType: 'per_person',
        timeZone: 'UTC',
        availability: JSON.stringify([{ date: day(3), startTime: '10:00', endTime: '12:00', slotsAvailable: 9 }]),
        rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
        ticketTypes: JSON.stringify([
          { name: 'Adult', rate: '25.50' },
          { name: 'Child', rate: 10 },
        ]),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const types = JSON.parse(created.body.ticketTypes) as { id: string; name: string; rate: number }[];
    expect(types.map((t) => [t.name, t.rate])).toEqual([
      ['Adult', 25.5],
      ['Child', 10],
    ]);
    const adult = types[0]!;
    const child = types[1]!;
    const link = await call('POST', `/api/inventory/services/${created.body.id}/generate-share-link`, {
      token: admin.token,
    });
    const token = link.body.shareToken as string;
    const page = await call('GET', `/public/service/${token}`);
    expect(page.body.data.ticketTypes).toHaveLength(2);

    const tickets = [
      { typeId: adult.id, count: 2 },
      { typeId: child.id, count: 1 },
    ];
    const mismatch = await call('POST', `/public/service/${token}/book`, {
      body: booking('m@test.example', tickets, 2),
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(TICKETS_MISMATCH);
    const none = await call('POST', `/public/service/${token}/book`, { body: booking('n@test.example', undefined, 3) });
    expect(none.status).toBe(400);
    const unknown = await call('POST', `/public/service/${token}/book`, {
      body: booking('u@test.example', [{ typeId: 'nope', count: 1 }], 1),
    });
    expect(unknown.status).toBe(400);

    // The per-booking limit (8) counts tickets.
    const many = await call('POST', `/public/service/${token}/book`, {
      body: booking('x@test.example', [{ typeId: child.id, count: 9 }], 9),
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('At most 8 participants per booking');

    const booked = await call('POST', `/public/service/${token}/book`, { body: booking('a@test.example', tickets, 3) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.reservation.participantCount).toBe(3);
    // 2 × 25.50 + 1 × 10.00, not the service's 99 per person.
    expect(booked.body.payment.subtotal).toBe(61);
    const staff = await call('GET', `/api/reservations/integration/${booked.body.reservation.id}`, {
      token: admin.token,
    });
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    expect(staff.body.data.tickets).toEqual([
      { name: 'Adult', rate: 25.5, count: 2, amount: 51 },
      { name: 'Child', rate: 10, count: 1, amount: 10 },
    ]);
    const inbox = (await (await fetch(`${ses.endpoint}/store`)).json()) as {
      emails: { destination: { to: string[] }; body: { text: string } }[];
    };
    const mail = inbox.emails.find((m) => m.destination.to.includes('a@test.example'));
    expect(mail?.body.text).toContain('Participants: 3 (2 × Adult, 1 × Child)');
    const after = await call('GET', `/public/service/${token}`);
    expect(after.body.data.availability[0].slotsAvailable).toBe(6);

    // An update that does not name ticket types keeps them; an empty list clears them.
    const id = created.body.id as string;
    const base = { name: 'Harbour tour', rate: '99', rateType: 'PER_PERSON' };
    const kept = await call('PUT', `/api/inventory/services/${id}`, { token: admin.token, body: base });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(JSON.parse(kept.body.ticketTypes)).toEqual(types);
    const cleared = await call('PUT', `/api/inventory/services/${id}`, {
      token: admin.token,
      body: { ...base, ticketTypes: '[]' },
    });
    expect(JSON.parse(cleared.body.ticketTypes)).toEqual([]);
  });
});
