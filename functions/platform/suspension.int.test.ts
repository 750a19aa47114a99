import { randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlatformAdmin } from '../auth/onboarding.js';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { trySendMail } from '../lib/mail.js';
import { USAGE_PK } from '../lib/metering.js';
import { forgetSessions, ORGANIZATION_INACTIVE } from '../lib/middlewares/authenticate.js';
import { forgetModules, forgetOrganizationStatuses, ORGANIZATION_SUSPENDED_MESSAGE } from '../lib/modules.js';
import type { RunningSes } from '../local/ses.js';
import { handler as housekeeping } from '../sweeps/housekeeping.js';
import { SWEEPS } from '../lib/sweep-schedules.js';
import { readHeartbeats, sweepHandler } from '../lib/sweep-handler.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { AVERAGE_BYTES } from './db-size.js';
import { call, useMailEndpoint, useTestMail, useTestTable } from '../testing/harness.js';
import { healthOp } from './health.js';

const ADMIN = { email: 'ops@suspend.test', password: 'correct horse battery' };
const OWNER = { email: 'owner@suspend.test', password: 'paddle-hard-9' };
let ses: RunningSes;
let admin: string;
let owner: { token: string; tenant: TenantId };
let other: TestSession;

const login = (username: string, password: string) => call('POST', '/api/auth/login', { body: { username, password } });

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('no-reply@test.example');
  forgetModules();
  forgetOrganizationStatuses();
  await ensurePlatformAdmin(ADMIN);
  admin = (await login(ADMIN.email, ADMIN.password)).body.token;
  const inv = await call('POST', '/api/platform/invitations', {
    token: admin,
    body: { firstName: 'Ola', lastName: 'Owner', email: OWNER.email },
  });
  const signupToken = new URL(inv.body.invitation.inviteUrl).searchParams.get('token')!;
  const done = await call('POST', '/api/signup/complete', {
    body: {
      token: signupToken,
      organizationName: 'Harbour Hire',
      phone: '+1 555 123 4567',
      password: OWNER.password,
      confirmPassword: OWNER.password,
    },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const signedIn = await login(OWNER.email, OWNER.password);
  expect(signedIn.status).toBe(200);
  owner = { token: signedIn.body.token, tenant: trustedTenant(signedIn.body.user.organizationId) };
  other = await sessionFor();
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

const as = (token: string) => ({ token });

describe('suspend and reactivate a tenant (docs/decisions/0192-platform-suspension.md, beyondSpec)', () => {
  it('shuts the tenant out (sign-in, existing tokens, share links) and lets it back in', async () => {
    // a share link that works before
    const svc = await call('POST', '/api/inventory/services', {
      ...as(owner.token),
      body: {
        name: 'Sunset paddle',
        rate: '10',
        rateType: 'FIXED',
        availability: JSON.stringify([{ date: '2099-01-01', startTime: '10:00', endTime: '11:00', slotsAvailable: 3 }]),
      },
    });
    expect(svc.status, JSON.stringify(svc.body)).toBe(201);
    const link = await call(
      'POST',
      `/api/inventory/services/${svc.body.id ?? svc.body.service?.id}/generate-share-link`,
      as(owner.token),
    );
    expect([200, 201]).toContain(link.status);
    const shareToken = link.body.shareToken as string;
    expect((await call('GET', `/public/service/${shareToken}`)).status).toBe(200);
    expect((await call('GET', '/api/inventory/product-types', as(owner.token))).status).toBe(200);

    // tenant tokens cannot suspend anyone; an unknown organization is 404
    expect((await call('POST', `/api/platform/tenants/${other.tenant}/suspend`, as(owner.token))).status).toBe(403);
    expect((await call('POST', '/api/platform/tenants/nosuchorg/suspend', as(admin))).status).toBe(404);
    expect((await call('POST', '/api/platform/tenants/bad%20id!/suspend', as(admin))).status).toBe(404);

    const res = await call('POST', `/api/platform/tenants/${owner.tenant}/suspend`, as(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.organization).toMatchObject({ id: owner.tenant, status: 'SUSPENDED', name: 'Harbour Hire' });
    // twice is the same answer
    expect(
      (await call('POST', `/api/platform/tenants/${owner.tenant}/suspend`, as(admin))).body.organization.status,
    ).toBe('SUSPENDED');

    // sign-in refused with a clear message
    const refused = await login(OWNER.email, OWNER.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your organization has been suspended. Please contact support.');
    // the existing token: the gate's 403 first (its 5 s cache), then the session check ends it (401)
    const gated = await call('GET', '/api/inventory/product-types', as(owner.token));
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ error: 'OrganizationSuspended', message: ORGANIZATION_SUSPENDED_MESSAGE });
    expect((await call('GET', '/api/users/me', as(owner.token))).status).toBe(403); // a route of no module too
    forgetSessions();
    const ended = await call('GET', '/api/inventory/product-types', as(owner.token));
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe(ORGANIZATION_INACTIVE);
    // its share link reads expired
    const pub = await call('GET', `/public/service/${shareToken}`);
    expect(pub.status).toBe(404);
    expect(pub.body.code).toBe('LINK_EXPIRED');
    const book = await call('POST', `/public/service/${shareToken}/book`, {
      body: {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.test',
        slot: { date: '2099-01-01', startTime: '10:00', endTime: '11:00' },
        participants: 1,
      },
    });
    expect(book.status).toBeGreaterThanOrEqual(400);
    expect(book.status).toBeLessThan(500);
    // another tenant is untouched
    expect((await call('GET', '/api/inventory/product-types', as(other.token))).status).toBe(200);
    // the tenant list shows the status
    const list = await call('GET', '/api/platform/tenants/metrics', as(admin));
    expect(list.body.tenants.find((t: { id: string }) => t.id === owner.tenant).status).toBe('SUSPENDED');

    // the audit log row
    const logs = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':p': keys.tenantPartition(owner.tenant), ':s': 'ORGLOG#' },
      }),
    );
    expect(logs.Items?.map((l) => [l.action, l.from, l.to])).toEqual([['SUSPENDED', 'ACTIVE', 'SUSPENDED']]);

    // reactivate: back to the status it had; sign-in, token and link work again
    const back = await call('POST', `/api/platform/tenants/${owner.tenant}/reactivate`, as(admin));
    expect(back.status).toBe(200);
    expect(back.body.organization.status).toBe('ACTIVE');
    expect((await login(OWNER.email, OWNER.password)).status).toBe(200);
    expect((await call('GET', '/api/inventory/product-types', as(owner.token))).status).toBe(200);
    expect((await call('GET', `/public/service/${shareToken}`)).status).toBe(200);
    // reactivating an active tenant changes nothing
    expect(
      (await call('POST', `/api/platform/tenants/${owner.tenant}/reactivate`, as(admin))).body.organization.status,
    ).toBe('ACTIVE');
  });

  it('keeps a trial a trial, and refuses an inactive organization', async () => {
    const t = await sessionFor();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organization(t.tenant),
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'TRIAL' },
      }),
    );
    expect((await call('POST', `/api/platform/tenants/${t.tenant}/suspend`, as(admin))).body.organization.status).toBe(
      'SUSPENDED',
    );
    expect(
      (await call('POST', `/api/platform/tenants/${t.tenant}/reactivate`, as(admin))).body.organization.status,
    ).toBe('TRIAL');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organization(t.tenant),
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'INACTIVE' },
      }),
    );
    const res = await call('POST', `/api/platform/tenants/${t.tenant}/suspend`, as(admin));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/inactive/);
  });
});

