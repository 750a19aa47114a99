import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetFiles } from '../lib/files.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { sweepWaitlist } from './waitlist-sweep.js';

let ses: RunningSes;
let admin: TestSession;

const day = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);
const SLOT = { date: day(4), startTime: '10:00', endTime: '12:00' };

async function makeService(places: number, over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/inventory/services', {
    token: admin.token,
    body: {
      name: `Tour ${Math.random().toString(36).slice(2, 8)}`,
      rate: '20',
      rateType: 'FIXED',
      availability: JSON.stringify([{ ...SLOT, slotsAvailable: places }]),
      rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
      timeZone: 'UTC',
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const share = await call('POST', `/api/inventory/services/${res.body.id}/generate-share-link`, {
    token: admin.token,
  });
  return { id: res.body.id as string, token: share.body.shareToken as string };
}

const person = (tag: string) => ({
  firstName: `F${tag}`,
  lastName: 'Waiter',
  phone: `555-200-${tag.padStart(4, '0').slice(-4)}`,
  email: `w${tag}@wait.example`,
});

async function book(token: string, tag: string, participantCount = 1) {
  return call('POST', `/public/service/${token}/book`, {
    body: { selectedSlots: [SLOT], customer: person(tag), participantCount },
  });
}
async function join(token: string, tag: string, participantCount = 1, email?: string, ip?: string) {
  return call('POST', `/public/service/${token}/waitlist`, {
    body: { slot: SLOT, customer: { ...person(tag), ...(email ? { email } : {}) }, participantCount },
    ...(ip ? { headers: { 'x-viewer-ip': ip } } : {}),
  });
}
/** The latest confirmation link mailed to `to` (R-SVC-11). */
async function confirmTokenFor(to: string): Promise<string> {
  const mails = (await inbox(to)).filter((m) => m.subject.startsWith('Confirm your place'));
  const token = /\/confirm\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.body.text ?? '')?.[1];
  expect(token, `confirmation mail to ${to}`).toBeTruthy();
  return token!;
}
const confirm = (token: string) => call('POST', `/public/waitlist/${token}/confirm`);
/** A join whose address confirmed at once: a WAITING entry in line (what every join was before R-SVC-11). */
async function enter(token: string, tag: string, participantCount = 1) {
  const joined = await join(token, tag, participantCount);
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  const confirmed = await confirm(await confirmTokenFor(`w${tag}@wait.example`));
  expect(confirmed.body.outcome).toBe('confirmed');
  return confirmed;
}
const cancel = (id: string) =>
  call('POST', `/api/reservations/processing/${id}/cancel`, { token: admin.token, body: {} });
const entries = async (serviceId: string) =>
  (await call('GET', `/api/inventory/services/${serviceId}/waitlist`, { token: admin.token })).body.entries as {
    id: string;
    email: string;
    status: string;
    position: number;
  }[];
const statusOf = async (serviceId: string, tag: string) =>
  (await entries(serviceId)).filter((e) => e.email === `w${tag}@wait.example`).map((e) => e.status);
const placesLeft = async (serviceId: string) =>
  JSON.parse((await call('GET', `/api/inventory/services/${serviceId}`, { token: admin.token })).body.availability)[0]
    .slotsAvailable as number;

async function inbox(to: string) {
  const all = (await (await fetch(`${ses.endpoint}/store`)).json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { text: string } }[];
  };
  return all.emails.filter((m) => m.destination.to.includes(to));
}
async function offerTokenFor(tag: string): Promise<string> {
  const mails = await inbox(`w${tag}@wait.example`);
  const offer = mails.find((m) => m.subject.startsWith('Places are free'));
  const token = /\/offer\/([A-Za-z0-9_-]+)/.exec(offer?.body.text ?? '')?.[1];
  expect(token, `offer mail to w${tag}`).toBeTruthy();
  return token!;
}

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('waitlist@test.example', { S3_ENDPOINT: 'http://127.0.0.1:9', UPLOADS_BUCKET: 'uploads' });
  resetFiles();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

