/**
 * docs/decisions/0011-validation-rules.md, the four reported cases end to end: each went through (201, or the wrong
 * message) before the contract used the shared rules (shared/domain/email.ts, isRealDate,
 * isValidTimeZone, named length messages in shared/zod.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSes } from './local/ses.js';
import { sessionFor, type TestSession } from './testing/fixtures.js';
import { call, useTestMail, useTestTable } from './testing/harness.js';
import { readMailbox } from './testing/mail.js';

let ses: RunningSes;
let admin: TestSession;
let owner: TestSession;

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('no-reply@test.example', { S3_ENDPOINT: 'http://127.0.0.1:9' });
  admin = await sessionFor({ role: 'SUPER_ADMIN' });
  owner = await sessionFor();
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

const service = (over: Record<string, unknown>) => ({
  name: 'Harbour tour',
  description: '',
  location: 'Dock',
  rate: '20',
  rateType: 'FIXED',
  availability: JSON.stringify([{ date: '2030-03-01', startTime: '10:00', endTime: '11:00', slotsAvailable: 2 }]),
  timeZone: 'UTC',
  ...over,
});
const fieldMessages = (body: { details?: { msg: string; path: string }[] }) =>
  (body.details ?? []).map((d) => `${d.path}: ${d.msg}`);

describe('validation that slipped (docs/decisions/0011-validation-rules.md)', () => {
  it('refuses a slot dated 2030-02-31', async () => {
    const bad = await call('POST', '/api/inventory/services', {
      token: owner.token,
      body: service({
        availability: JSON.stringify([{ date: '2030-02-31', startTime: '10:00', endTime: '11:00', slotsAvailable: 2 }]),
      }),
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(JSON.stringify(bad.body.details)).toContain('Slot date must be a real date (YYYY-MM-DD)');
    const good = await call('POST', '/api/inventory/services', { token: owner.token, body: service({}) });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
  });

  it('refuses a time zone that is not an IANA zone', async () => {
    const bad = await call('POST', '/api/inventory/services', {
      token: owner.token,
      body: service({ timeZone: 'Mars/Olympus_Mons' }),
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(fieldMessages(bad.body)).toEqual(['body.timeZone: Time zone must be an IANA zone such as America/New_York']);
    const good = await call('POST', '/api/inventory/services', {
      token: owner.token,
      body: service({ timeZone: 'Pacific/Auckland' }),
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
  });

  it('says a 300-character product type name is too long, naming the limit', async () => {
    const res = await call('POST', '/api/inventory/product-types', {
      token: owner.token,
      body: { name: 'x'.repeat(300), category: 'Carts' },
    });
    expect(res.status).toBe(400);
    expect(fieldMessages(res.body)).toEqual(['body.name: Name must be at most 120 characters']);
    const missing = await call('POST', '/api/inventory/product-types', {
      token: owner.token,
      body: { name: '  ', category: 'Carts' },
    });
    expect(fieldMessages(missing.body)).toEqual(['body.name: Name is required']);
  });

  it('refuses an invitation to (ä@"ý.ă÷åqü and sends one to "x y"@example.com', async () => {
    const odd = '(ä@"ý.ă÷åqü';
    const bad = await call('POST', '/api/platform/invitations', {
      token: admin.token,
      body: { firstName: 'Odd', lastName: 'One', email: odd },
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(fieldMessages(bad.body)).toEqual(['body.email: Please enter a valid email address']);

    const quoted = '"x y"@example.com';
    const good = await call('POST', '/api/platform/invitations', {
      token: admin.token,
      body: { firstName: 'Quoted', lastName: 'Local', email: quoted },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(good.body.emailSent).toBe(true);
    const mailbox = await readMailbox(ses);
    expect(mailbox.some((m) => m.to === quoted)).toBe(true);
    expect(mailbox.some((m) => m.to.includes('ý'))).toBe(false);
  });
});