describe('health: sweeps, mail and dead-letter queues', () => {
  it('reports each sweep from its heartbeat, the SES emulator, and queues as not configured locally', async () => {
    await housekeeping();
    const failing = sweepHandler('unpaid-bookings', async () => {
      throw new Error('table on fire');
    });
    await expect(failing()).rejects.toThrow('table on fire');
    const beats = await readHeartbeats();
    expect(beats.get('housekeeping')).toMatchObject({ lastOutcome: 'succeeded' });
    expect(beats.get('housekeeping')!.lastDurationMs).toBeGreaterThanOrEqual(0);
    expect(beats.get('unpaid-bookings')).toMatchObject({ lastOutcome: 'failed', lastError: 'table on fire' });

    delete process.env.DEAD_LETTER_QUEUES;
    const res = await call('GET', '/api/platform/health', as(admin));
    expect(res.status).toBe(200);
    const checks = res.body.checks;
    for (const s of SWEEPS) expect(checks[`sweep:${s.name}`], s.name).toBeDefined();
    expect(checks['sweep:housekeeping']).toMatchObject({ status: 'healthy', everyMinutes: 60 });
    expect(checks['sweep:unpaid-bookings']).toMatchObject({
      status: 'unhealthy',
      message: 'Last run failed: table on fire',
    });
    // Never ran while the scheduler has only just been seen working: not yet a fault (docs/decisions/0024-words-and-states.md).
    expect(checks['sweep:overdue-reservations']).toMatchObject({ status: 'pending', message: 'Not run yet' });
    expect(checks.mail.status).toBe('healthy');
    expect(checks.mail.message).toMatch(/SES emulator/);
    expect(checks.queues.status).toBe('not-configured');
    expect(res.body.summary.notConfigured).toBe(1);
    expect(res.body.status).toBe('degraded');

    // a stale success: older than 3x the rate
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: 'HEARTBEAT', sk: 'SWEEP#housekeeping' },
        UpdateExpression: 'SET lastSucceededAt = :t',
        ExpressionAttributeValues: { ':t': new Date(Date.now() - 181 * 60_000).toISOString() },
      }),
    );
    const stale = (await call('GET', '/api/platform/health', as(admin))).body.checks['sweep:housekeeping'];
    expect(stale.status).toBe('unhealthy');
    expect(stale.message).toMatch(/^Last success 181 min ago/);

    // the mail service down
    useMailEndpoint('http://127.0.0.1:9');
    expect((await healthOp()).checks.mail!.status).toBe('unhealthy');
    useMailEndpoint(ses.endpoint);

    // configured queues: depth read per queue, a waiting message is unhealthy
    process.env.DEAD_LETTER_QUEUES = JSON.stringify({
      resize: 'https://sqs.us-east-1.amazonaws.com/1/resize-dlq',
      housekeeping: 'https://sqs.us-east-1.amazonaws.com/1/hk-dlq',
    });
    try {
      const h = await healthOp({ queueDepth: async (url) => (url.endsWith('hk-dlq') ? 2 : 0) });
      expect(h.checks['queue:resize']).toMatchObject({ status: 'healthy', messages: 0 });
      expect(h.checks['queue:housekeeping']).toMatchObject({
        status: 'unhealthy',
        messages: 2,
        message: '2 failed runs waiting',
      });
      expect(h.checks.queues).toBeUndefined();
      const down = await healthOp({
        queueDepth: async () => {
          throw new Error('AccessDenied');
        },
      });
      expect(down.checks['queue:resize']).toMatchObject({ status: 'unhealthy', message: 'AccessDenied' });
    } finally {
      delete process.env.DEAD_LETTER_QUEUES;
    }
  });
});

