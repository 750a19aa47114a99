import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../lib/db.js';
import { resetFiles } from '../lib/files.js';
import { RowShapeError } from '../lib/rows.js';
import { keys, type TenantId } from '../lib/keys.js';
import type { RunningSes } from '../local/ses.js';
import { sweepUnpaid } from '../sweeps/unpaid-bookings.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { getServiceRow } from './store.js';
import { participantLimit } from '../../shared/domain/slots.js';
import { zonedDateTime } from '../../shared/domain/time.js';
import { formatDateTimeIn, zoneAbbreviation } from '../../shared/domain/time-text.js';

let ses: RunningSes;
let admin: TestSession;

/** A date `days` from today (UTC), YYYY-MM-DD. */
const day = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);

const baseService = (over: Record<string, unknown> = {}) => ({
  name: 'Sunset kayak tour',
  description: 'Two hours on the bay',
  location: 'North dock',
  rate: '25.50',
  rateType: 'per_person',
  availability: JSON.stringify([{ date: day(3), startTime: '10:00', endTime: '12:00', slotsAvailable: 5 }]),
  paymentSettings: JSON.stringify({ venmo: '@kayaks', cashApp: '', paypal: 'kayakco', zelle: 'pay@kayak.example' }),
  paymentNote: 'Kayak tour',
  rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
  questionnaire: JSON.stringify({ collectAllergies: true }),
  enableAddons: true,
  addons: JSON.stringify([
    { name: 'Lunch', rate: 12, rateType: 'PER_PERSON' },
    { name: 'Photos', rate: 20, rateType: 'FIXED' },
  ]),
  timeZone: 'UTC',
  ...over,
});

