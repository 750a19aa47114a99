import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_MESSAGES } from '../../shared/domain/employees.js';
import { createOrganization } from '../auth/onboarding.js';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { hashToken } from '../lib/secure-token.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { userKeys } from './employee-row.js';

/**
 * R-EMP-9 (docs/decisions/0250-email-change-confirmation.md): a new e-mail address takes effect only once its
 * owner confirms it; report recipients count as staff only at a confirmed address (R-REP-7).
 * Against DynamoDB Local and the SES emulator.
 */
let ses: RunningSes;
let owner: TestSession;

type Mail = { destination: { to: string[] }; subject: string; body: { text?: string; html?: string } };
const mailTo = async (to: string): Promise<Mail[]> =>
  ((await (await fetch(ses.inboxUrl)).json()) as { emails: Mail[] }).emails.filter((m) =>
    m.destination.to.some((t) => t.toLowerCase() === to.toLowerCase()),
  );
async function linkIn(email: string, path: 'setup-account' | 'confirm-email'): Promise<string> {
  const mails = await mailTo(email);
  for (const m of mails.reverse()) {
    const token = new RegExp(`/${path}/([A-Za-z0-9_-]{43})`).exec(m.body.html ?? '')?.[1];
    if (token) return token;
  }
  throw new Error(`no ${path} link to ${email}`);
}

const unique = (p = 'emp') => `${p}-${randomUUID().slice(0, 8)}@test.example`;
const PASSWORD = 'pat-password-1';

/** An invited employee who completed the setup: signs in with `email`. */
async function activeEmployee(accessLevel: 'EMPLOYEE' | 'MANAGER' = 'EMPLOYEE') {
  const email = unique();
  const inv = await call('POST', '/api/users/invite', {
    token: owner.token,
    body: { firstName: 'Pat', lastName: 'Lee', email, accessLevel },
  });
  expect(inv.status, inv.raw).toBe(201);
  const done = await call('POST', '/api/users/complete-signup', {
    body: {
      token: await linkIn(email, 'setup-account'),
      firstName: 'Pat',
      lastName: 'Lee',
      phone: '5550100200',
      email,
      password: PASSWORD,
      termsAccepted: true,
    },
  });
  expect(done.status, done.raw).toBe(200);
  return { id: inv.body.employee.id as string, email };
}
const login = (username: string) => call('POST', '/api/auth/login', { body: { username, password: PASSWORD } });
const changeEmail = (id: string, email: string, as = owner) =>
  call('PUT', `/api/users/${id}`, { token: as.token, body: { email } });
const confirm = (token: string) => call('POST', `/public/confirm-email/${token}`);
const userRow = async (tenant: TenantId, id: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: userKeys.user(tenant, id), ConsistentRead: true })))
    .Item!;

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('team@test.example');
  const { organization, owner: o } = await createOrganization({
    name: 'Harbour Bikes',
    owner: { email: unique('owner'), firstName: 'Olive', lastName: 'Owner', password: 'owner-password-1' },
  });
  owner = await sessionFor({ tenant: organization.id, userId: o.id, role: 'BUSINESS_ADMIN', accessLevel: 'MANAGER' });
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

