import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrganization } from '../auth/onboarding.js';
import { authenticateApiKey, forgetApiKeys } from '../lib/api-keys.js';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant } from '../lib/keys.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { setupTokenMailedTo } from '../testing/mail.js';

/**
 * R-EMP-10 (docs/decisions/0251-organization-owner.md) against DynamoDB Local: an API key changes nobody's rights, the
 * owner can undo any other administrator, and a removed administrator's keys stop. Messages written out.
 */

let ses: RunningSes;
let owner: TestSession;
let adminKey: string;

const KEY_RIGHTS = 'API keys cannot change roles, access levels or administrator rights';
const KEY_ADMIN = "API keys cannot change an administrator's account";
const KEY_EMAIL = "API keys cannot change an account's e-mail address";
const OWNER_ONLY = "Only the organization's owner can change another administrator's rights, e-mail address or status";
const OWNER_KEPT = "The organization's owner cannot be demoted, deactivated or deleted";

const unique = () => `emp-${randomUUID().slice(0, 8)}@owner.test`;
const setupToken = (email: string) => setupTokenMailedTo(ses, email);

/** An active account of the owner's tenant, invited by `by` (a session token or a key), set up and signed in. */
async function activeEmployee(by: string): Promise<TestSession & { email: string }> {
  const email = unique();
  const inv = await call('POST', '/api/users/invite', {
    token: by,
    body: { firstName: 'Pat', lastName: 'Lee', email, accessLevel: 'EMPLOYEE' },
  });
  expect(inv.status, inv.raw).toBe(201);
  const done = await call('POST', '/api/users/complete-signup', {
    body: {
      token: await setupToken(email),
      firstName: 'Pat',
      lastName: 'Lee',
      email,
      password: 'pat-password-1',
      termsAccepted: true,
    },
  });
  expect(done.status, done.raw).toBe(200);
  const login = await call('POST', '/api/auth/login', { body: { username: email, password: 'pat-password-1' } });
  expect(login.status, login.raw).toBe(200);
  return { tenant: owner.tenant, userId: inv.body.employee.id, token: login.body.token, email };
}

async function signIn(email: string): Promise<string> {
  const login = await call('POST', '/api/auth/login', { body: { username: email, password: 'pat-password-1' } });
  expect(login.status, login.raw).toBe(200);
  return login.body.token;
}

async function promote(id: string) {
  const res = await call('PUT', `/api/users/${id}`, { token: owner.token, body: { role: 'BUSINESS_ADMIN' } });
  expect(res.status, res.raw).toBe(200);
}

async function createKey(token: string, accessLevel: 'EMPLOYEE' | 'MANAGER' | 'ADMIN') {
  const res = await call('POST', '/api/settings/api-keys', { token, body: { name: `Key ${unique()}`, accessLevel } });
  expect(res.status, res.raw).toBe(201);
  return res.body.key as string;
}

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('team@owner.test');
  const email = `owner-${randomUUID().slice(0, 8)}@owner.test`;
  const { organization, owner: o } = await createOrganization({
    name: 'Owner Kayaks',
    owner: { email, firstName: 'Olive', lastName: 'Owner', password: 'owner-password-1' },
  });
  const login = await call('POST', '/api/auth/login', { body: { username: email, password: 'owner-password-1' } });
  expect(login.body.user).toMatchObject({ id: o.id, isOwner: true });
  owner = { tenant: trustedTenant(organization.id), userId: o.id, token: login.body.token };
  adminKey = await createKey(owner.token, 'ADMIN');
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

beforeEach(() => forgetApiKeys());

describe('an API key changes nobody’s rights (R-EMP-10)', () => {
  it('invites at the employee level only', async () => {
    const res = await call('POST', '/api/users/invite', {
      token: adminKey,
      body: { firstName: 'Max', lastName: 'Key', email: unique(), accessLevel: 'MANAGER' },
    });
    expect(res.status, res.raw).toBe(403);
    expect(res.body.message).toBe(KEY_RIGHTS);
  });

  it('cannot promote, raise the access level, or change the e-mail of an account it invited', async () => {
    const pat = await activeEmployee(adminKey);
    for (const body of [{ role: 'BUSINESS_ADMIN' }, { accessLevel: 'MANAGER' }]) {
      const res = await call('PUT', `/api/users/${pat.userId}`, { token: adminKey, body });
      expect(res.status, res.raw).toBe(403);
      expect(res.body.message).toBe(KEY_RIGHTS);
    }
    const email = await call('PUT', `/api/users/${pat.userId}`, { token: adminKey, body: { email: unique() } });
    expect(email.status, email.raw).toBe(403);
    expect(email.body.message).toBe(KEY_EMAIL);
    // Other fields still work through a key.
    const ok = await call('PUT', `/api/users/${pat.userId}`, { token: adminKey, body: { location: 'North dock' } });
    expect(ok.status, ok.raw).toBe(200);
    const row = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.user(owner.tenant, pat.userId), ConsistentRead: true }),
    );
    expect(row.Item).toMatchObject({ role: 'EMPLOYEE', accessLevel: 'EMPLOYEE', email: pat.email });
  });

  it("changes no administrator's account and not the permission matrix", async () => {
    for (const body of [{ location: 'Anywhere' }, { role: 'EMPLOYEE' }]) {
      const res = await call('PUT', `/api/users/${owner.userId}`, { token: adminKey, body });
      expect(res.status, res.raw).toBe(403);
      expect(res.body.message).toBe(KEY_ADMIN);
    }
    expect((await call('PATCH', `/api/users/${owner.userId}/deactivate`, { token: adminKey })).status).toBe(403);
    const matrix = await call('GET', '/api/settings/permissions', { token: owner.token });
    expect(matrix.status, matrix.raw).toBe(200);
    const put = await call('PUT', '/api/settings/permissions', { token: adminKey, body: matrix.body });
    expect(put.status, put.raw).toBe(403);
  });
});