async function createService(over: Record<string, unknown> = {}, token = admin.token) {
  const res = await call('POST', '/api/inventory/services', { token, body: baseService(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; [k: string]: unknown };
}

async function shareTokenFor(id: string) {
  const res = await call('POST', `/api/inventory/services/${id}/generate-share-link`, { token: admin.token });
  expect(res.status).toBeLessThan(300);
  return res.body.shareToken as string;
}

const booking = (over: Record<string, unknown> = {}) => ({
  selectedSlots: [{ date: day(3), startTime: '10:00', endTime: '12:00' }],
  customer: { firstName: 'Ada', lastName: 'Lovelace', phone: '(555) 010-0001', email: 'ada@example.com' },
  participantCount: 1,
  isPublicBooking: true,
  ...over,
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

describe('services API', () => {
  it('creates a service from JSON-string fields and answers them parseable', async () => {
    const created = await createService({ showPaymentOptions: false });
    expect(created.message).toBe('Service created successfully!');
    expect(created.rate).toBe(25.5);
    expect(created.rateType).toBe('PER_PERSON');
    const got = await call('GET', `/api/inventory/services/${created.id}`, { token: admin.token });
    expect(got.status).toBe(200);
    for (const f of [
      'availability',
      'paymentSettings',
      'rsvpSettings',
      'questionnaire',
      'addons',
      'pricingTiers',
      'hosts',
      'privacySettings',
      'reminderSettings',
    ]) {
      expect(typeof got.body[f], f).toBe('string');
      expect(() => JSON.parse(got.body[f])).not.toThrow();
    }
    expect(JSON.parse(got.body.availability)).toEqual([
      { date: day(3), startTime: '10:00', endTime: '12:00', slotsAvailable: 5, originalSlotsAvailable: 5 },
    ]);
    // blank methods are dropped, and a configured one turns payment options on whatever the client said
    expect(JSON.parse(got.body.paymentSettings)).toEqual({
      venmo: '@kayaks',
      paypal: 'kayakco',
      zelle: 'pay@kayak.example',
    });
    expect(got.body.showPaymentOptions).toBe(true);
    expect(JSON.parse(got.body.addons).map((a: { name: string }) => a.name)).toEqual(['Lunch', 'Photos']);
    const list = await call('GET', '/api/inventory/services', { token: admin.token });
    expect(list.body.map((s: { id: string }) => s.id)).toContain(created.id);
  });

  it('saves a blank rate as 0, no payment method as showPaymentOptions false, and empties lists whose toggle is off', async () => {
    const s = await createService({
      rate: '',
      paymentSettings: JSON.stringify({ venmo: '  ' }),
      showPaymentOptions: true,
      enableAddons: false,
      enableTieredPricing: 'false',
      pricingTiers: JSON.stringify([{ name: 'Summer', rate: 9, rateType: 'FIXED' }]),
    });
    expect(s.rate).toBe(0);
    expect(s.showPaymentOptions).toBe(false);
    expect(JSON.parse(s.addons as string)).toEqual([]);
    expect(JSON.parse(s.pricingTiers as string)).toEqual([]);
  });

  it("refuses bad input with 'Validation failed: msg, msg'", async () => {
    const res = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: baseService({
        name: ' ',
        rate: '-1',
        rateType: 'DAILY',
        rsvpSettings: JSON.stringify({ maxParticipants: 101 }),
        availability: JSON.stringify([{ date: day(1), startTime: '10:00', endTime: '11:00', slotsAvailable: 0 }]),
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Validation failed: /);
    for (const m of [
      'Name is required',
      'Rate must be 0 or more',
      'Rate type must be PER_PERSON, HOURLY or FIXED',
      'Max participants must be between 1 and 100',
      'Slots available must be at least 1',
    ])
      expect(res.body.message).toContain(m);
    const step = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: baseService({ rate: '1.005' }),
    });
    expect(step.body.message).toBe('Validation failed: Rate must be in steps of 0.01');
    const json = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: baseService({ availability: '[{' }),
    });
    expect(json.body.message).toBe('Validation failed: Availability must be valid JSON');
    // non-numbers become 1
    const loose = await createService({
      availability: JSON.stringify([{ date: day(2), startTime: '09:00', endTime: '10:00', slotsAvailable: 'many' }]),
    });
    expect(JSON.parse(loose.availability as string)[0].slotsAvailable).toBe(1);
  });

  it('reads a stored row through its schema: a bad write fails loudly instead of being passed on', async () => {
    const created = await createService();
    const key = keys.entity(admin.tenant, 'SERVICE', created.id);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET rate = :r, photoKey = :k REMOVE version',
        ExpressionAttributeValues: { ':r': '25.50', ':k': 7 },
      }),
    );
    const err = await getServiceRow(admin.tenant, created.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RowShapeError);
    expect((err as RowShapeError).problems.map((p) => p.split(':')[0]).sort()).toEqual(['photoKey', 'rate', 'version']);
    const got = await call('GET', `/api/inventory/services/${created.id}`, { token: admin.token });
    expect(got.status).toBe(500);
  });

  it('lets only managers write, and keeps tenants apart', async () => {
    const emp = await sessionFor({ role: 'EMPLOYEE', tenant: admin.tenant });
    expect((await call('POST', '/api/inventory/services', { token: emp.token, body: baseService() })).status).toBe(403);
    const mgr = await sessionFor({ role: 'EMPLOYEE', accessLevel: 'MANAGER', tenant: admin.tenant });
    const s = await createService({}, mgr.token);
    const stranger = await sessionFor({ role: 'BUSINESS_ADMIN' });
    expect((await call('GET', `/api/inventory/services/${s.id}`, { token: stranger.token })).status).toBe(404);
    expect((await call('DELETE', `/api/inventory/services/${s.id}`, { token: stranger.token })).status).toBe(404);
  });

  it('keeps booked places when an edit sends the slot back unchanged, and keeps them taken under a new capacity', async () => {
    const s = await createService();
    const token = await shareTokenFor(s.id);
    expect(
      (await call('POST', `/public/service/${token}/book`, { body: booking({ participantCount: 2 }) })).status,
    ).toBe(201);
    // the form was opened before the booking: it still says 5 of 5
    const stale = baseService({
      name: 'Renamed',
      availability: JSON.stringify([
        { date: day(3), startTime: '10:00', endTime: '12:00', slotsAvailable: 5, originalSlotsAvailable: 5 },
      ]),
    });
    const upd = await call('PUT', `/api/inventory/services/${s.id}`, { token: admin.token, body: stale });
    expect(upd.status).toBe(200);
    expect(JSON.parse(upd.body.availability)[0]).toMatchObject({ slotsAvailable: 3, originalSlotsAvailable: 5 });
    const more = baseService({
      availability: JSON.stringify([
        { date: day(3), startTime: '10:00', endTime: '12:00', slotsAvailable: 9, originalSlotsAvailable: 9 },
      ]),
    });
    expect(
      JSON.parse(
        (await call('PUT', `/api/inventory/services/${s.id}`, { token: admin.token, body: more })).body.availability,
      )[0],
    ).toMatchObject({ slotsAvailable: 7, originalSlotsAvailable: 9 });
  });
});