describe('a new e-mail address takes effect once confirmed (R-EMP-9)', () => {
  it('waits for the link, tells the old address, then moves the sign-in name; sessions go on', async () => {
    const emp = await activeEmployee();
    const session = (await login(emp.email)).body.token as string;
    const next = unique('new');

    const res = await changeEmail(emp.id, next.toUpperCase());
    expect(res.status, res.raw).toBe(200);
    expect(res.body.message).toBe(EMPLOYEE_MESSAGES.emailChangeRequested);
    expect(res.body.employee).toMatchObject({ email: emp.email, username: emp.email, pendingEmail: next });
    expect(Date.parse(res.body.employee.pendingEmailExpiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    // Until confirmed: the old address signs in, the new one does not.
    expect((await login(next)).status).toBe(401);
    expect((await login(emp.email)).status).toBe(200);

    // The link goes to the new address (on the tenant host), a notice to the old one.
    const token = await linkIn(next, 'confirm-email');
    const notice = (await mailTo(emp.email)).find((m) => m.subject.includes('is being changed'));
    expect(notice?.body.html).toContain(next);
    expect(notice?.body.html).not.toContain(token);

    // Only the token's hash is stored.
    const pointer = (
      await db().send(new GetCommand({ TableName: tableName(), Key: userKeys.emailChangeToken(hashToken(token)) }))
    ).Item;
    expect(pointer).toMatchObject({ userId: emp.id, tenantId: owner.tenant, email: next });
    const row = await userRow(owner.tenant as TenantId, emp.id);
    expect(row.pendingEmailTokenHash).toBe(hashToken(token));
    expect(JSON.stringify([pointer, row])).not.toContain(token);

    const done = await confirm(token);
    expect(done.status, done.raw).toBe(200);
    expect(done.body).toEqual({ success: true, message: EMPLOYEE_MESSAGES.emailChangeDone, email: next });
    expect((await login(next)).status).toBe(200);
    expect((await login(emp.email)).status).toBe(401);
    const moved = await db().send(new GetCommand({ TableName: tableName(), Key: keys.username(next) }));
    expect(moved.Item).toMatchObject({ userId: emp.id });
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: keys.username(emp.email) }))).Item).toBe(
      undefined,
    );
    const after = (await call('GET', `/api/users/${emp.id}`, { token: owner.token })).body.employee;
    expect(after).toMatchObject({ email: next, username: next, pendingEmail: null, pendingEmailExpiresAt: null });

    // Used once; the session from before the change still works.
    expect((await confirm(token)).status).toBe(404);
    expect((await call('GET', '/api/settings/permissions/mine', { token: session })).status).toBe(200);
  });

  it('resend replaces the link, cancel withdraws it, an expired link says so, a malformed one is refused', async () => {
    const emp = await activeEmployee();
    const next = unique('new');
    expect((await changeEmail(emp.id, next)).status).toBe(200);
    const first = await linkIn(next, 'confirm-email');
    const noticesBefore = (await mailTo(emp.email)).length;

    // Sending the pending address again changes nothing (no new link).
    expect((await changeEmail(emp.id, next)).status).toBe(200);
    expect(await linkIn(next, 'confirm-email')).toBe(first);

    const resent = await call('POST', `/api/users/${emp.id}/email-change/resend`, { token: owner.token });
    expect(resent.status, resent.raw).toBe(200);
    expect(resent.body).toMatchObject({ email: emp.email, pendingEmail: next, emailSent: true });
    const second = await linkIn(next, 'confirm-email');
    expect(second).not.toBe(first);
    expect((await mailTo(emp.email)).length).toBe(noticesBefore);
    expect((await confirm(first)).status).toBe(404);

    // Expired: 410 with its message, nothing changes.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKeys.emailChangeToken(hashToken(second)),
        UpdateExpression: 'SET validUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const expired = await confirm(second);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(EMPLOYEE_MESSAGES.emailChangeExpired);
    expect((await login(emp.email)).status).toBe(200);

    const cancelled = await call('DELETE', `/api/users/${emp.id}/email-change`, { token: owner.token });
    expect(cancelled.status, cancelled.raw).toBe(200);
    expect(cancelled.body).toMatchObject({ email: emp.email, pendingEmail: null, pendingEmailExpiresAt: null });
    expect((await call('POST', `/api/users/${emp.id}/email-change/resend`, { token: owner.token })).status).toBe(409);

    // A third request, cancelled: its link no longer works.
    expect((await changeEmail(emp.id, next)).status).toBe(200);
    const third = await linkIn(next, 'confirm-email');
    expect((await call('DELETE', `/api/users/${emp.id}/email-change`, { token: owner.token })).status).toBe(200);
    expect((await confirm(third)).status).toBe(404);
    expect((await userRow(owner.tenant as TenantId, emp.id)).email).toBe(emp.email);

    expect((await confirm('not-a-token')).status).toBe(400);
    expect((await confirm('a'.repeat(43))).status).toBe(404);
  });

  it('an address taken meanwhile cannot be confirmed; a taken one cannot be requested', async () => {
    const a = await activeEmployee();
    const b = await activeEmployee();
    expect((await changeEmail(a.id, b.email)).status).toBe(409);

    const wanted = unique('wanted');
    expect((await changeEmail(a.id, wanted)).status).toBe(200);
    const token = await linkIn(wanted, 'confirm-email');
    // Another organization's account signs in with that address first (the sign-in name is platform-wide).
    const { owner: elsewhere } = await createOrganization({
      name: 'Other Bikes',
      owner: { email: wanted, firstName: 'Eve', lastName: 'Else', password: 'other-password-1' },
    });
    expect(elsewhere.id).toBeTruthy();
    const res = await confirm(token);
    expect(res.status, res.raw).toBe(409);
    expect(res.body.message).toBe(EMPLOYEE_MESSAGES.emailChangeTaken);
    expect((await login(a.email)).status).toBe(200);
    expect((await userRow(owner.tenant as TenantId, a.id)).email).toBe(a.email);
  });

  it("another organization cannot resend or cancel this organization's change", async () => {
    const emp = await activeEmployee();
    expect((await changeEmail(emp.id, unique('new'))).status).toBe(200);
    const other = await sessionFor({ role: 'BUSINESS_ADMIN' });
    expect((await call('POST', `/api/users/${emp.id}/email-change/resend`, { token: other.token })).status).toBe(404);
    expect((await call('DELETE', `/api/users/${emp.id}/email-change`, { token: other.token })).status).toBe(404);
    expect((await userRow(owner.tenant as TenantId, emp.id)).pendingEmail).toBeTruthy();
  });
});

