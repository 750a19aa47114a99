/**
 * docs/decisions/0008-one-time-zone.md: e-mails print times people can read, in the organization's zone and naming it,
 * never a raw `toUTCString()` ("Mon, 01 Dec 2031 10:00:00 GMT").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from './auth/onboarding.js';
import type { RunningSes } from './local/ses.js';
import { sessionFor } from './testing/fixtures.js';
import { call, useTestMail, useTestTable } from './testing/harness.js';

let ses: RunningSes;
type Mail = { destination: { to: string[] }; body: { text: string } };
const mailTo = async (to: string) =>
  ((await (await fetch(ses.inboxUrl)).json()) as { emails: Mail[] }).emails
    .filter((m) => m.destination.to.includes(to))
    .map((m) => m.body.text);
const READABLE = (abbr: string) =>
  new RegExp(`expires on [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M ${abbr}`);

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('times@test.example');
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

describe('times in e-mails', () => {
  it("an employee's setup link expires in the organization's zone, named", async () => {
    const { organization, owner } = await createOrganization({
      name: 'Pacific Paddles',
      timeZone: 'America/Los_Angeles',
      owner: {
        email: `owner-${randomUUID().slice(0, 8)}@test.example`,
        firstName: 'Olive',
        lastName: 'Owner',
        password: 'owner-password-1',
      },
    });
    const s = await sessionFor({
      tenant: organization.id,
      userId: owner.id,
      role: 'BUSINESS_ADMIN',
      accessLevel: 'MANAGER',
    });
    const email = `emp-${randomUUID().slice(0, 8)}@test.example`;
    const res = await call('POST', '/api/users/invite', {
      token: s.token,
      body: {
        firstName: 'Pat',
        lastName: 'Lee',
        email,
        phone: '5550100200',
        jobRole: 'Guide',
        location: 'Dock',
        hourlyWage: '18.50',
        accessLevel: 'EMPLOYEE',
        startDate: '2025-01-15',
      },
    });
    expect(res.status, res.raw).toBe(201);
    const [text] = await mailTo(email);
    expect(text).toMatch(READABLE('P[SD]T'));
    expect(text).not.toContain('GMT');
  });

  it('a platform invitation (no organization yet) expires in the default zone, named', async () => {
    const admin = await sessionFor({ role: 'SUPER_ADMIN' });
    const email = `inv-${randomUUID().slice(0, 8)}@test.example`;
    const res = await call('POST', '/api/platform/invitations', {
      token: admin.token,
      body: { firstName: 'Ann', lastName: 'Lee', email },
    });
    expect(res.status, res.raw).toBe(201);
    const [text] = await mailTo(email);
    expect(text).toMatch(READABLE('E[SD]T'));
    expect(text).not.toContain('GMT');
  });
});