describe('share links and the public page', () => {
  it('makes one unguessable token per service and serves only what a customer may see', async () => {
    const s = await createService();
    const first = await call('POST', `/api/inventory/services/${s.id}/generate-share-link`, { token: admin.token });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Share link generated successfully!');
    const token = first.body.shareToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const again = await call('POST', `/api/inventory/services/${s.id}/generate-share-link`, { token: admin.token });
    expect(again.body.shareToken).toBe(token);
    // only the hash is a key
    const ptr = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `SHARE#${token}` },
      }),
    );
    expect(ptr.Items).toEqual([]);

    const pub = await call('GET', `/public/service/${token}`);
    expect(pub.status).toBe(200);
    const data = pub.body.data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'addons',
        'availability',
        'business',
        'description',
        'enableAddons',
        'location',
        'name',
        'notes',
        'photo',
        'photoUrls',
        'questionnaire',
        'rate',
        'rateLabel',
        'rateType',
        'rsvpSettings',
        'showPaymentOptions',
        // The store's terms, accent colour and in-person payment (R-SET-15..R-SET-17): for every customer.
        'storefront',
        'taxRate',
        'timeZone',
        // Full future slots that take a waitlist (R-SVC-8): none here, the list is empty.
        'waitlistSlots',
      ].sort(),
    );
    expect(JSON.stringify(pub.body)).not.toContain(admin.tenant);
    expect(JSON.stringify(pub.body)).not.toContain(s.id);
    expect(JSON.stringify(pub.body)).not.toContain('@kayaks');
    expect(data).toMatchObject({
      rate: 25.5,
      rateType: 'PER_PERSON',
      rateLabel: 'per person',
      rsvpSettings: { maxParticipants: 8 },
      questionnaire: { collectAllergies: true },
    });
  });

  it('answers 404 NOT_FOUND, 404 LINK_EXPIRED and 410 EVENT_EXPIRED with a code', async () => {
    const unknown = await call('GET', `/public/service/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', message: 'Service not found or link has expired' });

    const s = await createService();
    const token = await shareTokenFor(s.id);
    expect((await call('DELETE', `/api/inventory/services/${s.id}`, { token: admin.token })).status).toBe(200);
    const expired = await call('GET', `/public/service/${token}`);
    expect(expired.status).toBe(404);
    expect(expired.body).toMatchObject({ error: 'LINK_EXPIRED', code: 'LINK_EXPIRED' });

    const past = await createService({
      availability: JSON.stringify([{ date: day(-2), startTime: '10:00', endTime: '12:00', slotsAvailable: 5 }]),
    });
    const pastToken = await shareTokenFor(past.id);
    const ended = await call('GET', `/public/service/${pastToken}`);
    expect(ended.status).toBe(410);
    expect(ended.body).toMatchObject({
      error: 'EVENT_EXPIRED',
      code: 'EVENT_EXPIRED',
      message: 'This event has ended and is no longer available for booking.',
    });
    expect(
      (
        await call('POST', `/public/service/${pastToken}/book`, {
          body: booking({ selectedSlots: [{ date: day(-2), startTime: '10:00', endTime: '12:00' }] }),
        })
      ).status,
    ).toBe(410);
  });

  it('lists only future slots with places left', async () => {
    const s = await createService({
      availability: JSON.stringify([
        { date: day(-1), startTime: '10:00', endTime: '12:00', slotsAvailable: 5 },
        { date: day(5), startTime: '09:00', endTime: '10:00', slotsAvailable: 2 },
        { date: day(4), startTime: '09:00', endTime: '10:00', slotsAvailable: 3 },
      ]),
    });
    const token = await shareTokenFor(s.id);
    const pub = await call('GET', `/public/service/${token}`);
    expect(pub.body.data.availability.map((x: { date: string }) => x.date)).toEqual([day(4), day(5)]);
  });
});

describe('public booking', () => {
  it('prices on the server, writes reservation, customer and unpaid marker, and mails the instructions', async () => {
    const s = await createService();
    const token = await shareTokenFor(s.id);
    const res = await call('POST', `/public/service/${token}/book`, {
      body: booking({
        participantCount: 2,
        selectedAddons: [
          { name: 'Lunch', rate: 0.01 },
          { name: 'Photos', rate: 0 },
        ],
        allergies: 'Peanuts',
        notes: 'Window seat',
        customer: { firstName: 'Ada', lastName: 'Lovelace', phone: '(555) 777-0001', email: 'ada7@example.com' },
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 2 × 25.50 + 2 × 12 (PER_PERSON add-on) + 20 (FIXED add-on) = 95; the browser's add-on rates are ignored
    expect(res.body.payment).toMatchObject({
      totalDue: 95,
      paymentMethods: { venmo: '@kayaks', paypal: 'kayakco', zelle: 'pay@kayak.example' },
    });
    expect(res.body.payment.paymentNote).toContain(res.body.reservation.reservationNumber);
    expect(res.body.reservation.reservationNumber).toMatch(/^RES-\d{6}$/);
    const dueIn = new Date(res.body.payment.dueBy).getTime() - Date.now();
    expect(dueIn).toBeGreaterThan(23.9 * 3600_000);
    expect(dueIn).toBeLessThanOrEqual(24 * 3600_000);

    const tenant = admin.tenant as TenantId;
    const row = (
      await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, 'RESERVATION', res.body.reservation.id) }),
      )
    ).Item!;
    expect(row).toMatchObject({
      status: 'ACTIVE',
      paymentStatus: 'PENDING_PAYMENT',
      isPaid: false,
      totalAmountCents: 9500,
      participantCount: 2,
      slotPlaces: 2,
      allergies: true,
    });
    expect(row.notes).toBe('Window seat\nAllergies: Peanuts\nParticipants: 2\nSelected Add-ons:\nLunch\nPhotos');
    // docs/decisions/0012-right-about-money.md: the details carry each add-on with its rate, quantity and amount, read from the booking's data.
    const staffView = (
      await call('GET', `/api/reservations/integration/${res.body.reservation.id}`, { token: admin.token })
    ).body.data;
    expect(staffView.addons).toEqual([
      { name: 'Lunch', rate: 12, rateType: 'PER_PERSON', quantity: 2, amount: 24 },
      { name: 'Photos', rate: 20, rateType: 'FIXED', quantity: 1, amount: 20 },
    ]);
    expect(staffView).toMatchObject({
      baseAmount: 95,
      service: { name: 'Sunset kayak tour', rate: 25.5, rateType: 'PER_PERSON', tier: null },
    });
    const svc = await call('GET', `/api/inventory/services/${s.id}`, { token: admin.token });
    expect(JSON.parse(svc.body.availability)[0].slotsAvailable).toBe(3);

    // the same customer (by phone and name, docs/decisions/0012-right-about-money.md) is found again
    const second = await call('POST', `/public/service/${token}/book`, {
      body: booking({
        customer: { firstName: 'ada', lastName: 'Lovelace', phone: '555-777-0001', email: 'other@example.com' },
      }),
    });
    expect(second.status).toBe(201);
    const row2 = (
      await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, 'RESERVATION', second.body.reservation.id) }),
      )
    ).Item!;
    expect(row2.customerId).toBe(row.customerId);
    const customer = (
      await db().send(new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, 'CUSTOMER', row.customerId) }))
    ).Item!;
    expect(customer.reservationCount).toBe(2);

    const inbox = (await (await fetch(`${ses.endpoint}/store`)).json()) as {
      emails: { destination: { to: string[] }; subject: string; body: { text: string } }[];
    };
    const mail = inbox.emails.find(
      (m) =>
        m.destination.to.includes('ada7@example.com') && m.subject.includes(res.body.reservation.reservationNumber),
    );
    expect(mail?.body.text).toContain('Total due: $95.00');
    expect(mail?.body.text).toContain('https://venmo.com/kayaks?txn=pay&amount=95.00');
  });

  it("taxes service bookings at the organization's rate, public and staff, and says so (docs/decisions/0012-right-about-money.md)", async () => {
    const s = await sessionFor({ role: 'BUSINESS_ADMIN' });
    expect(
      (await call('PUT', '/api/settings/financial/tax', { token: s.token, body: { rate: 8.25, enabled: true } }))
        .status,
    ).toBe(200);
    const svc = await call('POST', '/api/inventory/services', {
      token: s.token,
      body: baseService({ rate: '30', addons: JSON.stringify([]), enableAddons: false }),
    });
    expect(svc.status, JSON.stringify(svc.body)).toBe(201);
    const share = (await call('POST', `/api/inventory/services/${svc.body.id}/generate-share-link`, { token: s.token }))
      .body.shareToken;
    expect((await call('GET', `/public/service/${share}`)).body.data.taxRate).toBe(8.25);
    const res = await call('POST', `/public/service/${share}/book`, {
      body: booking({
        participantCount: 2,
        customer: { firstName: 'Tex', lastName: 'Payer', phone: '555-808-0001', email: 'tex@example.com' },
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 2 x $30 = $60; 8.25 % of $60 = $4.95
    expect(res.body.payment).toMatchObject({ subtotal: 60, taxRate: 8.25, taxAmount: 4.95, totalDue: 64.95 });
    const details = await call('GET', `/api/reservations/integration/${res.body.reservation.id}`, { token: s.token });
    expect(details.status).toBe(200);
    expect(details.body.data ?? details.body).toMatchObject({
      subtotal: 60,
      taxRate: 8.25,
      taxAmount: 4.95,
      totalAmount: 64.95,
    });
    const inbox = (await (await fetch(`${ses.endpoint}/store`)).json()) as {
      emails: { destination: { to: string[] }; body: { text: string } }[];
    };
    expect(inbox.emails.find((m) => m.destination.to.includes('tex@example.com'))?.body.text).toContain(
      'Total due: $64.95 (includes $4.95 tax at 8.25%)',
    );

    const staff = await call('POST', '/api/reservations/services/create', {
      token: s.token,
      body: {
        customer: { firstName: 'Sam', lastName: 'Staff', phone: '555-808-0002' },
        reservation: {
          serviceId: svc.body.id,
          availabilitySlots: [{ date: day(3), startTime: '10:00', endTime: '12:00' }],
          participantCount: 1,
          depositAmount: 0,
        },
      },
    });
    expect(staff.status, JSON.stringify(staff.body)).toBe(201);
    expect(staff.body.data).toMatchObject({ subtotal: 30, taxAmount: 2.48, totalAmount: 32.48 });
  });

  // R-SET-4, R-MONEY-6: a 3-decimal rate (docs/decisions/0255-tax-rate-three-decimals.md).
  it('taxes a booking at 8.875 % in whole cents and names the rate as 8.875%', async () => {
    const s = await sessionFor({ role: 'BUSINESS_ADMIN' });
    expect(
      (await call('PUT', '/api/settings/financial/tax', { token: s.token, body: { rate: '8.875', enabled: true } }))
        .status,
    ).toBe(200);
    const svc = await call('POST', '/api/inventory/services', {
      token: s.token,
      body: baseService({ rate: '19.99', addons: JSON.stringify([]), enableAddons: false }),
    });
    expect(svc.status, JSON.stringify(svc.body)).toBe(201);
    const share = (await call('POST', `/api/inventory/services/${svc.body.id}/generate-share-link`, { token: s.token }))
      .body.shareToken;
    expect((await call('GET', `/public/service/${share}`)).body.data.taxRate).toBe(8.875);
    const res = await call('POST', `/public/service/${share}/book`, {
      body: booking({
        participantCount: 1,
        customer: { firstName: 'Nyc', lastName: 'Payer', phone: '555-808-0875', email: 'nyc8875@example.com' },
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 8.875 % of $19.99 = 177.41125 cents -> $1.77; total $21.76
    expect(res.body.payment).toMatchObject({ subtotal: 19.99, taxRate: 8.875, taxAmount: 1.77, totalDue: 21.76 });
    const inbox = (await (await fetch(`${ses.endpoint}/store`)).json()) as {
      emails: { destination: { to: string[] }; body: { text: string } }[];
    };
    expect(inbox.emails.find((m) => m.destination.to.includes('nyc8875@example.com'))?.body.text).toContain(
      'Total due: $21.76 (includes $1.77 tax at 8.875%)',
    );
  });

  it('the confirmation carries the booking as .ics and a single-use link to view or cancel it (R-BOOK-8)', async () => {
    const s = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const svc = await call('POST', '/api/inventory/services', {
      token: s.token,
      body: baseService({ enableAddons: false, addons: JSON.stringify([]) }),
    });
    const share = (await call('POST', `/api/inventory/services/${svc.body.id}/generate-share-link`, { token: s.token }))
      .body.shareToken;
    const bookAs = async (email: string) => {
      const res = await call('POST', `/public/service/${share}/book`, {
        body: booking({ customer: { firstName: 'Ics', lastName: 'Reader', phone: '555-808-0200', email } }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const inbox = (await (await fetch(`${ses.endpoint}/store`)).json()) as {
        emails: {
          destination: { to: string[] };
          body: { html: string; text: string };
          attachments?: { filename?: string; content?: string }[];
        }[];
      };
      const mail = inbox.emails.find((m) => m.destination.to.includes(email))!;
      return { number: res.body.reservation.reservationNumber as string, mail };
    };
    // The default cut-off (1 hour) is open three days ahead.
    const open = await bookAs('ics.open@example.com');
    const ics = open.mail.attachments?.find((a) => a.filename === `${open.number}.ics`);
    expect(ics).toBeTruthy();
    const raw = Buffer.from(ics!.content ?? '', 'base64').toString('utf8');
    expect(raw.includes('BEGIN:VCALENDAR') ? raw : ics!.content).toContain(open.number);
    expect(open.mail.body.text).toContain('View or cancel this booking');
    expect(open.mail.body.text).toContain('online until');
    expect(open.mail.body.text).toMatch(/if payment is not received by \w{3} \d{1,2}, \d{4}, /);
    const link = /\/booking\/cancel\/([A-Za-z0-9_-]{43})/.exec(open.mail.body.html)?.[1];
    expect(link).toBeTruthy();
    const view = await call('GET', `/public/reservations/cancel/${link}`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(JSON.stringify(view.body)).toContain(open.number);
    // A week's cut-off has already closed for a slot three days out: the mail says so, no "online until".
    const policy = await call('PUT', '/api/settings/reminders', {
      token: s.token,
      body: {
        enabled: true,
        serviceBeforeMinutes: [1440],
        itemBeforeMinutes: [1440],
        lateReturnEnabled: true,
        cancelCutoffHours: 168,
      },
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    const closed = await bookAs('ics.closed@example.com');
    expect(closed.mail.body.text).not.toContain('online until');
    expect(closed.mail.body.text).toContain('View this booking');
    expect(closed.mail.body.text).toContain('contact Test');
  });

  it('prices a slot by the tier of the day it happens, not the day it is booked (R-SVC-3)', async () => {
    const s = await sessionFor({ role: 'BUSINESS_ADMIN' });
    // Today is outside the season; day(5) falls in it, day(2) does not.
    const svc = await call('POST', '/api/inventory/services', {
      token: s.token,
      body: baseService({
        rate: '20',
        rateType: 'FIXED',
        enableAddons: false,
        addons: JSON.stringify([]),
        enableTieredPricing: true,
        pricingTiers: JSON.stringify([
          { name: 'Season', rate: 35, rateType: 'FIXED', validFrom: day(4), validTo: day(6) },
        ]),
        availability: JSON.stringify([
          { date: day(2), startTime: '10:00', endTime: '12:00', slotsAvailable: 5 },
          { date: day(5), startTime: '10:00', endTime: '12:00', slotsAvailable: 5 },
        ]),
      }),
    });
    expect(svc.status, JSON.stringify(svc.body)).toBe(201);
    const share = (await call('POST', `/api/inventory/services/${svc.body.id}/generate-share-link`, { token: s.token }))
      .body.shareToken;
    const page = (await call('GET', `/public/service/${share}`)).body.data;
    expect(page.rate).toBe(20);
    expect(page.availability.map((x: { date: string; rate: number }) => [x.date, x.rate])).toEqual([
      [day(2), 20],
      [day(5), 35],
    ]);
    const book = (date: string, email: string) =>
      call('POST', `/public/service/${share}/book`, {
        body: booking({
          selectedSlots: [{ date, startTime: '10:00', endTime: '12:00' }],
          customer: { firstName: 'Tier', lastName: 'Check', phone: '555-808-0100', email },
        }),
      });
    const inSeason = await book(day(5), 'season@example.com');
    expect(inSeason.status, JSON.stringify(inSeason.body)).toBe(201);
    expect(inSeason.body.payment.subtotal).toBe(35);
    const offSeason = await book(day(2), 'offseason@example.com');
    expect(offSeason.status, JSON.stringify(offSeason.body)).toBe(201);
    expect(offSeason.body.payment.subtotal).toBe(20);
  });

  it('refuses what the page would not allow: too many people, unknown add-ons, a slot that does not exist', async () => {
    const s = await createService({ rsvpSettings: JSON.stringify({ maxParticipants: 3 }) });
    const token = await shareTokenFor(s.id);
    expect(
      (await call('POST', `/public/service/${token}/book`, { body: booking({ participantCount: 4 }) })).body.message,
    ).toBe('At most 3 participants per booking');
    expect(
      (
        await call('POST', `/public/service/${token}/book`, {
          body: booking({ selectedAddons: [{ name: 'Champagne', rate: 0 }] }),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/public/service/${token}/book`, {
          body: booking({ selectedSlots: [{ date: day(3), startTime: '13:00', endTime: '14:00' }] }),
        })
      ).status,
    ).toBe(409);
    const bad = await call('POST', `/public/service/${token}/book`, {
      body: booking({ customer: { firstName: '', lastName: 'x', phone: '1', email: 'nope' } }),
    });
    expect(bad.body.message).toBe('Validation failed: First name is required, Please enter a valid email address');
  });

  it('a service that sets no maximum offers the public page its default of 10 participants (R-SVC-3)', async () => {
    const s = await createService({
      rateType: 'PER_PERSON',
      rsvpSettings: JSON.stringify({ enablePublicBookings: true }),
    });
    const token = await shareTokenFor(s.id);
    const pub = await call('GET', `/public/service/${token}`);
    expect(pub.body.data.rsvpSettings.maxParticipants).toBeNull();
    expect(participantLimit(pub.body.data.rsvpSettings.maxParticipants, 20)).toBe(10);
    expect(
      (await call('POST', `/public/service/${token}/book`, { body: booking({ participantCount: 11 }) })).body.message,
    ).toBe('At most 10 participants per booking');
  });

  it('survives a rush: 50 concurrent bookings for 5 places give exactly 5 reservations and 45 clear refusals', async () => {
    const s = await createService({ rateType: 'FIXED', rate: 40 });
    const token = await shareTokenFor(s.id);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', `/public/service/${token}/book`, {
          body: booking({
            customer: {
              firstName: `C${i}`,
              lastName: 'Rush',
              phone: `555-100-${String(i).padStart(4, '0')}`,
              email: `c${i}@rush.example`,
            },
          }),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(5);
    expect(statuses.filter((x) => x >= 500)).toEqual([]);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(45);
    for (const r of refused) {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.message).toMatch(/fully booked|no longer available|place|try again/i);
    }
    const numbers = results.filter((r) => r.status === 201).map((r) => r.body.reservation.reservationNumber);
    expect(new Set(numbers).size).toBe(5);
    const svc = await call('GET', `/api/inventory/services/${s.id}`, { token: admin.token });
    expect(JSON.parse(svc.body.availability)[0].slotsAvailable).toBe(0);
    const pub = await call('GET', `/public/service/${token}`);
    expect(pub.body.data.availability).toEqual([]);
  }, 120_000);
});

