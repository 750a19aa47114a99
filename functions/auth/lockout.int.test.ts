import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestTable } from '../testing/harness.js';
import { SIGN_IN_PER_SOURCE, SOURCE_LIMITED } from '../lib/rate-limit.js';
import { ACCOUNT_LOCKED } from '../../shared/domain/sign-in-link.js';
import { LOCKED_OUT } from './login.js';
import { ensurePlatformAdmin } from './onboarding.js';

// docs/decisions/0151-hardening-limits-per-source-address.md: the lockout holds whatever the concurrency, and a source address is limited too.
beforeAll(async () => {
  await useTestTable();
});

/** A distinct public address per test, as CloudFront names the viewer. */
let n = 10;
const from = () => {
  const ip = `198.51.100.${n++}`;
  return { 'cloudfront-viewer-address': `${ip}:443` };
};

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  call('POST', '/api/auth/login', { body: { username, password }, headers });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe('sign-in lockout under concurrency', () => {
  it('checks at most 5 passwords for 200 concurrent wrong attempts, then answers 429', async () => {
    await ensurePlatformAdmin({ email: 'burst@platform.test', password: 'right-password-1' });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login('burst@platform.test', `wrong-${i}`)),
    );
    const t = tally(results.map((r) => r.status));
    expect(t[401]).toBe(5);
    expect(t[429]).toBe(195);
    expect(results.find((r) => r.status === 429)!.body.message).toBe(LOCKED_OUT);
    // R-AUTH-6: the lock has its own code, for which the sign-in page offers a sign-in link.
    expect(results.find((r) => r.status === 429)!.body.error).toBe(ACCOUNT_LOCKED);
  });

  it('does not let the right password in when it arrives inside a burst of wrong ones', async () => {
    await ensurePlatformAdmin({ email: 'mixed@platform.test', password: 'right-password-2' });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login('mixed@platform.test', i === 60 ? 'right-password-2' : `wrong-${i}`)),
    );
    const t = tally(results.map((r) => r.status));
    // at most 5 checks: the right password either was one of them (then 4 × 401 + 1 × 200) or got 429
    expect((t[401] ?? 0) + (t[200] ?? 0)).toBe(5);
    expect(t[429]).toBe(95);
    if (results[60]!.status === 200) expect(t[401]).toBe(4);
    // after the burst the account is locked, right password or not
    expect((await login('mixed@platform.test', 'right-password-2')).status).toBe(
      results[60]!.status === 200 ? 200 : 429,
    );
  });

  it('counts an unknown username like a known one', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => login('nobody@nowhere.test', 'guess')));
    expect(tally(results.map((r) => r.status))).toEqual({ 401: 5, 429: 45 });
  });

  it('forgets the attempts after a successful sign-in', async () => {
    await ensurePlatformAdmin({ email: 'forget@platform.test', password: 'right-password-3' });
    for (let i = 0; i < 4; i++) expect((await login('forget@platform.test', 'wrong')).status).toBe(401);
    expect((await login('forget@platform.test', 'right-password-3')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('forget@platform.test', 'wrong')).status).toBe(401);
    expect((await login('forget@platform.test', 'right-password-3')).status).toBe(200);
  });
});

describe('sign-in limit per source address', () => {
  it(`answers 429 after ${SIGN_IN_PER_SOURCE.limit} attempts from one address, whatever the usernames`, async () => {
    const source = from();
    const results = await Promise.all(
      Array.from({ length: SIGN_IN_PER_SOURCE.limit + 20 }, (_, i) => login(`user${i}@spray.test`, 'guess', source)),
    );
    const t = tally(results.map((r) => r.status));
    expect(t[401]).toBe(SIGN_IN_PER_SOURCE.limit);
    expect(t[429]).toBe(20);
    expect(results.find((r) => r.status === 429)!.body).toMatchObject({
      error: 'TooManyRequests',
      message: SOURCE_LIMITED,
    });
    // another address is not affected, and the sprayed usernames were not locked by the refused calls
    expect((await login('user0@spray.test', 'guess', from())).status).toBe(401);
  });
});

describe('public booking limit per source address', () => {
  it('answers 429 once an address has used its bookings for the window', async () => {
    const { PUBLIC_BOOKING_PER_SOURCE } = await import('../lib/rate-limit.js');
    const source = from();
    const body = {
      selectedSlots: [{ date: '2030-01-05', startTime: '10:00', endTime: '12:00' }],
      customer: { firstName: 'Ann', lastName: 'Lee', phone: '555 0100', email: 'ann@example.test' },
      participantCount: 1,
    };
    const token = 'unknownShareToken0123456789';
    const results = await Promise.all(
      Array.from({ length: PUBLIC_BOOKING_PER_SOURCE.limit + 5 }, () =>
        call('POST', `/public/service/${token}/book`, { body, headers: source }),
      ),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 404: PUBLIC_BOOKING_PER_SOURCE.limit, 429: 5 });
    expect((await call('POST', `/public/service/${token}/book`, { body, headers: from() })).status).toBe(404);
  });

  it('counts waitlist joins against the same budget (R-SVC-8)', async () => {
    const { PUBLIC_BOOKING_PER_SOURCE } = await import('../lib/rate-limit.js');
    const source = from();
    const token = 'unknownShareToken0123456789';
    const body = {
      slot: { date: '2030-01-05', startTime: '10:00', endTime: '12:00' },
      customer: { firstName: 'Ann', lastName: 'Lee', phone: '555 0100', email: 'ann@example.test' },
      participantCount: 1,
    };
    const results = await Promise.all(
      Array.from({ length: PUBLIC_BOOKING_PER_SOURCE.limit + 3 }, () =>
        call('POST', `/public/service/${token}/waitlist`, { body, headers: source }),
      ),
    );
    expect(tally(results.map((r) => r.status))[429]).toBe(3);
  });
});
