import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../auth/onboarding.js';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant } from '../lib/keys.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { setupTokenMailedTo } from '../testing/mail.js';
import { EMPLOYEE_MESSAGES } from '../../shared/domain/employees.js';
import { getDocument, putDocument } from './document-rows.js';

/** docs/decisions/0009-sessions-follow-the-account.md: the users area's one rule, the invited address, and answers that reveal no account. */

let ses: RunningSes;
let owner: TestSession;
let ownerEmail: string;
let manager: TestSession;
let other: TestSession;
let otherOwnerEmail: string;

async function newOrg(name: string) {
  const email = `owner-${randomUUID().slice(0, 8)}@trust.test`;
  const { organization, owner: o } = await createOrganization({
    name,
    owner: { email, firstName: 'Olive', lastName: 'Owner', password: 'owner-password-1' },
  });
  return {
    email,
    session: await sessionFor({
      tenant: organization.id,
      userId: o.id,
      role: 'BUSINESS_ADMIN',
      accessLevel: 'MANAGER',
    }),
  };
}

const unique = () => `emp-${randomUUID().slice(0, 8)}@trust.test`;
const invite = (email: string, as = owner, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/users/invite', {
    token: as.token,
    body: {
      firstName: 'Pat',
      lastName: 'Lee',
      email,
      phone: '5550100200',
      hourlyWage: '18.50',
      accessLevel: 'EMPLOYEE',
      ...extra,
    },
  });

const setupToken = (email: string) => setupTokenMailedTo(ses, email);

/** A manager of the tenant, as setup leaves them: invited as MANAGER, set up, signed in. */
async function managerOf(as: TestSession): Promise<TestSession> {
  const email = unique();
  const inv = await invite(email, as, { accessLevel: 'MANAGER' });
  expect(inv.status, inv.raw).toBe(201);
  const done = await call('POST', '/api/users/complete-signup', {
    body: {
      token: await setupToken(email),
      firstName: 'Mia',
      lastName: 'Manager',
      email,
      password: 'mia-password-1',
      termsAccepted: true,
    },
  });
  expect(done.status, done.raw).toBe(200);
  const login = await call('POST', '/api/auth/login', { body: { username: email, password: 'mia-password-1' } });
  expect(login.status, login.raw).toBe(200);
  return { tenant: as.tenant, userId: inv.body.employee.id, token: login.body.token };
}

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('team@trust.test');
  const a = await newOrg('Lakeside Trust');
  owner = a.session;
  ownerEmail = a.email;
  const b = await newOrg('Other Trust');
  other = b.session;
  otherOwnerEmail = b.email;
  manager = await managerOf(owner);
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

