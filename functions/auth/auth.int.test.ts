import { SignJWT, base64url } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestTable } from '../testing/harness.js';
import { ensurePlatformAdmin } from './onboarding.js';
import { LOCKED_OUT } from './login.js';
import { INVALID_INVITATION, NO_TOKEN } from './signup.js';

const ADMIN = { email: 'Root@Platform.Test', password: 'correct horse battery' };

async function adminToken(): Promise<string> {
  const res = await call('POST', '/api/auth/login', { body: { username: ADMIN.email, password: ADMIN.password } });
  expect(res.status).toBe(200);
  return res.body.token;
}

async function invite(token: string, email: string) {
  const res = await call('POST', '/api/platform/invitations', {
    token,
    body: { firstName: 'Ola', lastName: 'Owner', email },
  });
  expect(res.status).toBe(201);
  return new URL(res.body.invitation.inviteUrl).searchParams.get('token')!;
}

const signupBody = (token: string, organizationName = 'Lakeside Kayaks & Co.') => ({
  token,
  organizationName,
  phone: '+1 (555) 123-4567',
  password: 'paddle-hard-9',
  confirmPassword: 'paddle-hard-9',
});

beforeAll(async () => {
  await useTestTable();
  await ensurePlatformAdmin(ADMIN);
});

describe('login', () => {
  it('signs the platform admin in, case-insensitively, and sends them to the platform portal', async () => {
    const res = await call('POST', '/api/auth/login', {
      body: { username: '  root@platform.TEST ', password: ADMIN.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      role: 'SUPER_ADMIN',
      organizationId: null,
      organization: null,
      firstName: 'Platform',
    });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(res.body.redirectUrl).toBe('http://localhost:3000/platform/dashboard');
    expect(res.body.token.split('.')).toHaveLength(3);
  });

  it('answers a wrong password and an unknown user alike, 401 with a message', async () => {
    const wrong = await call('POST', '/api/auth/login', { body: { username: ADMIN.email, password: 'nope' } });
    const unknown = await call('POST', '/api/auth/login', {
      body: { username: 'ghost@nowhere.test', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid credentials');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('refuses missing fields with 400 and the field messages', async () => {
    const res = await call('POST', '/api/auth/login', { body: { username: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation failed: Username is required, Password is required');
    expect(res.body.details).toEqual([
      { msg: 'Username is required', path: 'body.username' },
      { msg: 'Password is required', path: 'body.password' },
    ]);
  });

  it('answers malformed JSON with a 4xx JSON error, not a 500', async () => {
    const res = await call('POST', '/api/auth/login', {
      rawBody: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('BadRequest');
  });

  it('locks a username out after 5 failures in 15 minutes, even with the right password', async () => {
    await ensurePlatformAdmin({ email: 'lock@platform.test', password: 'right-password-1' });
    for (let i = 0; i < 5; i++) {
      const r = await call('POST', '/api/auth/login', {
        body: { username: 'lock@platform.test', password: `wrong-${i}` },
      });
      expect(r.status).toBe(401);
    }
    const locked = await call('POST', '/api/auth/login', {
      body: { username: 'LOCK@platform.test', password: 'right-password-1' },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(LOCKED_OUT);
    // another username is not affected
    expect(
      (await call('POST', '/api/auth/login', { body: { username: ADMIN.email, password: ADMIN.password } })).status,
    ).toBe(200);
  });
});

describe('tokens', () => {
  const key = () => new TextEncoder().encode(process.env.TOKEN_SIGNING_KEY!);

  it('accepts a real token and rejects a tampered one', async () => {
    const token = await adminToken();
    expect((await call('GET', '/api/platform/invitations', { token })).status).toBe(200);
    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(p)));
    const forged = `${h}.${base64url.encode(JSON.stringify({ ...claims, org: 'someone-else' }))}.${s}`;
    const res = await call('GET', '/api/platform/invitations', { token: forged });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Unauthorized');
  });

  it('rejects an expired token', async () => {
    const token = await adminToken();
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!)));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key());
    const res = await call('GET', '/api/platform/invitations', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/i);
  });

  it('rejects alg:none and other algorithms', async () => {
    const token = await adminToken();
    const payload = token.split('.')[1]!;
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    expect((await call('GET', '/api/platform/invitations', { token: none })).status).toBe(401);
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload)));
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(key());
    expect((await call('GET', '/api/platform/invitations', { token: hs512 })).status).toBe(401);
  });

  it('refuses platform routes without a token (401) and to tenant users (403)', async () => {
    expect((await call('GET', '/api/platform/invitations')).status).toBe(401);
    const admin = await adminToken();
    const signupToken = await invite(admin, 'tenant-user@biz.test');
    const done = await call('POST', '/api/signup/complete', { body: signupBody(signupToken, 'Tenant User Biz') });
    const tenantToken = new URL(done.body.loginUrl).searchParams.get('token')!;
    const res = await call('GET', '/api/platform/invitations', { token: tenantToken });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Platform administrators only');
  });
});

describe('organization onboarding', () => {
  it('invites, validates, creates the organization and signs its admin in on the tenant host', async () => {
    const admin = await adminToken();
    const created = await call('POST', '/api/platform/invitations', {
      token: admin,
      body: { firstName: 'Kim', lastName: 'Lake', email: 'Kim@Lakeside.test' },
    });
    expect(created.status).toBe(201);
    expect(created.body.invitation).toMatchObject({
      firstName: 'Kim',
      email: 'kim@lakeside.test',
      status: 'Pending',
      usedAt: null,
    });
    expect(created.body.invitation.inviteUrl).toMatch(/^http:\/\/localhost:3000\/signup\?token=[A-Za-z0-9_-]{43}$/);
    const days = (new Date(created.body.invitation.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const token = new URL(created.body.invitation.inviteUrl).searchParams.get('token')!;

    const valid = await call('GET', `/api/signup/validate-token?token=${token}`);
    expect(valid.body).toEqual({
      valid: true,
      invitation: { firstName: 'Kim', lastName: 'Lake', email: 'kim@lakeside.test' },
    });

    const done = await call('POST', '/api/signup/complete', { body: signupBody(token) });
    expect(done.status).toBe(200);
    expect(done.body.success).toBe(true);
    const loginUrl = new URL(done.body.loginUrl);
    expect(loginUrl.host).toBe('lakeside-kayaks-co.localhost:3000');
    expect(loginUrl.pathname).toBe('/dashboard');
    expect(loginUrl.searchParams.get('auth')).toBe('true');
    expect(JSON.parse(loginUrl.searchParams.get('user')!)).toMatchObject({
      role: 'BUSINESS_ADMIN',
      organization: { name: 'Lakeside Kayaks & Co.', subdomain: 'lakeside-kayaks-co' },
    });

    const login = await call('POST', '/api/auth/login', {
      body: { username: 'kim@lakeside.test', password: 'paddle-hard-9' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({
      role: 'BUSINESS_ADMIN',
      firstName: 'Kim',
      lastName: 'Lake',
      organization: { subdomain: 'lakeside-kayaks-co' },
    });
    expect(login.body.redirectUrl).toMatch(/^http:\/\/lakeside-kayaks-co\.localhost:3000\/dashboard\?auth=true&token=/);

    // single use
    const again = await call('GET', `/api/signup/validate-token?token=${token}`);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ valid: false, message: INVALID_INVITATION });
    const reuse = await call('POST', '/api/signup/complete', { body: signupBody(token, 'Another Org') });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe(INVALID_INVITATION);

    const list = await call('GET', '/api/platform/invitations', { token: admin });
    expect(list.body.invitations.find((i: { email: string }) => i.email === 'kim@lakeside.test')).toMatchObject({
      status: 'Used',
    });
  });

  it('gives a taken subdomain a numeric suffix', async () => {
    const admin = await adminToken();
    const a = await call('POST', '/api/signup/complete', {
      body: signupBody(await invite(admin, 'a@twins.test'), 'Twin Carts'),
    });
    const b = await call('POST', '/api/signup/complete', {
      body: signupBody(await invite(admin, 'b@twins.test'), 'Twin  Carts!'),
    });
    expect(new URL(a.body.loginUrl).host).toBe('twin-carts.localhost:3000');
    expect(new URL(b.body.loginUrl).host).toBe('twin-carts-2.localhost:3000');
    // docs/decisions/0024-words-and-states.md: the form asks before submitting, with its invitation, and hears the
    // truth.
    const third = await invite(admin, 'c@twins.test');
    const check = await call('GET', `/api/signup/subdomain?token=${third}&name=${encodeURIComponent('Twin Carts')}`);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ requested: 'twin-carts', subdomain: 'twin-carts-3', available: false });
    const fresh = await call('GET', `/api/signup/subdomain?token=${third}&name=Solo%20Carts`);
    expect(fresh.body).toEqual({ requested: 'solo-carts', subdomain: 'solo-carts', available: true });
    const noInvitation = await call('GET', '/api/signup/subdomain?token=nope&name=Twin%20Carts');
    expect(noInvitation.status).toBe(400);
  });

  it('counts the owner signed in by the sign-up link as signed in today (docs/decisions/0024-words-and-states.md)', async () => {
    const admin = await adminToken();
    const done = await call('POST', '/api/signup/complete', {
      body: signupBody(await invite(admin, 'owner@counted.test'), 'Counted Carts'),
    });
    expect(done.status).toBe(200);
    const metrics = await call('GET', '/api/platform/tenants/metrics', { token: admin });
    const tenant = metrics.body.tenants.find((t: { subdomain: string }) => t.subdomain === 'counted-carts');
    expect(tenant.metrics).toMatchObject({ totalUsers: 1, activeUsersToday: 1 });
  });

  it('lets exactly one of two simultaneous sign-ups with the same invitation succeed', async () => {
    const admin = await adminToken();
    const token = await invite(admin, 'race@once.test');
    const results = await Promise.all([
      call('POST', '/api/signup/complete', { body: signupBody(token, 'Race One') }),
      call('POST', '/api/signup/complete', { body: signupBody(token, 'Race Two') }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const login = await call('POST', '/api/auth/login', {
      body: { username: 'race@once.test', password: 'paddle-hard-9' },
    });
    expect(login.status).toBe(200);
  });

  it('says why a sign-up is refused', async () => {
    expect((await call('GET', '/api/signup/validate-token')).body.details).toEqual([
      { msg: NO_TOKEN, path: 'query.token' },
    ]);
    expect((await call('GET', '/api/signup/validate-token?token=made-up')).body.message).toBe(INVALID_INVITATION);
    const admin = await adminToken();
    const token = await invite(admin, 'weak@pw.test');
    const short = await call('POST', '/api/signup/complete', {
      body: { ...signupBody(token), password: 'short', confirmPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Validation failed: Password must be at least 8 characters');
    const mismatch = await call('POST', '/api/signup/complete', {
      body: { ...signupBody(token), confirmPassword: 'different-9' },
    });
    expect(mismatch.body.message).toBe('Validation failed: Passwords do not match');
    const phone = await call('POST', '/api/signup/complete', { body: { ...signupBody(token), phone: 'call me' } });
    expect(phone.body.message).toBe('Validation failed: Please enter a valid phone number');
    const noOrg = await call('POST', '/api/signup/complete', {
      body: { ...signupBody(token), organizationName: '  ' },
    });
    expect(noOrg.body.message).toBe('Validation failed: Organization name is required');
    // none of those consumed the invitation
    expect((await call('GET', `/api/signup/validate-token?token=${token}`)).body.valid).toBe(true);
  });

  it('resend rotates the link; revoke removes a pending invitation and refuses a used one', async () => {
    const admin = await adminToken();
    const first = await invite(admin, 'rotate@links.test');
    const list = await call('GET', '/api/platform/invitations', { token: admin });
    const inv = list.body.invitations.find((i: { email: string }) => i.email === 'rotate@links.test');
    const resent = await call('POST', `/api/platform/invitations/${inv.id}/resend`, { token: admin });
    expect(resent.status).toBe(200);
    const second = new URL(resent.body.invitation.inviteUrl).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await call('GET', `/api/signup/validate-token?token=${first}`)).body.valid).toBe(false);
    expect((await call('GET', `/api/signup/validate-token?token=${second}`)).body.valid).toBe(true);

    const revoked = await call('DELETE', `/api/platform/invitations/${inv.id}`, { token: admin });
    expect(revoked.status).toBe(200);
    expect((await call('GET', `/api/signup/validate-token?token=${second}`)).body.valid).toBe(false);
    expect((await call('DELETE', `/api/platform/invitations/${inv.id}`, { token: admin })).status).toBe(404);

    const usedToken = await invite(admin, 'used@links.test');
    await call('POST', '/api/signup/complete', { body: signupBody(usedToken, 'Used Links') });
    const used = (await call('GET', '/api/platform/invitations', { token: admin })).body.invitations.find(
      (i: { email: string }) => i.email === 'used@links.test',
    );
    const refuse = await call('DELETE', `/api/platform/invitations/${used.id}`, { token: admin });
    expect(refuse.status).toBe(409);
    expect((await call('POST', `/api/platform/invitations/${used.id}/resend`, { token: admin })).status).toBe(409);
  });

  it('refuses a second invitation to an address with a pending one, naming it for Resend (docs/decisions/0024-words-and-states.md)', async () => {
    const admin = await adminToken();
    const body = { firstName: 'Pat', lastName: 'Twice', email: 'pat@twice.test' };
    const first = await call('POST', '/api/platform/invitations', { token: admin, body });
    expect(first.status).toBe(201);
    const second = await call('POST', '/api/platform/invitations', {
      token: admin,
      body: { ...body, email: ' PAT@Twice.test ' },
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      error: 'InvitationPending',
      message: 'An invitation to pat@twice.test is already pending. Resend it instead of sending a new one.',
      invitationId: first.body.invitation.id,
    });
    const list = await call('GET', '/api/platform/invitations', { token: admin });
    expect(list.body.invitations.filter((i: { email: string }) => i.email === 'pat@twice.test')).toHaveLength(1);
  });

  it('refuses to invite an address that already has an account', async () => {
    const admin = await adminToken();
    const res = await call('POST', '/api/platform/invitations', {
      token: admin,
      body: { firstName: 'R', lastName: 'A', email: ADMIN.email },
    });
    expect(res.status).toBe(409);
    const bad = await call('POST', '/api/platform/invitations', {
      token: admin,
      body: { firstName: ' ', lastName: 'A', email: 'not-an-address' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Validation failed: First name is required, Please enter a valid email address');
  });
});