describe("report opt-in cannot be bypassed by changing one's own e-mail", () => {
  it("a manager's unconfirmed new address is not staff: a stranger there must opt in", async () => {
    const mgr = await activeEmployee('MANAGER');
    const mgrToken = (await login(mgr.email)).body.token as string;
    const stranger = unique('stranger');

    // The manager changes their own address to a stranger's.
    const changed = await call('PUT', `/api/users/${mgr.id}`, { token: mgrToken, body: { email: stranger } });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body.employee).toMatchObject({ email: mgr.email, pendingEmail: stranger });

    const schedule = (token: string) =>
      call('POST', '/api/reports/schedules', {
        token,
        body: {
          name: 'Weekly revenue',
          reportType: 'revenue',
          schedule: { frequency: 'weekly', time: '07:00', daysOfWeek: [1] },
          recipients: [stranger],
        },
      });
    // The manager may add staff only: the stranger is not staff.
    const refused = await schedule(mgrToken);
    expect(refused.status, refused.raw).toBe(403);
    expect(refused.body.message).toContain('Only an administrator can add recipients who are not active staff');

    // An administrator adding that address gets an outside recipient: pending, asked to confirm, sent nothing.
    const created = await schedule(owner.token);
    expect(created.status, created.raw).toBe(200);
    expect(created.body.recipientStates).toEqual([{ address: stranger, state: 'pending' }]);
    const run = await call('POST', `/api/reports/schedules/${created.body.id}/run`, { token: owner.token });
    expect(run.status, run.raw).toBeLessThan(300);
    const toStranger = await mailTo(stranger);
    expect(toStranger.some((m) => m.subject.startsWith('Confirm: receive the'))).toBe(true);
    expect(toStranger.some((m) => /Attached is the/.test(m.body.html ?? ''))).toBe(false);

    // Once the address's owner confirms it, it is the manager's: staff from then on.
    expect((await confirm(await linkIn(stranger, 'confirm-email'))).status).toBe(200);
    const after = await schedule(mgrToken);
    expect(after.status, after.raw).toBe(200);
    expect(after.body.recipientStates).toEqual([{ address: stranger, state: 'staff' }]);
  });
});
