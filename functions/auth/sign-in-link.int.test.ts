import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCKED, SIGN_IN_LINK_INVALID, SIGN_IN_LINK_SENT } from '../../shared/domain/sign-in-link.js';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant } from '../lib/keys.js';
import type { RunningSes } from '../local/ses.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { mailProblems, readMailbox } from '../testing/mail.js';
import { LOCKED_OUT } from './login.js';
import { createOrganization, ensurePlatformAdmin } from './onboarding.js';
import { redeemSignInLink, requestSignInLink } from './sign-in-link.js';

// R-AUTH-6, docs/decisions/0245-sign-in-link-when-locked.md: a stranger's five wrong passwords lock the
// account, and the rightful user still gets in by a single-use link mailed to the account's address.

let ses: RunningSes;
let n = 0;

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('team@test.example');
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

const PASSWORD = 'paddle-hard-9';

async function owner() {
  const email = `owner-${++n}-${Date.now()}@link.test`;
  const { organization, owner: user } = await createOrganization({
    name: `Link Kayaks ${n}`,
    owner: { email, firstName: 'Ola', lastName: 'Owner', password: PASSWORD },
  });
  return { email, organization, user };
}

const login = (username: string, password: string) => call('POST', '/api/auth/login', { body: { username, password } });

/** A stranger types five wrong passwords (from another network): the account is locked. */
async function strangerLocks(email: string) {
  const stranger = { 'cloudfront-viewer-address': `203.0.113.${n}:443` };
  for (let i = 0; i < 5; i++)
    expect(
      (await call('POST', '/api/auth/login', { body: { username: email, password: `guess-${i}` }, headers: stranger }))
        .status,
    ).toBe(401);
}

const askLink = (email: string) => call('POST', '/api/auth/sign-in-link', { body: { email } });
const redeem = (token: string) => call('POST', '/api/auth/sign-in-link/redeem', { body: { token } });

async function mailsTo(email: string) {
  return (await readMailbox(ses)).filter((m) => m.to === email);
}

async function linkFor(email: string): Promise<{ url: string; token: string }> {
  const mails = await mailsTo(email);
  const last = mails[mails.length - 1];
  expect(last, `no mail to ${email}`).toBeTruthy();
  expect(mailProblems(last!)).toEqual([]);
  const url = /(http:\/\/[^\s"<]+\/sign-in-link\/[A-Za-z0-9_-]+)/.exec(last!.text)![1]!;
  return { url, token: url.split('/sign-in-link/')[1]! };
}

describe('a locked account gets in by a mailed link', () => {
  it('refuses the right password while locked, with the AccountLocked code and the R-AUTH-1 message', async () => {
    const { email } = await owner();
    await strangerLocks(email);
    const locked = await login(email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: ACCOUNT_LOCKED, message: LOCKED_OUT });
  });

  it('mails a link to the locked owner that signs in to the organization dashboard and clears the attempts', async () => {
    const { email, organization, user } = await owner();
    await strangerLocks(email);

    const asked = await askLink(email);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ success: true, message: SIGN_IN_LINK_SENT });
    const { url, token } = await linkFor(email);
    expect(new URL(url).origin).toBe('http://localhost:3000');

    const res = await redeem(token);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, organizationId: organization.id, role: 'BUSINESS_ADMIN' });
    // and the answer takes them to their organization's dashboard
    expect(res.body.redirectUrl).toContain(`//${organization.subdomain}.localhost:3000/dashboard?auth=true`);
    // the session works like a password's
    expect((await call('GET', '/api/job-roles', { token: res.body.token })).status).toBe(200);
    // the failed attempts are forgotten: the password works again at once
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('takes a locked platform administrator to the portal', async () => {
    const email = `root-${Date.now()}@platform.test`;
    await ensurePlatformAdmin({ email, password: PASSWORD });
    await strangerLocks(email);
    await askLink(email);
    const res = await redeem((await linkFor(email)).token);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.user).toMatchObject({ role: 'SUPER_ADMIN', organizationId: null });
    expect(res.body.redirectUrl).toBe('http://localhost:3000/platform/dashboard');
  });

  it('works once', async () => {
    const { email } = await owner();
    await strangerLocks(email);
    await askLink(email);
    const { token } = await linkFor(email);
    const both = await Promise.all([redeem(token), redeem(token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 410]);
    const again = await redeem(token);
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ error: 'SignInLinkInvalid', message: SIGN_IN_LINK_INVALID });
  });

  it('refuses an expired link', async () => {
    const { email } = await owner();
    await strangerLocks(email);
    await requestSignInLink(email);
    const { token } = await linkFor(email);
    // opened 16 minutes after it was made
    await expect(redeemSignInLink(token, undefined, Date.now() + 16 * 60 * 1000)).rejects.toMatchObject({
      statusCode: 410,
      code: 'SignInLinkInvalid',
    });
  });

  it('refuses a link made before the password changed, and a deactivated account', async () => {
    const a = await owner();
    await strangerLocks(a.email);
    await askLink(a.email);
    const first = await linkFor(a.email);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(trustedTenant(a.organization.id), a.user.id),
        UpdateExpression: 'SET passwordHash = :h',
        ExpressionAttributeValues: { ':h': 'scrypt$changed' },
      }),
    );
    expect((await redeem(first.token)).status).toBe(410);

    const b = await owner();
    await strangerLocks(b.email);
    await askLink(b.email);
    const second = await linkFor(b.email);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(trustedTenant(b.organization.id), b.user.id),
        UpdateExpression: 'SET isActive = :f ADD sessionEpoch :one',
        ExpressionAttributeValues: { ':f': false, ':one': 1 },
      }),
    );
    expect((await redeem(second.token)).status).toBe(410);
  });

  it('answers every address alike and mails only a locked account', async () => {
    const locked = await owner();
    const open = await owner();
    await strangerLocks(locked.email);
    const answers = await Promise.all([
      askLink(locked.email),
      askLink(open.email),
      askLink(`nobody-${Date.now()}@link.test`),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(202);
      expect(a.raw).toBe(answers[0]!.raw);
    }
    expect(await mailsTo(locked.email)).toHaveLength(1);
    expect(await mailsTo(open.email)).toHaveLength(0);
  });

  it('mails one address at most 3 times per 15 minutes, still answering alike', async () => {
    const { email } = await owner();
    await strangerLocks(email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => askLink(email)));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202, 202]);
    expect(await mailsTo(email)).toHaveLength(3);
  });

  it('refuses a malformed or unknown token with a clear 4xx', async () => {
    expect((await redeem('not a token!')).status).toBe(400);
    expect((await redeem('A'.repeat(43))).status).toBe(410);
    expect((await call('POST', '/api/auth/sign-in-link', { body: { email: 'not-an-address' } })).status).toBe(400);
  });
});
