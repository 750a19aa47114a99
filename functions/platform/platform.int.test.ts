import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { forgetModules } from '../lib/modules.js';
import type { RunningSes } from '../local/ses.js';
import { MODULE_DISABLED_MESSAGE } from '../../shared/domain/modules.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { readMailbox } from '../testing/mail.js';

let ses: RunningSes;
let admin: TestSession;
let a: TestSession;
let b: TestSession;

/** sessionFor's organization rows are not in the ORGS directory; sign-up's are. Put them there. */
async function listed(s: TestSession, name: string) {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.organization(s.tenant),
      UpdateExpression: 'SET gsi1pk = :g, gsi1sk = :s, #n = :n',
      ExpressionAttributeNames: { '#n': 'name' },
      ExpressionAttributeValues: {
        ':g': keys.organizationsIndex(s.tenant).gsi1pk,
        ':s': `${new Date().toISOString()}#${s.tenant}`,
        ':n': name,
      },
    }),
  );
}

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('no-reply@test.example', { S3_ENDPOINT: 'http://127.0.0.1:9' });
  forgetModules();
  admin = await sessionFor({ role: 'SUPER_ADMIN' });
  a = await sessionFor();
  b = await sessionFor();
  await listed(a, 'Alpha Rentals');
  await listed(b, 'Beta Boats');
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

const as = (s: TestSession) => ({ token: s.token });

describe('modules', () => {
  it('applies the dependency rules both ways and switches a module off for that tenant only', async () => {
    const list = await call('GET', `/api/platform/organizations/${a.tenant}/modules`, as(admin));
    expect(list.status).toBe(200);
    expect(list.body.modules.every((m: { enabled: boolean }) => m.enabled)).toBe(true);

    // disabling inventory while reservations and reports are on is refused
    let res = await call('POST', `/api/platform/organizations/${a.tenant}/modules/inventory/disable`, as(admin));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Cannot disable. Required by: Reservations, Reports');
    // settings is core
    res = await call('POST', `/api/platform/organizations/${a.tenant}/modules/settings/disable`, as(admin));
    expect(res.status).toBe(400);

    for (const m of ['payments', 'reports', 'reservations']) {
      res = await call('POST', `/api/platform/organizations/${a.tenant}/modules/${m}/disable`, as(admin));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // reservations routes answer 403 for A (the saving function forgot its cache), not for B
    const ra = await call('GET', '/api/reservations/integration/stats/overview', as(a));
    expect(ra.status).toBe(403);
    expect(ra.body.message).toBe(MODULE_DISABLED_MESSAGE);
    expect((await call('GET', '/api/reservations/integration/stats/overview', as(b))).status).toBe(200);
    expect((await call('GET', '/api/inventory/product-types', as(a))).status).toBe(200);

    // now inventory may go; then enabling reservations needs it back
    expect(
      (await call('POST', `/api/platform/organizations/${a.tenant}/modules/inventory/disable`, as(admin))).status,
    ).toBe(200);
    expect((await call('GET', '/api/inventory/product-types', as(a))).status).toBe(403);
    res = await call('POST', `/api/platform/organizations/${a.tenant}/modules/reservations/enable`, as(admin));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enable required features first: Inventory');
    expect(
      (await call('POST', `/api/platform/organizations/${a.tenant}/modules/inventory/enable`, as(admin))).status,
    ).toBe(200);
    expect(
      (await call('POST', `/api/platform/organizations/${a.tenant}/modules/reservations/enable`, as(admin))).status,
    ).toBe(200);
    expect((await call('GET', '/api/reservations/integration/stats/overview', as(a))).status).toBe(200);
  });

  it('answers 404 for an unknown organization and 403 to tenant tokens', async () => {
    expect((await call('GET', '/api/platform/organizations/nosuchorg/modules', as(admin))).status).toBe(404);
    expect((await call('GET', `/api/platform/organizations/${a.tenant}/modules`, as(a))).status).toBe(403);
  });
});

describe('metrics', () => {
  it('equal counts made independently after scripted activity', async () => {
    const type = (
      await call('POST', '/api/inventory/product-types', { ...as(b), body: { name: 'Kayak', category: 'Boats' } })
    ).body;
    for (let i = 0; i < 3; i++)
      expect(
        (
          await call('POST', '/api/inventory/items', {
            ...as(b),
            body: { productTypeId: type.id, itemNumber: `K-${i}` },
          })
        ).status,
      ).toBe(201);
    await sessionFor({ tenant: b.tenant });
    const count = async (t: TenantId, prefix: string) =>
      (
        await db().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
            ExpressionAttributeValues: { ':p': keys.tenantPartition(t), ':s': prefix },
            Select: 'COUNT',
          }),
        )
      ).Count;

    const res = await call('GET', '/api/platform/tenants/metrics', as(admin));
    expect(res.status).toBe(200);
    const beta = res.body.tenants.find((t: { id: string }) => t.id === b.tenant);
    expect(beta.name).toBe('Beta Boats');
    expect(beta.metrics.totalItems).toBe(await count(b.tenant, 'ITEM#'));
    expect(beta.metrics.totalItems).toBe(3);
    expect(beta.metrics.totalUsers).toBe(await count(b.tenant, 'USER#'));
    expect(beta.metrics.totalUsers).toBe(2);

    const overview = await call('GET', '/api/platform/overview/metrics', as(admin));
    expect(overview.body.totalTenants).toBe(2);
    expect(overview.body.totalItems).toBe(3);
    expect(overview.body.totalUsers).toBe(3);

    const details = await call('GET', `/api/platform/tenants/${b.tenant}/details`, as(admin));
    expect(details.status).toBe(200);
    expect(details.body.users).toHaveLength(2);
  });

  it('health probes the table for real', async () => {
    const res = await call('GET', '/api/platform/health', as(admin));
    expect(res.status).toBe(200);
    expect(res.body.checks.database.status).toBe('healthy');
    // the uploads endpoint in this test points at a closed port
    expect(res.body.checks.uploads.status).toBe('unhealthy');
    expect(res.body.status).toBe('degraded');
  });
});

