import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestTable } from '../testing/harness.js';
import { ensurePlatformAdmin } from './onboarding.js';

// docs/decisions/0161-hardening-reserved-tenant-names.md: a business called "Public" or "Service" must not get the product's own paths.
const ADMIN = { email: 'reserved@platform.test', password: 'correct horse battery' };

beforeAll(async () => {
  await useTestTable();
  await ensurePlatformAdmin(ADMIN);
});

async function signUp(organizationName: string, email: string) {
  const admin = (await call('POST', '/api/auth/login', { body: { username: ADMIN.email, password: ADMIN.password } }))
    .body.token;
  const inv = await call('POST', '/api/platform/invitations', {
    token: admin,
    body: { firstName: 'Ola', lastName: 'Owner', email },
  });
  const token = new URL(inv.body.invitation.inviteUrl).searchParams.get('token')!;
  const done = await call('POST', '/api/signup/complete', {
    body: {
      token,
      organizationName,
      phone: '+1 555 123 4567',
      password: 'paddle-hard-9',
      confirmPassword: 'paddle-hard-9',
    },
  });
  expect(done.status).toBe(200);
  return new URL(done.body.loginUrl).hostname.split('.')[0];
}

describe('organization subdomains', () => {
  it.each([
    ['Public', 'public-2'],
    ['Service', 'service-2'],
    ['Setup Account', 'setup-account-2'],
    ['Pricing', 'pricing-2'],
    ['API', 'api-2'],
  ])('"%s" gets %s', async (name, sub) => {
    expect(await signUp(name, `${sub}@names.test`)).toBe(sub);
  });
});