describe('nobody changes their own role, access level or wage (item 4)', () => {
  it('refuses a manager raising their own wage or access level, and an administrator changing their own role or wage (403)', async () => {
    for (const body of [{ hourlyWage: 99999 }, { hourlyWage: '' }, { accessLevel: 'EMPLOYEE' }]) {
      const res = await call('PUT', `/api/users/${manager.userId}`, { token: manager.token, body });
      expect(res.status, `${JSON.stringify(body)}: ${res.raw}`).toBe(403);
    }
    expect(
      (await call('PUT', `/api/users/${owner.userId}`, { token: owner.token, body: { role: 'EMPLOYEE' } })).status,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/users/${owner.userId}`, { token: owner.token, body: { hourlyWage: 50 } })).status,
    ).toBe(403);
    const row = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.user(trustedTenant(manager.tenant), manager.userId),
        ConsistentRead: true,
      }),
    );
    expect(row.Item).toMatchObject({ hourlyWageCents: 1850, accessLevel: 'MANAGER' });
  });

  it("still saves one's own other fields when the detail page sends the unchanged role, access level and wage", async () => {
    const res = await call('PUT', `/api/users/${manager.userId}`, {
      token: manager.token,
      body: { location: 'North dock', accessLevel: 'MANAGER', role: 'EMPLOYEE', hourlyWage: 18.5 },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.employee).toMatchObject({ location: 'North dock', hourlyWageCents: 1850 });
    // an administrator still sets another person's wage
    expect(
      (await call('PUT', `/api/users/${manager.userId}`, { token: owner.token, body: { hourlyWage: 19 } })).status,
    ).toBe(200);
  });
});

describe("a manager cannot touch an administrator's record (item 4)", () => {
  it("refuses a manager's document upload, presign, completion and deletion on an administrator's record", async () => {
    const boundary = 'trust-boundary';
    const rawBody = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nPlanted\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 planted\r\n--${boundary}--\r\n`;
    const upload = await call('POST', `/api/users/${owner.userId}/documents`, {
      token: manager.token,
      rawBody,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.status, upload.raw).toBe(403);
    const presign = await call('POST', `/api/users/${owner.userId}/documents/presign`, {
      token: manager.token,
      body: { name: 'Planted', fileName: 'p.pdf', fileSize: 100 },
    });
    expect(presign.status, presign.raw).toBe(403);

    // The administrator's own document (the row as an upload leaves it).
    const tenant = trustedTenant(owner.tenant);
    const docId = randomUUID();
    await putDocument(tenant, {
      id: docId,
      userId: owner.userId,
      name: 'Contract',
      fileName: 'contract.pdf',
      fileSize: 10,
      mimeType: 'application/pdf',
      s3Key: `tenants/${tenant}/documents/${owner.userId}/${docId}.pdf`,
      status: 'READY',
      createdAt: new Date().toISOString(),
      uploadedBy: owner.userId,
      uploadedByName: 'Olive Owner',
    });
    expect(
      (await call('DELETE', `/api/users/${owner.userId}/documents/${docId}`, { token: manager.token })).status,
    ).toBe(403);
    expect(
      (await call('POST', `/api/users/${owner.userId}/documents/${docId}/complete`, { token: manager.token })).status,
    ).toBe(403);
    expect(await getDocument(tenant, owner.userId, docId)).toMatchObject({ status: 'READY' });
    // viewing stays with the matrix (viewUsers): the list still answers
    expect((await call('GET', `/api/users/${owner.userId}/documents`, { token: manager.token })).status).toBe(200);
  });
});

describe('setup keeps the invited address (item 7)', () => {
  it('shows the invited address before anything is sent, refuses another, and the account signs in with the invited one', async () => {
    const email = unique();
    expect((await invite(email)).status).toBe(201);
    const token = await setupToken(email);
    const details = await call('GET', `/api/users/complete-signup?token=${token}`);
    expect(details).toMatchObject({
      status: 200,
      body: { valid: true, email, firstName: 'Pat', lastName: 'Lee', phone: '5550100200' },
    });

    const elsewhere = unique();
    const body = { token, firstName: 'Pat', lastName: 'Lee', password: 'pat-password-1', termsAccepted: true };
    const claimed = await call('POST', '/api/users/complete-signup', { body: { ...body, email: elsewhere } });
    expect(claimed).toMatchObject({ status: 400, body: { message: EMPLOYEE_MESSAGES.setupEmailFixed } });
    expect(
      (await call('POST', '/api/auth/login', { body: { username: elsewhere, password: 'pat-password-1' } })).status,
    ).toBe(401);

    // the link was not spent; the invited address (in any case) completes it
    const done = await call('POST', '/api/users/complete-signup', {
      body: { ...body, email: `  ${email.toUpperCase()} ` },
    });
    expect(done, done.raw).toMatchObject({ status: 200, body: { username: email } });
    expect(
      (await call('POST', '/api/auth/login', { body: { username: email, password: 'pat-password-1' } })).status,
    ).toBe(200);
    // a used link shows nothing any more
    expect(await call('GET', `/api/users/complete-signup?token=${token}`)).toMatchObject({
      status: 400,
      body: { message: EMPLOYEE_MESSAGES.setupInvalid },
    });
    expect((await call('GET', '/api/users/complete-signup')).body.message).toBe(EMPLOYEE_MESSAGES.setupMissing);
  });
});

describe('no answer tells whether an address has an account (item 8)', () => {
  it("inviting another tenant's user's address answers as for an unused address; the tenant's own users still conflict", async () => {
    const taken = await invite(otherOwnerEmail);
    const fresh = await invite(unique());
    expect(taken.status, taken.raw).toBe(201);
    expect(fresh.status).toBe(201);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(taken.body.message).toBe(fresh.body.message);
    // the tenant's own administrator: the admin may know its own users
    expect((await invite(ownerEmail)).status).toBe(409);
    // the other tenant's account is untouched and still signs in
    expect(
      (await call('POST', '/api/auth/login', { body: { username: otherOwnerEmail, password: 'owner-password-1' } }))
        .status,
    ).toBe(200);
  });

  it('an unused setup token cannot probe addresses: any other address gets the same refusal, and the link stays unspent', async () => {
    const email = unique();
    await invite(email);
    const token = await setupToken(email);
    const body = { token, firstName: 'A', lastName: 'B', password: 'long-enough-1', termsAccepted: true };
    const probes = await Promise.all(
      [otherOwnerEmail, ownerEmail, unique()].map((e) =>
        call('POST', '/api/users/complete-signup', { body: { ...body, email: e } }),
      ),
    );
    for (const p of probes)
      expect({ status: p.status, body: p.body }).toEqual({ status: probes[2]!.status, body: probes[2]!.body });
    expect(probes[2]!.status).toBe(400);
    expect((await call('POST', '/api/users/complete-signup', { body: { ...body, email } })).status).toBe(200);
  });
});