describe('features and per-tenant figures', () => {
  it('lists every tenant with each feature state', async () => {
    expect(
      (await call('POST', `/api/platform/organizations/${owner.tenant}/modules/scheduling/disable`, as(admin))).status,
    ).toBe(200);
    const res = await call('GET', '/api/platform/features', as(admin));
    expect(res.status).toBe(200);
    const mods = (await call('GET', `/api/platform/organizations/${owner.tenant}/modules`, as(admin))).body.modules as {
      name: string;
      enabled: boolean;
    }[];
    for (const f of res.body.features as {
      id: string;
      organizations: { id: string; name: string; enabled: boolean }[];
    }[]) {
      const mine = f.organizations.find((o) => o.id === owner.tenant);
      expect(mine, f.id).toBeDefined();
      expect(mine!.name).toBe('Harbour Hire');
      expect(mine!.enabled, f.id).toBe(mods.find((m) => m.name === f.id)!.enabled);
    }
    expect(mods.some((m) => !m.enabled)).toBe(true);
  });

  it('counts e-mails per tenant from the send log and the error rate from metering', async () => {
    const before = (await call('GET', '/api/platform/tenants/metrics', as(admin))).body.tenants.find(
      (t: { id: string }) => t.id === owner.tenant,
    ).metrics;
    for (let i = 0; i < 3; i++)
      expect(
        await trySendMail({
          to: `c${i}@mail.test`,
          subject: 's',
          html: '<p>h</p>',
          text: 't',
          template: 'booking-confirmation',
          tenant: owner.tenant,
        }),
      ).toBe(true);
    await trySendMail({
      to: 'x@mail.test',
      subject: 's',
      html: '<p>h</p>',
      text: 't',
      tenant: `org${randomUUID().slice(0, 8)}`,
    });
    const hour = new Date().toISOString().slice(0, 13);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: USAGE_PK, sk: `${hour}#${owner.tenant}` },
        UpdateExpression: 'ADD calls :c, errors :e, totalMs :m',
        ExpressionAttributeValues: { ':c': 200, ':e': 6, ':m': 1000 },
      }),
    );
    const after = (await call('GET', '/api/platform/tenants/metrics', as(admin))).body.tenants.find(
      (t: { id: string }) => t.id === owner.tenant,
    ).metrics;
    expect(after.emailsToday - before.emailsToday).toBe(3);
    expect(after.emailsMonth - before.emailsMonth).toBe(3);
    expect(after.apiCalls24h).toBeGreaterThanOrEqual(200);
    const expected = Math.round((6 / after.apiCalls24h) * 10_000) / 100;
    expect(after.errorRate).toBe(expected);
    // estimated from counters (db-size.ts): at least the base of a tenant's own rows
    expect(after.databaseSize).toBeGreaterThanOrEqual(AVERAGE_BYTES.base);
    if (after.errorRate > 1)
      expect(after.healthIssues.map((i: { message: string }) => i.message)).toContain('High error rate');
  });
});
