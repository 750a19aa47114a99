import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant } from '../lib/keys.js';
import { assertSessionLive, forgetSessions, SESSION_CHECK_TTL_MS } from '../lib/middlewares/authenticate.js';
import { hashPassword } from '../lib/passwords.js';
import { SIGN_IN_AGAIN, verifyToken } from '../lib/tokens.js';
import { call, useTestTable } from '../testing/harness.js';
import { LOGGED_OUT } from './logout.js';
import { createOrganization } from './onboarding.js';
import type { OrganizationRecord, UserRecord } from './entity.js';
import { upsertPlatformAdmin, userPuts } from './store.js';

/** docs/decisions/0009-sessions-follow-the-account.md: a session follows its account (role, access level, password, status) and ends at sign-out. */

const PASSWORD = 'staff-password-1';
let org: OrganizationRecord;
let owner: UserRecord;
let ownerToken: string;

async function signIn(
  username: string,
  password = PASSWORD,
): Promise<{ token: string; user: { accessLevel: string; role: string } }> {
  const r = await call('POST', '/api/auth/login', { body: { username, password } });
  expect(r.status, r.raw).toBe(200);
  return r.body;
}

/** An active member of staff who can sign in (user row and sign-in name, as setup leaves them). */
async function staff(accessLevel: 'EMPLOYEE' | 'MANAGER'): Promise<UserRecord> {
  const email = `staff-${randomUUID().slice(0, 8)}@sessions.test`;
  const user: UserRecord = {
    id: randomUUID(),
    username: email,
    email,
    firstName: 'Mia',
    lastName: 'Staff',
    role: 'EMPLOYEE',
    accessLevel,
    organizationId: org.id,
    passwordHash: await hashPassword(PASSWORD),
    isActive: true,
    createdAt: new Date().toISOString(),
  };
  await db().send(new TransactWriteCommand({ TransactItems: userPuts(user) }));
  return user;
}

beforeAll(async () => {
  await useTestTable();
  const made = await createOrganization({
    name: `Sessions ${randomUUID().slice(0, 6)}`,
    owner: {
      email: `owner-${randomUUID().slice(0, 8)}@sessions.test`,
      firstName: 'Olive',
      lastName: 'Owner',
      password: PASSWORD,
    },
  });
  org = made.organization;
  owner = made.owner;
  ownerToken = (await signIn(owner.username)).token;
}, 60_000);

describe('sign-out', () => {
  it("refuses the signed-out token at once (no cache window), keeps the person's other sessions, and answers 200 whatever is sent", async () => {
    const first = (await signIn(owner.username)).token;
    const second = (await signIn(owner.username)).token;
    // The account facts are now cached in this warm function: only an uncached check can refuse the token below.
    expect((await call('GET', '/api/job-roles', { token: first })).status).toBe(200);

    expect(await call('POST', '/api/auth/logout', { token: first })).toMatchObject({
      status: 200,
      body: { success: true, message: LOGGED_OUT },
    });
    expect(await call('GET', '/api/job-roles', { token: first })).toMatchObject({
      status: 401,
      body: { error: 'Unauthorized', message: SIGN_IN_AGAIN },
    });
    expect((await call('GET', '/api/job-roles', { token: second })).status).toBe(200);

    // remembered until the token would have expired anyway (TTL), and no longer
    const claims = await verifyToken(first);
    const row = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.revokedSession(claims.sessionId!), ConsistentRead: true }),
    );
    expect(row.Item).toMatchObject({ userId: owner.id, expiresAt: claims.expiresAt });

    // nothing to end: still 200, and the answer tells nothing about the token
    for (const token of [first, 'not-a-token', undefined]) {
      expect(await call('POST', '/api/auth/logout', { token })).toMatchObject({
        status: 200,
        body: { success: true, message: LOGGED_OUT },
      });
    }
  });
});