describe("one time zone, the organization's (docs/decisions/0008-one-time-zone.md)", () => {
  const inbox = async (to: string) =>
    (
      (await (await fetch(`${ses.endpoint}/store`)).json()) as {
        emails: { destination: { to: string[] }; body: { text: string } }[];
      }
    ).emails
      .filter((m) => m.destination.to.includes(to))
      .map((m) => m.body.text);

  it("a service saved without a zone has slots in the organization's zone: public page, reservation and e-mail agree on 5:00 PM New York", async () => {
    const s = await sessionFor({ role: 'BUSINESS_ADMIN' }); // an organization without a recorded zone: America/New_York
    const created = await createService(
      {
        timeZone: undefined,
        availability: JSON.stringify([{ date: day(3), startTime: '17:00', endTime: '19:00', slotsAvailable: 5 }]),
      },
      s.token,
    );
    expect(created.timeZone ?? null).toBeNull();
    const share = (await call('POST', `/api/inventory/services/${created.id}/generate-share-link`, { token: s.token }))
      .body.shareToken as string;
    const page = await call('GET', `/public/service/${share}`);
    expect(page.status).toBe(200);
    expect(page.body.data.timeZone).toBe('America/New_York');

    const res = await call('POST', `/public/service/${share}/book`, {
      body: booking({
        selectedSlots: [{ date: day(3), startTime: '17:00', endTime: '19:00' }],
        customer: { firstName: 'Tz', lastName: 'Reader', phone: '555-230-0001', email: 'tz-reader@example.com' },
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const fivePmNewYork = zonedDateTime(day(3), '17:00', 'America/New_York').toISOString();
    expect(res.body.reservation.startTime).toBe(fivePmNewYork);
    const staff = await call('GET', `/api/reservations/integration/${res.body.reservation.id}`, { token: s.token });
    expect((staff.body.data ?? staff.body).startTime).toBe(fivePmNewYork);

    const [mail] = await inbox('tz-reader@example.com');
    const abbr = zoneAbbreviation('America/New_York', fivePmNewYork);
    expect(mail).toContain(`5:00 PM – 7:00 PM ${abbr}`);
    expect(mail).toContain(`Pay by: ${formatDateTimeIn(res.body.payment.dueBy, 'America/New_York')} `);
    expect(mail).not.toContain('GMT');
  });

  it('a service that carries a zone of its own keeps it, and the e-mail names it', async () => {
    const s = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const created = await createService(
      {
        timeZone: 'UTC',
        availability: JSON.stringify([{ date: day(3), startTime: '17:00', endTime: '19:00', slotsAvailable: 5 }]),
      },
      s.token,
    );
    const share = (await call('POST', `/api/inventory/services/${created.id}/generate-share-link`, { token: s.token }))
      .body.shareToken as string;
    expect((await call('GET', `/public/service/${share}`)).body.data.timeZone).toBe('UTC');
    const res = await call('POST', `/public/service/${share}/book`, {
      body: booking({
        selectedSlots: [{ date: day(3), startTime: '17:00', endTime: '19:00' }],
        customer: { firstName: 'Utc', lastName: 'Reader', phone: '555-230-0002', email: 'utc-reader@example.com' },
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.reservation.startTime).toBe(`${day(3)}T17:00:00.000Z`);
    const [mail] = await inbox('utc-reader@example.com');
    expect(mail).toContain('5:00 PM – 7:00 PM UTC');
  });
});

describe('the unpaid-booking sweep', () => {
  it('cancels unpaid bookings after 24 hours and restores their places exactly once, sparing paid ones', async () => {
    const s = await createService();
    const token = await shareTokenFor(s.id);
    const unpaid = await call('POST', `/public/service/${token}/book`, { body: booking({ participantCount: 2 }) });
    const paid = await call('POST', `/public/service/${token}/book`, {
      body: booking({
        participantCount: 1,
        customer: { firstName: 'Paid', lastName: 'Up', phone: '555-222-0000', email: 'paid@example.com' },
      }),
    });
    expect([unpaid.status, paid.status]).toEqual([201, 201]);
    const tenant = admin.tenant as TenantId;
    // what the payment-tracking endpoint will do: set isPaid on the reservation row
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(tenant, 'RESERVATION', paid.body.reservation.id),
        UpdateExpression: 'SET isPaid = :t',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
    const slots = async () =>
      JSON.parse((await call('GET', `/api/inventory/services/${s.id}`, { token: admin.token })).body.availability)[0]
        .slotsAvailable;
    expect(await slots()).toBe(2);

    // not yet due: nothing happens
    await sweepUnpaid(Date.now() + 23 * 3600_000);
    expect(await slots()).toBe(2);

    const later = Date.now() + 25 * 3600_000;
    const [a, b] = await Promise.all([sweepUnpaid(later), sweepUnpaid(later)]);
    expect(a.cancelled + b.cancelled).toBeGreaterThanOrEqual(1);
    await sweepUnpaid(later);
    expect(await slots()).toBe(4);
    const get = async (id: string) =>
      (await db().send(new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, 'RESERVATION', id) }))).Item!;
    expect(await get(unpaid.body.reservation.id)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'EXPIRED' });
    expect(await get(paid.body.reservation.id)).toMatchObject({ status: 'ACTIVE', isPaid: true });
    // both markers are gone
    for (const r of [unpaid, paid]) {
      expect(
        (
          await db().send(
            new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, 'UNPAID', r.body.reservation.id) }),
          )
        ).Item,
      ).toBeUndefined();
    }
  });
});
