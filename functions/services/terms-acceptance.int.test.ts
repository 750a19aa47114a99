import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn } from '../../shared/domain/time.js';
import { resetFiles } from '../lib/files.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { TERMS_NOT_ACCEPTED } from '../../shared/domain/storefront.js';

/** R-SET-15..R-SET-17: the public page carries the store's terms, colour and payment; terms must be accepted. */
let ses: RunningSes;
let admin: TestSession;

// The services below keep their slots in UTC.
const day = (days: number) => addDaysToDay(todayIn('UTC'), days);
const booking = (email: string, acceptTerms?: boolean) => ({
  selectedSlots: [{ date: day(3), startTime: '10:00', endTime: '12:00' }],
  customer: { firstName: 'Ada', lastName: 'Lovelace', phone: '(555) 010-0042', email },
  participantCount: 1,
  isPublicBooking: true,
  ...(acceptTerms === undefined ? {} : { acceptTerms }),
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

async function shareLink() {
  const created = await call('POST', '/api/inventory/services', {
    token: admin.token,
    body: {
      name: 'Harbour tour',
      rate: '20',
      rateType: 'per_person',
      timeZone: 'UTC',
      availability: JSON.stringify([{ date: day(3), startTime: '10:00', endTime: '12:00', slotsAvailable: 9 }]),
      rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const link = await call('POST', `/api/inventory/services/${created.body.id}/generate-share-link`, {
    token: admin.token,
  });
  return link.body.shareToken as string;
}

describe('terms on the public booking page (R-SET-15)', () => {
  it('without terms a booking needs no acceptance; with terms it is refused 400 without one and taken with one', async () => {
    const token = await shareLink();
    const page = await call('GET', `/public/service/${token}`);
    expect(page.body.data.storefront).toEqual({
      rentalTerms: '',
      cancellationPolicy: '',
      accentColor: '',
      paymentMethods: [],
      paymentInstructions: '',
    });
    const free = await call('POST', `/public/service/${token}/book`, { body: booking('free@test.example') });
    expect(free.status, JSON.stringify(free.body)).toBe(201);

    await call('PUT', '/api/settings/terms', { token: admin.token, body: { cancellationPolicy: 'No refunds.' } });
    await call('PUT', '/api/settings/branding', { token: admin.token, body: { accentColor: '#112233' } });
    await call('PUT', '/api/settings/payments', {
      token: admin.token,
      body: { paymentMethods: ['cash'], paymentInstructions: 'Pay at the pier.' },
    });
    const shown = await call('GET', `/public/service/${token}`);
    expect(shown.body.data.storefront).toMatchObject({
      cancellationPolicy: 'No refunds.',
      accentColor: '#112233',
      paymentMethods: ['cash'],
      paymentInstructions: 'Pay at the pier.',
    });

    const refused = await call('POST', `/public/service/${token}/book`, { body: booking('no@test.example') });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TERMS_NOT_ACCEPTED);
    const unticked = await call('POST', `/public/service/${token}/book`, { body: booking('no@test.example', false) });
    expect(unticked.status).toBe(400);
    const taken = await call('POST', `/public/service/${token}/book`, { body: booking('yes@test.example', true) });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  });
});