describe('a change of role or access level reaches open sessions', () => {
  it("a demoted manager's open session ends, so it cannot restore MANAGER; a fresh sign-in is EMPLOYEE", async () => {
    const manager = await staff('MANAGER');
    const old = (await signIn(manager.username)).token;
    expect((await call('GET', '/api/users', { token: old })).status).toBe(200);

    const demoted = await call('PUT', `/api/users/${manager.id}`, {
      token: ownerToken,
      body: { accessLevel: 'EMPLOYEE' },
    });
    expect(demoted.status, demoted.raw).toBe(200);

    expect(await call('GET', '/api/users', { token: old })).toMatchObject({
      status: 401,
      body: { message: SIGN_IN_AGAIN },
    });
    expect(
      (await call('PUT', `/api/users/${manager.id}`, { token: old, body: { accessLevel: 'MANAGER' } })).status,
    ).toBe(401);

    const fresh = await signIn(manager.username);
    expect(fresh.user.accessLevel).toBe('EMPLOYEE');
    expect((await call('GET', '/api/users', { token: fresh.token })).status).toBe(403);
    expect(
      (await call('PUT', `/api/users/${manager.id}`, { token: fresh.token, body: { accessLevel: 'MANAGER' } })).status,
    ).toBe(403);
    const row = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.user(trustedTenant(org.id), manager.id),
        ConsistentRead: true,
      }),
    );
    expect(row.Item).toMatchObject({ accessLevel: 'EMPLOYEE', sessionEpoch: 1 });
  });

  it('a promotion to administrator ends the old session too (its token says EMPLOYEE)', async () => {
    const person = await staff('EMPLOYEE');
    const old = (await signIn(person.username)).token;
    expect((await call('GET', '/api/job-roles', { token: old })).status).toBe(200);
    expect(
      (await call('PUT', `/api/users/${person.id}`, { token: ownerToken, body: { role: 'BUSINESS_ADMIN' } })).status,
    ).toBe(200);
    expect((await call('GET', '/api/job-roles', { token: old })).status).toBe(401);
    expect((await signIn(person.username)).user.role).toBe('BUSINESS_ADMIN');
  });

  it('another warm function (that did not make the change) refuses the old token once its check window passes (≤ 60 s)', async () => {
    expect(SESSION_CHECK_TTL_MS).toBeLessThanOrEqual(60_000);
    const person = await staff('MANAGER');
    const auth = await verifyToken((await signIn(person.username)).token);
    const now = Date.now();
    forgetSessions();
    await assertSessionLive(auth, now);
    // What the users area's transaction writes with the new access level, seen from elsewhere.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(trustedTenant(org.id), person.id),
        UpdateExpression: 'SET accessLevel = :e ADD sessionEpoch :one',
        ExpressionAttributeValues: { ':e': 'EMPLOYEE', ':one': 1 },
      }),
    );
    await expect(assertSessionLive(auth, now + 1_000)).resolves.toBeUndefined();
    await expect(assertSessionLive(auth, now + SESSION_CHECK_TTL_MS + 1)).rejects.toMatchObject({
      statusCode: 401,
      message: SIGN_IN_AGAIN,
    });
  });
});

describe('deactivation, deletion and a password change move the session epoch', () => {
  it('deactivating and deleting bump the epoch in the same write', async () => {
    const a = await staff('EMPLOYEE');
    const b = await staff('EMPLOYEE');
    expect((await call('PATCH', `/api/users/${a.id}/deactivate`, { token: ownerToken })).status).toBe(200);
    expect((await call('DELETE', `/api/users/${b.id}`, { token: ownerToken })).status).toBe(200);
    for (const id of [a.id, b.id]) {
      const row = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.user(trustedTenant(org.id), id), ConsistentRead: true }),
      );
      expect(row.Item?.sessionEpoch, id).toBe(1);
    }
  });

  it("a new password ends the person's open sessions", async () => {
    const email = `root-${randomUUID().slice(0, 8)}@sessions.test`;
    await upsertPlatformAdmin(email, await hashPassword('first-password-1'));
    const old = (await signIn(email, 'first-password-1')).token;
    expect((await call('GET', '/api/platform/invitations', { token: old })).status).toBe(200);
    await upsertPlatformAdmin(email, await hashPassword('second-password-2'));
    forgetSessions(); // the check window of this warm function passes
    expect(await call('GET', '/api/platform/invitations', { token: old })).toMatchObject({
      status: 401,
      body: { message: SIGN_IN_AGAIN },
    });
    const fresh = (await signIn(email, 'second-password-2')).token;
    expect((await call('GET', '/api/platform/invitations', { token: fresh })).status).toBe(200);
  });
});
