import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrganization } from './onboarding.js';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { tenantMetricsOp } from '../platform/metrics.js';
import { recordActiveUser, userStatsKey, utcDay } from './user-stats.js';

let ses: RunningSes;
let owner: TestSession;
let tenant: TenantId;

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('team@test.example');
  const { organization, owner: o } = await createOrganization({
    name: `Counter Kayaks ${randomUUID().slice(0, 4)}`,
    owner: {
      email: `owner-${randomUUID().slice(0, 8)}@test.example`,
      firstName: 'Olive',
      lastName: 'Owner',
      password: 'owner-password-1',
    },
  });
  tenant = trustedTenant(organization.id);
  owner = await sessionFor({ tenant, userId: o.id, role: 'BUSINESS_ADMIN', accessLevel: 'MANAGER' });
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

type Mail = { destination: { to: string[] }; body: { html: string } };
async function setupToken(email: string) {
  const inbox = (await (await fetch(ses.inboxUrl)).json()) as { emails: Mail[] };
  const html = inbox.emails.filter((m) => m.destination.to.includes(email)).at(-1)!.body.html;
  return /\/setup-account\/([A-Za-z0-9_-]+)/.exec(html)![1]!;
}
async function invite() {
  const email = `emp-${randomUUID().slice(0, 8)}@test.example`;
  const res = await call('POST', '/api/users/invite', {
    token: owner.token,
    body: { firstName: 'Pat', lastName: 'Lee', email, phone: '5550100200', accessLevel: 'EMPLOYEE' },
  });
  expect(res.status, res.raw).toBe(201);
  return { id: res.body.employee.id as string, email };
}
/** Users counted independently: the tenant's USER# rows that are not deleted tombstones. */
async function usersByWalk() {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':p': keys.tenantPartition(tenant), ':s': 'USER#' },
    }),
  );
  return (res.Items ?? []).filter((u) => u.status !== 'DELETED').length;
}

describe('STATS#users', () => {
  it('keeps users and active users today on write, and the tenant list reads them with one Query per tenant', async () => {
    const kept = await invite();
    const gone = await invite();
    const done = await call('POST', '/api/users/complete-signup', {
      body: {
        token: await setupToken(kept.email),
        firstName: 'Pat',
        lastName: 'Lee',
        phone: '5550100200',
        email: kept.email,
        password: 'pat-password-1',
        termsAccepted: true,
      },
    });
    expect(done.status, done.raw).toBe(200);
    expect((await call('DELETE', `/api/users/${gone.id}`, { token: owner.token })).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect(
        (await call('POST', '/api/auth/login', { body: { username: kept.email, password: 'pat-password-1' } })).status,
      ).toBe(200);

    const row = (await db().send(new GetCommand({ TableName: tableName(), Key: userStatsKey(tenant) }))).Item!;
    expect(row.total).toBe(2);
    expect(row.activeDay).toBe(utcDay());
    expect([...(row.activeUserIds as Set<string>)]).toEqual([kept.id]);

    const send = vi.spyOn(db(), 'send');
    try {
      const { tenants } = await tenantMetricsOp();
      const mine = tenants.find((t) => t.id === tenant)!;
      expect(mine.metrics.totalUsers).toBe(2);
      expect(mine.metrics.totalUsers).toBe(await usersByWalk());
      expect(mine.metrics.activeUsersToday).toBe(1);
      const values = (c: unknown) =>
        c instanceof QueryCommand
          ? (c.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues
          : undefined;
      const reads = send.mock.calls.map(([c]) => values(c)).filter((v) => v?.[':pk'] === keys.tenantPartition(tenant));
      expect(reads).toHaveLength(1);
      expect(reads[0]).toMatchObject({ ':s': 'STATS#' });
    } finally {
      send.mockRestore();
    }
  });

  it('starts a new day with a new set, and a failed counter write does not fail the sign-in', async () => {
    const t = trustedTenant(`org${randomUUID().replace(/-/g, '').slice(0, 12)}`);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...userStatsKey(t), total: 4, activeDay: '2000-01-01', activeUserIds: new Set(['old-a', 'old-b']) },
      }),
    );
    await recordActiveUser(t, 'u1');
    await recordActiveUser(t, 'u2');
    await recordActiveUser(t, 'u1');
    const row = (await db().send(new GetCommand({ TableName: tableName(), Key: userStatsKey(t) }))).Item!;
    expect(row).toMatchObject({ total: 4, activeDay: utcDay() });
    expect([...(row.activeUserIds as Set<string>)].sort()).toEqual(['u1', 'u2']);

    const fail = vi.spyOn(db(), 'send').mockRejectedValueOnce(new Error('throttled'));
    try {
      await expect(recordActiveUser(t, 'u3')).resolves.toBeUndefined();
    } finally {
      fail.mockRestore();
    }
  });
});
