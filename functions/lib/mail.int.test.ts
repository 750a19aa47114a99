import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlatformAdmin } from '../auth/onboarding.js';
import type { RunningSes } from '../local/ses.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { mailProblems, readMailbox, textLinks, type CaughtMail } from '../testing/mail.js';

/**
 * docs/decisions/0162-hardening-e-mail-text-parts.md: every e-mail the product sends, read as a person reads it: both parts checked
 * (text without HTML escaping, links whole), and every link into the product followed. The flows
 * below send each kind of mail; the last test reads the WHOLE mailbox, so a mail added to any of
 * these flows is checked without changes here, and a link to a page this file cannot follow fails.
 */
let ses: RunningSes;
const ADMIN = { email: 'mail-admin@platform.test', password: 'correct horse battery' };
const ORG = 'Lake & Sons <Rentals>';
const day = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);

/** How to follow a link into the product: by the SPA path it opens, the API call that page makes. */
const FOLLOW: { path: RegExp; follow: (url: URL) => Promise<void> }[] = [
  {
    path: /^\/signup$/,
    follow: async (url) => {
      const res = await call(
        'GET',
        `/api/signup/validate-token?token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`,
      );
      expect(res.body, url.href).toMatchObject({ valid: true });
    },
  },
  {
    // The manage link of a booking mail (R-BOOK-8): the booking's page reads it.
    path: /^\/booking\/cancel\/[^/]+$/,
    follow: async (url) => {
      const token = decodeURIComponent(url.pathname.split('/').pop()!);
      const res = await call('GET', `/public/reservations/cancel/${encodeURIComponent(token)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
  },
  {
    path: /^\/setup-account\/[^/]+$/,
    follow: async (url) => {
      const token = decodeURIComponent(url.pathname.split('/').pop()!);
      const res = await call('POST', '/api/users/complete-signup', {
        body: {
          token,
          firstName: 'Bob',
          lastName: 'Crew',
          email: 'bob@crew.test',
          password: 'paddle-hard-9',
          termsAccepted: true,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
  },
];

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('no-reply@test.example', { S3_ENDPOINT: 'http://127.0.0.1:9' });
  await ensurePlatformAdmin(ADMIN);
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

const mails: CaughtMail[] = [];
/** Reads the mail sent since the last call, checks both parts and follows each link into the product. */
const newMail = async (count: number) => {
  const all = await readMailbox(ses);
  const fresh = all.slice(mails.length);
  mails.push(...fresh);
  expect(fresh).toHaveLength(count);
  const base = new URL(process.env.APP_BASE_URL!);
  for (const mail of fresh) {
    expect(mailProblems(mail), `${mail.subject}\n${mail.text}`).toEqual([]);
    for (const link of new Set(textLinks(mail.text))) {
      const url = new URL(link);
      // the product's own pages: the app host or one of its tenant subdomains
      if (url.port !== base.port || !(url.hostname === base.hostname || url.hostname.endsWith(`.${base.hostname}`)))
        continue;
      const how = FOLLOW.find((f) => f.path.test(url.pathname));
      expect(how, `no way to follow ${url.pathname} from "${mail.subject}": add it to FOLLOW`).toBeDefined();
      await how!.follow(url);
    }
  }
  return fresh;
};

describe('e-mails', () => {
  let tenantToken = '';

  it('organization invitation: both parts carry the working sign-up link', async () => {
    const admin = (await call('POST', '/api/auth/login', { body: { username: ADMIN.email, password: ADMIN.password } }))
      .body.token;
    const created = await call('POST', '/api/platform/invitations', {
      token: admin,
      body: { firstName: 'Kim', lastName: "O'Hara & Co", email: 'kim@lake.test' },
    });
    expect(created.status).toBe(201);
    expect(created.body.emailSent).toBe(true);
    const [mail] = await newMail(1);
    expect(mailProblems(mail!)).toEqual([]);
    expect(textLinks(mail!.text)).toContain(created.body.invitation.inviteUrl);
    expect(mail!.text).toContain("Kim O'Hara & Co");
    expect(mail!.html).toContain('O&#x27;Hara &amp; Co');
    const token = new URL(created.body.invitation.inviteUrl).searchParams.get('token')!;
    const done = await call('POST', '/api/signup/complete', {
      body: {
        token,
        organizationName: ORG,
        phone: '+1 555 123 4567',
        password: 'paddle-hard-9',
        confirmPassword: 'paddle-hard-9',
      },
    });
    expect(done.status).toBe(200);
    tenantToken = new URL(done.body.loginUrl).searchParams.get('token')!;
  });

  it('employee setup link (when the employees area sends it)', async () => {
    const res = await call('POST', '/api/users/invite', {
      token: tenantToken,
      body: { firstName: 'Bob', lastName: 'Crew', email: 'bob@crew.test', phone: '555 0100', accessLevel: 'EMPLOYEE' },
    });
    if (res.status === 501) return; // not built yet: nothing is sent
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [mail] = await newMail(res.body.emailSent ? 1 : 0);
    if (mail) expect(mail.subject).toContain(ORG);
  });

  it('public booking confirmation', async () => {
    const svc = await call('POST', '/api/inventory/services', {
      token: tenantToken,
      body: {
        name: 'Sunset & <Stars> tour',
        description: 'x',
        location: 'Dock',
        rate: '25.50',
        rateType: 'per_person',
        timeZone: 'UTC',
        availability: JSON.stringify([{ date: day(3), startTime: '10:00', endTime: '12:00', slotsAvailable: 5 }]),
        paymentSettings: JSON.stringify({ venmo: '@kayaks', paypal: 'kayakco', zelle: 'pay@kayak.example' }),
        rsvpSettings: JSON.stringify({ maxParticipants: 8, enablePublicBookings: true }),
      },
    });
    expect(svc.status, JSON.stringify(svc.body)).toBe(201);
    const share = await call('POST', `/api/inventory/services/${svc.body.id}/generate-share-link`, {
      token: tenantToken,
    });
    const booked = await call('POST', `/public/service/${share.body.shareToken}/book`, {
      body: {
        selectedSlots: [{ date: day(3), startTime: '10:00', endTime: '12:00' }],
        customer: { firstName: 'Ada', lastName: 'Love & Lace', phone: '(555) 010-0001', email: 'ada@example.com' },
        participantCount: 2,
        isPublicBooking: true,
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [mail] = await newMail(1);
    expect(mail!.text).toContain('Sunset & <Stars> tour');
  });

  it('left no mail unread: every mail sent above was checked', async () => {
    const all = await readMailbox(ses);
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all).toHaveLength(mails.length);
  });
});
