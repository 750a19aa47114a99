import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../lib/db.js';
import { resetFiles } from '../lib/files.js';
import { trustedTenant } from '../lib/keys.js';
import { forgetModules, modulesKey } from '../lib/modules.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';

/** docs/decisions/0001-modules-and-live-stream.md: a switched-off module takes no bookings through its public share links. */
let ses: RunningSes;
let admin: TestSession;

const day = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);
const booking = (email: string) => ({
  selectedSlots: [{ date: day(3), startTime: '10:00', endTime: '12:00' }],
  customer: { firstName: 'Ada', lastName: 'Lovelace', phone: '(555) 010-0042', email },
  participantCount: 1,
  isPublicBooking: true,
});

async function setModules(states: Record<string, boolean>, version: number) {
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...modulesKey(trustedTenant(admin.tenant)), states, version } }),
  );
  forgetModules();
}
const reservationRows = async () =>
  (
    await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': `T#${admin.tenant}`, ':p': 'RESERVATION#' },
      }),
    )
  ).Items ?? [];
const mailTo = async (address: string) =>
  (
    (await (await fetch(`${ses.endpoint}/store`)).json()) as { emails: { destination: { to: string[] } }[] }
  ).emails.filter((m) => m.destination.to.includes(address));

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('bookings@test.example', { S3_ENDPOINT: 'http://127.0.0.1:9', UPLOADS_BUCKET: 'uploads' });
  resetFiles();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
}, 60_000);

afterAll(async () => {
  forgetModules();
  await ses?.stop();
});

describe('public share links of a disabled module', () => {
  it('answer as an unavailable service, book nothing and mail nobody; enabled again, they book', async () => {
    const created = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: {
        name: 'Harbour tour',
        rate: '20',
        rateType: 'per_person',
        timeZone: 'UTC',
        availability: JSON.stringify([{ date: day(3), startTime: '10:00', endTime: '12:00', slotsAvailable: 5 }]),
        rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = await call('POST', `/api/inventory/services/${created.body.id}/generate-share-link`, {
      token: admin.token,
    });
    const token = link.body.shareToken as string;
    const before = (await reservationRows()).length;

    await setModules({ reservations: false, payments: false, reports: false }, 1);
    const unavailable = {
      error: 'SERVICE_UNAVAILABLE',
      code: 'SERVICE_UNAVAILABLE',
      message: 'This service is currently unavailable. Please contact the organizer.',
    };
    const page = await call('GET', `/public/service/${token}`);
    expect(page.status).toBe(404);
    expect(page.body).toMatchObject(unavailable);
    const book = await call('POST', `/public/service/${token}/book`, { body: booking('gate-off@example.com') });
    expect(book.status).toBe(404);
    expect(book.body).toMatchObject(unavailable);
    expect((await reservationRows()).length).toBe(before);
    expect(await mailTo('gate-off@example.com')).toEqual([]);

    // With inventory off too (services are its sub-feature), the same answer.
    await setModules({ inventory: false, reservations: false, payments: false, reports: false }, 2);
    expect((await call('GET', `/public/service/${token}`)).body).toMatchObject(unavailable);

    await setModules({}, 3);
    expect((await call('GET', `/public/service/${token}`)).status).toBe(200);
    const booked = await call('POST', `/public/service/${token}/book`, { body: booking('gate-on@example.com') });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await reservationRows()).length).toBe(before + 1);
  });
});