describe('waitlist (R-SVC-7..R-SVC-10)', () => {
  it('refuses to join a slot that still has places, with the booking form messages for bad input', async () => {
    const s = await makeService(2);
    const res = await join(s.token, '1');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Places are available: book instead');
    const bad = await call('POST', `/public/service/${s.token}/waitlist`, {
      body: { slot: SLOT, customer: { ...person('2'), firstName: '' }, participantCount: 1 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('First name is required');
  });

  it('joins a full slot once per e-mail, shows it as Full on the public page, and mails the position with a leave link', async () => {
    const s = await makeService(1);
    expect((await book(s.token, '10')).status).toBe(201);
    const page = await call('GET', `/public/service/${s.token}`);
    expect(page.body.data.availability).toEqual([]);
    expect(page.body.data.waitlistSlots).toEqual([SLOT]);

    const first = await join(s.token, '11');
    expect(first.status).toBe(201);
    expect(first.body.entry.status).toBe('UNCONFIRMED');
    expect(first.body.entry.position).toBe(0);
    expect(first.body.message).toContain('Check your e-mail to confirm your place');
    expect((await confirm(await confirmTokenFor('w11@wait.example'))).body.position).toBe(1);
    const again = await join(s.token, '11', 1, 'W11@Wait.Example');
    expect(again.status).toBe(200);
    expect(again.body.entry.id).toBe(first.body.entry.id);
    expect(again.body.entry.alreadyJoined).toBe(true);
    expect(again.body.entry.position).toBe(1);
    expect((await enter(s.token, '12')).body.position).toBe(2);
    expect(await entries(s.id)).toHaveLength(2);

    const mail = (await inbox('w12@wait.example')).find((m) => m.subject.startsWith('You are on the waitlist'));
    expect(mail?.body.text).toContain('Your position: 2');
    const leave = /\/leave\/([A-Za-z0-9_-]+)/.exec(mail!.body.text)![1]!;
    expect((await call('POST', `/public/waitlist/${leave}/leave`)).status).toBe(200);
    expect(await statusOf(s.id, '12')).toEqual(['LEFT']);
  });

  it('holds a freed place for the first in line: a stranger is refused, 20 parallel accepts make one booking', async () => {
    const s = await makeService(1);
    const held = await book(s.token, '20');
    expect(held.status).toBe(201);
    await enter(s.token, '21');
    await enter(s.token, '22');
    expect((await cancel(held.body.reservation.id)).status).toBe(200);

    // The immediate run after the cancellation made the offer: the place is out of the slot.
    expect(await statusOf(s.id, '21')).toEqual(['OFFERED']);
    expect(await statusOf(s.id, '22')).toEqual(['WAITING']);
    expect(await placesLeft(s.id)).toBe(0);
    const stranger = await book(s.token, '29');
    expect(stranger.status).toBe(409);
    expect((await call('GET', `/public/service/${s.token}`)).body.data.availability).toEqual([]);

    const token = await offerTokenFor('21');
    const view = await call('GET', `/public/waitlist-offers/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.offer.status).toBe('OFFERED');
    expect(view.body.offer.totalAmount).toBe(20);

    const accepts = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', `/public/waitlist-offers/${token}/accept`, { body: {} })),
    );
    const statuses = accepts.map((a) => a.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(19);
    const won = accepts.find((a) => a.status === 201)!;
    expect(won.body.reservation.statusLabel).toBe('Pending Payment');
    expect(won.body.payment.totalDue).toBe(20);
    expect(await statusOf(s.id, '21')).toEqual(['BOOKED']);
    expect(await placesLeft(s.id)).toBe(0);
    expect(await statusOf(s.id, '22')).toEqual(['WAITING']);
    // The same confirmation e-mail as a public booking.
    expect((await inbox('w21@wait.example')).some((m) => m.subject.startsWith('Booking received'))).toBe(true);
  }, 60_000);

  it('passes an expired hold to the next person, and a declined offer too', async () => {
    const s = await makeService(1, { waitlistSettings: JSON.stringify({ enabled: true, holdMinutes: 1 }) });
    const b = await book(s.token, '30');
    await enter(s.token, '31');
    await enter(s.token, '32');
    await enter(s.token, '33');
    await cancel(b.body.reservation.id);
    expect(await statusOf(s.id, '31')).toEqual(['OFFERED']);

    const swept = await sweepWaitlist(Date.now() + 2 * 60_000);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(s.id, '31')).toEqual(['EXPIRED']);
    expect(await statusOf(s.id, '32')).toEqual(['OFFERED']);
    expect(await placesLeft(s.id)).toBe(0);

    const token = await offerTokenFor('32');
    expect((await call('POST', `/public/waitlist-offers/${token}/decline`)).status).toBe(200);
    expect(await statusOf(s.id, '32')).toEqual(['LEFT']);
    expect(await statusOf(s.id, '33')).toEqual(['OFFERED']);
    expect((await call('POST', `/public/waitlist-offers/${token}/accept`, { body: {} })).status).toBe(409);
  }, 60_000);

  it('skips a party that does not fit instead of blocking the queue', async () => {
    const s = await makeService(3, { rateType: 'PER_PERSON' });
    expect((await book(s.token, '40', 2)).status).toBe(201);
    const small = await book(s.token, '41', 1);
    expect(small.status).toBe(201);
    await enter(s.token, '42', 3);
    await enter(s.token, '43', 1);
    await cancel(small.body.reservation.id);
    expect(await statusOf(s.id, '42')).toEqual(['WAITING']);
    expect(await statusOf(s.id, '43')).toEqual(['OFFERED']);
    expect(await placesLeft(s.id)).toBe(0);
  }, 60_000);

  it('10 parallel cancellations of a full slot with 12 waiting give exactly 10 offers, to the first 10', async () => {
    const s = await makeService(10);
    const booked: string[] = [];
    for (let i = 0; i < 10; i++) booked.push((await book(s.token, `5${i}`)).body.reservation.id);
    const waiting = Array.from({ length: 12 }, (_, i) => `6${String(i).padStart(2, '0')}`);
    for (const tag of waiting) await enter(s.token, tag);

    const results = await Promise.all(booked.map((id) => cancel(id)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    await sweepWaitlist(); // whatever an immediate run left to the sweep
    await sweepWaitlist();

    const list = await entries(s.id);
    const byTag = (tag: string) => list.find((e) => e.email === `w${tag}@wait.example`)!.status;
    expect(waiting.slice(0, 10).map(byTag)).toEqual(Array(10).fill('OFFERED'));
    expect(waiting.slice(10).map(byTag)).toEqual(['WAITING', 'WAITING']);
    expect(await placesLeft(s.id)).toBe(0);
    for (const tag of waiting.slice(0, 10))
      expect((await inbox(`w${tag}@wait.example`)).filter((m) => m.subject.startsWith('Places are free'))).toHaveLength(
        1,
      );
  }, 120_000);

  it('staff see the queue, remove an entry (its hold passes on) and offer places by hand; raising places offers them', async () => {
    const s = await makeService(1);
    const b = await book(s.token, '70');
    await enter(s.token, '71');
    await enter(s.token, '72');
    await enter(s.token, '73');
    const list = await entries(s.id);
    expect(list.map((e) => e.position)).toEqual([1, 2, 3]);

    const noPlace = await call('POST', `/api/inventory/services/${s.id}/waitlist/${list[2]!.id}/offer`, {
      token: admin.token,
    });
    expect(noPlace.status).toBe(409);

    await cancel(b.body.reservation.id);
    expect(await statusOf(s.id, '71')).toEqual(['OFFERED']);
    const removed = await call('DELETE', `/api/inventory/services/${s.id}/waitlist/${list[0]!.id}`, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect(await statusOf(s.id, '71')).toEqual(['LEFT']);
    expect(await statusOf(s.id, '72')).toEqual(['OFFERED']);

    // Staff raise the slot to 2 places: the new place goes to the next in line.
    const svc = await call('GET', `/api/inventory/services/${s.id}`, { token: admin.token });
    const raised = await call('PUT', `/api/inventory/services/${s.id}`, {
      token: admin.token,
      body: {
        name: svc.body.name,
        rate: '20',
        rateType: 'FIXED',
        availability: JSON.stringify([{ ...SLOT, slotsAvailable: 2 }]),
        timeZone: 'UTC',
      },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(await statusOf(s.id, '73')).toEqual(['OFFERED']);
  }, 60_000);
});

describe('waitlist joins confirmed by e-mail (R-SVC-11)', () => {
  it('200 joins with made-up addresses from one source: 3 entries, the rest 429; none is offered or listed', async () => {
    const s = await makeService(1);
    const b = await book(s.token, '80');
    const answers: number[] = [];
    for (let i = 0; i < 200; i++)
      answers.push((await join(s.token, `8${i}`, 1, `fake${i}@made-up.example`, '203.0.113.7')).status);
    expect(answers.slice(0, 3)).toEqual([201, 201, 201]);
    expect(answers.slice(3).every((x) => x === 429)).toBe(true);
    expect(await entries(s.id)).toEqual([]);

    // A freed place is offered to no unconfirmed entry: it stays free for a booking.
    expect((await cancel(b.body.reservation.id)).status).toBe(200);
    await sweepWaitlist();
    expect(await placesLeft(s.id)).toBe(1);
    expect((await inbox('fake0@made-up.example')).filter((m) => m.subject.startsWith('Places are free'))).toEqual([]);

    // Once an address confirms, the free place is offered to it at once.
    expect((await confirm(await confirmTokenFor('fake1@made-up.example'))).body.outcome).toBe('confirmed');
    expect((await entries(s.id)).map((e) => [e.email, e.status])).toEqual([['fake1@made-up.example', 'OFFERED']]);
    expect(await placesLeft(s.id)).toBe(0);
  }, 120_000);

  it('a slot takes at most 50 live entries, unconfirmed ones included; lapsed joins free their places', async () => {
    const s = await makeService(1);
    await book(s.token, '90');
    const answers: { status: number; message?: string }[] = [];
    for (let i = 0; i < 60; i++) {
      const r = await join(s.token, `9${i}`, 1, `many${i}@made-up.example`, `198.51.100.${Math.floor(i / 3) + 1}`);
      answers.push({ status: r.status, message: r.body.message });
    }
    expect(answers.filter((a) => a.status === 201)).toHaveLength(50);
    expect(answers.slice(50)).toEqual(
      Array(10).fill({ status: 409, message: 'The waitlist of this time slot is full' }),
    );

    // One confirms and leaves: its place in the limit is free for one more join, no more.
    expect((await confirm(await confirmTokenFor('many0@made-up.example'))).body.position).toBe(1);
    const joinedMail = (await inbox('many0@made-up.example')).find((m) => m.subject.startsWith('You are on'));
    const leave = /\/leave\/([A-Za-z0-9_-]+)/.exec(joinedMail!.body.text)![1]!;
    expect((await call('POST', `/public/waitlist/${leave}/leave`)).status).toBe(200);
    expect((await join(s.token, '97', 1, 'one-more@made-up.example', '192.0.2.197')).status).toBe(201);
    expect((await join(s.token, '98', 1, 'too-many@made-up.example', '192.0.2.198')).status).toBe(409);

    // 25 hours later none of the rest confirmed: the sweep deletes them and the counter is back to 0.
    const swept = await sweepWaitlist(Date.now() + 25 * 3600_000);
    expect(swept.lapsed).toBeGreaterThanOrEqual(50); // and the other tests' unconfirmed joins
    const late = await confirm(await confirmTokenFor('many1@made-up.example'));
    expect(late.status).toBe(200);
    expect(late.body.outcome).toBe('expired');
    expect((await join(s.token, '99', 1, 'real@person.example', '192.0.2.200')).status).toBe(201);
  }, 120_000);

  it('first confirmed, first offered; a second join of an unconfirmed address re-sends the link', async () => {
    const s = await makeService(1);
    const b = await book(s.token, '100');
    const a = await join(s.token, '101');
    const again = await join(s.token, '101');
    expect(again.status).toBe(200);
    expect(again.body.entry).toMatchObject({ id: a.body.entry.id, status: 'UNCONFIRMED', alreadyJoined: true });
    const links = (await inbox('w101@wait.example')).filter((m) => m.subject.startsWith('Confirm your place'));
    expect(links).toHaveLength(2);
    await join(s.token, '102');
    await join(s.token, '103'); // never confirms

    expect((await confirm(await confirmTokenFor('w102@wait.example'))).body.position).toBe(1);
    const firstLink = /\/confirm\/([A-Za-z0-9_-]+)/.exec(links[0]!.body.text)![1]!;
    expect((await confirm(firstLink)).body).toMatchObject({ outcome: 'confirmed', position: 2 });
    expect((await confirm(firstLink)).body).toMatchObject({ outcome: 'already-confirmed', position: 2 });
    expect((await entries(s.id)).map((e) => e.email)).toEqual(['w102@wait.example', 'w101@wait.example']);

    await cancel(b.body.reservation.id);
    expect(await statusOf(s.id, '102')).toEqual(['OFFERED']);
    expect(await statusOf(s.id, '101')).toEqual(['WAITING']);
    expect(await statusOf(s.id, '103')).toEqual([]);
  }, 60_000);

  it('an unknown confirmation link is 404', async () => {
    const res = await confirm('A'.repeat(43));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This confirmation link is not valid');
    expect((await confirm('bad token')).status).toBe(404);
  });
});