describe('templates', () => {
  it('lists by category, refuses a bad template with the reason, and the next invitation carries the edit', async () => {
    const list = await call('GET', '/api/platform/templates', as(admin));
    expect(list.status).toBe(200);
    expect(list.body.categories.find((c: { name: string }) => c.name === 'Invitations').count).toBe(2);

    let res = await call('PUT', '/api/platform/templates/organization-invitation', {
      ...as(admin),
      body: { content: '<p>{{#if firstName}}Hi</p>' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Template does not compile/);
    res = await call('PUT', '/api/platform/templates/organization-invitation', {
      ...as(admin),
      body: { content: '<p>Hi {{nickname}}</p>' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Unknown variable: nickname/);

    const content = '<p>Ahoy {{firstName}}! Your harbour awaits.</p><p><a href="{{inviteUrl}}">Start here</a></p>';
    res = await call('PUT', '/api/platform/templates/organization-invitation', { ...as(admin), body: { content } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      (await call('GET', '/api/platform/templates/organization-invitation', as(admin))).body.template.content,
    ).toBe(content);

    const preview = await call('POST', '/api/platform/templates/organization-invitation/preview', {
      ...as(admin),
      body: { variables: { firstName: '<script>x</script>Ann' } },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('Ahoy &lt;script&gt;');
    expect(preview.body.html).not.toContain('<script');

    const sent = await call('POST', '/api/platform/invitations', {
      ...as(admin),
      body: { firstName: 'Ann', lastName: 'Lee', email: 'ann@harbour.test' },
    });
    expect(sent.status).toBe(201);
    const mail = (await readMailbox(ses)).filter((m) => m.to === 'ann@harbour.test').at(-1)!;
    expect(mail.html).toContain('Ahoy Ann! Your harbour awaits.');
    expect(mail.text).toContain('Ahoy Ann! Your harbour awaits.');
  });
});