describe('the owner can undo any other administrator (R-EMP-10)', () => {
  it('a second administrator can neither demote, deactivate nor delete the owner or another administrator', async () => {
    const [a, b] = await Promise.all([activeEmployee(owner.token), activeEmployee(owner.token)]);
    await promote(a.userId);
    await promote(b.userId);
    const aToken = await signIn(a.email);
    const demoteB = await call('PUT', `/api/users/${b.userId}`, { token: aToken, body: { role: 'EMPLOYEE' } });
    expect(demoteB.status, demoteB.raw).toBe(403);
    expect(demoteB.body.message).toBe(OWNER_ONLY);
    for (const path of [`/api/users/${b.userId}/deactivate`]) {
      const res = await call('PATCH', path, { token: aToken });
      expect(res.status, res.raw).toBe(403);
      expect(res.body.message).toBe(OWNER_ONLY);
    }
    const del = await call('DELETE', `/api/users/${b.userId}`, { token: aToken });
    expect(del.status, del.raw).toBe(403);
    const demoteOwner = await call('PUT', `/api/users/${owner.userId}`, { token: aToken, body: { role: 'EMPLOYEE' } });
    expect(demoteOwner.status, demoteOwner.raw).toBe(403);
    expect(demoteOwner.body.message).toBe(OWNER_KEPT);
    const deactivateOwner = await call('PATCH', `/api/users/${owner.userId}/deactivate`, { token: aToken });
    expect(deactivateOwner.body.message).toBe(OWNER_KEPT);
    const emailOfB = await call('PUT', `/api/users/${b.userId}`, { token: aToken, body: { email: unique() } });
    expect(emailOfB.status, emailOfB.raw).toBe(403);
  });

  it('the owner demotes, deactivates and deletes other administrators; the list marks the owner', async () => {
    const [a, b, c] = await Promise.all([
      activeEmployee(owner.token),
      activeEmployee(owner.token),
      activeEmployee(owner.token),
    ]);
    for (const x of [a, b, c]) await promote(x.userId);
    const demoted = await call('PUT', `/api/users/${a.userId}`, {
      token: owner.token,
      body: { role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' },
    });
    expect(demoted.status, demoted.raw).toBe(200);
    expect(demoted.body.employee).toMatchObject({ role: 'EMPLOYEE', isOwner: false });
    expect((await call('PATCH', `/api/users/${b.userId}/deactivate`, { token: owner.token })).status).toBe(200);
    expect((await call('DELETE', `/api/users/${c.userId}`, { token: owner.token })).status).toBe(200);
    const list = await call('GET', '/api/users', { token: owner.token });
    const rows = list.body.users as { id: string; isOwner: boolean; role: string; status: string }[];
    expect(rows.filter((r) => r.isOwner).map((r) => r.id)).toEqual([owner.userId]);
    expect(rows.find((r) => r.id === b.userId)).toMatchObject({ status: 'INACTIVE' });
    expect(rows.some((r) => r.id === c.userId)).toBe(false);
  });

  it('keys made by an administrator stop once the owner demotes or removes them', async () => {
    const a = await activeEmployee(owner.token);
    await promote(a.userId);
    const key = await createKey(await signIn(a.email), 'ADMIN');
    await expect(authenticateApiKey(key)).resolves.toMatchObject({ role: 'BUSINESS_ADMIN' });
    const res = await call('PUT', `/api/users/${a.userId}`, { token: owner.token, body: { role: 'EMPLOYEE' } });
    expect(res.status, res.raw).toBe(200);
    forgetApiKeys();
    await expect(authenticateApiKey(key)).rejects.toMatchObject({ statusCode: 401 });
    const use = await call('GET', '/api/users', { token: key });
    expect(use.status, use.raw).toBe(401);
  });
});

describe('an organization made before the owner was kept', () => {
  it('takes its first administrator as the owner and records it once', async () => {
    const first = await sessionFor({ role: 'BUSINESS_ADMIN' });
    await new Promise((r) => setTimeout(r, 5));
    const second = await sessionFor({ tenant: first.tenant, role: 'BUSINESS_ADMIN' });
    const refused = await call('PATCH', `/api/users/${first.userId}/deactivate`, { token: second.token });
    expect(refused.status, refused.raw).toBe(403);
    expect(refused.body.message).toBe(OWNER_KEPT);
    const org = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.organization(first.tenant), ConsistentRead: true }),
    );
    expect(org.Item?.ownerUserId).toBe(first.userId);
    // A later admin joining earlier by createdAt cannot take the recorded ownership.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(first.tenant, second.userId),
        UpdateExpression: 'SET createdAt = :early',
        ExpressionAttributeValues: { ':early': '2000-01-01T00:00:00.000Z' },
      }),
    );
    const again = await call('PATCH', `/api/users/${first.userId}/deactivate`, { token: second.token });
    expect(again.body.message).toBe(OWNER_KEPT);
  });
});
