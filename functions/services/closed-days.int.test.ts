import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn } from '../../shared/domain/time.js';
import { resetFiles } from '../lib/files.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';

/** R-BOOK-9: a day the store is closed (a special date or a closed weekday) takes no public booking. */
let ses: RunningSes;
let admin: TestSession;

// The services below keep their slots in UTC.
const day = (days: number) => addDaysToDay(todayIn('UTC'), days);
const slot = (date: string) => ({ date, startTime: '10:00', endTime: '12:00' });
const booking = (date: string, email: string) => ({
  selectedSlots: [slot(date)],
  customer: { firstName: 'Ada', lastName: 'Lovelace', phone: '(555) 010-0042', email },
  participantCount: 1,
  isPublicBooking: true,
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

describe('closed days on the public booking page (R-BOOK-9)', () => {
  it('hides the slots of a day closed by special hours and refuses a booking of one; an open day books as before', async () => {
    const [open, closed] = [day(3), day(4)];
    const created = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: {
        name: 'Harbour tour',
        rate: '20',
        rateType: 'per_person',
        timeZone: 'UTC',
        availability: JSON.stringify([
          { ...slot(open), slotsAvailable: 9 },
          { ...slot(closed), slotsAvailable: 9 },
        ]),
        rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = (
      await call('POST', `/api/inventory/services/${created.body.id}/generate-share-link`, { token: admin.token })
    ).body.shareToken as string;
    const days = async () =>
      (await call('GET', `/public/service/${token}`)).body.data.availability.map((s: { date: string }) => s.date);
    expect(await days()).toEqual([open, closed]);

    const hours = await call('PUT', '/api/settings/organization/hours', {
      token: admin.token,
      body: {
        hours: [{ dayType: 'everyday', openTime: '09:00', closeTime: '17:00', isClosed: false }],
        specialHours: JSON.stringify([{ date: closed, isClosed: true }]),
      },
    });
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    expect(await days()).toEqual([open]);

    const refused = await call('POST', `/public/service/${token}/book`, { body: booking(closed, 'a@test.example') });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This time slot is no longer available');
    const taken = await call('POST', `/public/service/${token}/book`, { body: booking(open, 'b@test.example') });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  });
});
