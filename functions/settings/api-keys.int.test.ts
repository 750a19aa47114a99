import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OTHER_TENANT_ERROR } from '../../shared/domain/tenant-host.js';
import { authenticateApiKey, forgetApiKeys, KEY_CHECK_TTL_MS } from '../lib/api-keys.js';
import { db, tableName } from '../lib/db.js';
import { flushUsage } from '../lib/metering.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

/**
 * R-SET-9 against DynamoDB Local: keys made through the API and used through the real pipeline.
 * Expected values are written out (messages, levels, limits), not derived from the code under test.
 */

let admin: TestSession;
let other: TestSession;
let manager: TestSession;
const unique = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

interface Created {
  id: string;
  name: string;
  prefix: string;
  accessLevel: string;
  key: string;
}

async function createKey(owner: TestSession, accessLevel: 'EMPLOYEE' | 'MANAGER' | 'ADMIN', name = unique('Key')) {
  const res = await call<Created>('POST', '/api/settings/api-keys', {
    token: owner.token,
    body: { name, accessLevel },
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.raw}`);
  return res.body;
}

beforeAll(async () => {
  await useTestTable();
  [admin, other] = await Promise.all([sessionFor(), sessionFor()]);
  manager = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'MANAGER' });
});

beforeEach(() => forgetApiKeys());

describe('creating, listing and revoking keys (administrators only)', () => {
  it('answers the key once, in the documented format, and lists it without the key', async () => {
    const name = unique('Accounting sync');
    const created = await createKey(admin, 'MANAGER', name);
    expect(created.key).toMatch(/^rbo_live_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(`rbo_live_${created.id}`);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created).toMatchObject({ name, accessLevel: 'MANAGER' });

    const list = await call('GET', '/api/settings/api-keys', { token: admin.token });
    expect(list.status).toBe(200);
    const row = list.body.keys.find((k: { id: string }) => k.id === created.id);
    expect(row).toEqual({
      id: created.id,
      name,
      prefix: created.prefix,
      accessLevel: 'MANAGER',
      createdAt: expect.any(String),
      createdBy: { id: admin.userId, name: 'Test User' },
      lastUsedAt: null,
    });
    // Neither the key nor its secret part appears in any answer but the first.
    expect(list.raw).not.toContain(created.key.slice(-43));

    // Stored hashed: the tenant's row holds no part of the secret either.
    const stored = await db().send(
      new GetCommand({ TableName: tableName(), Key: { pk: `T#${admin.tenant}`, sk: `APIKEY#${created.id}` } }),
    );
    expect(JSON.stringify(stored.Item)).not.toContain(created.key.slice(-43));
  });

  it('refuses managers and employees (403) and a key that tries to manage keys', async () => {
    const res = await call('POST', '/api/settings/api-keys', {
      token: manager.token,
      body: { name: 'Mine', accessLevel: 'EMPLOYEE' },
    });
    expect(res.status).toBe(403);
    const adminKey = await createKey(admin, 'ADMIN');
    const byKey = await call('POST', '/api/settings/api-keys', {
      token: adminKey.key,
      body: { name: 'Another', accessLevel: 'ADMIN' },
    });
    expect(byKey.status).toBe(403);
    expect(byKey.body.message).toMatch(/an API key cannot use it/);
    expect((await call('GET', '/api/settings/api-keys', { token: adminKey.key })).status).toBe(403);
  });

  it('refuses a bad body with 400', async () => {
    const res = await call('POST', '/api/settings/api-keys', {
      token: admin.token,
      body: { name: ' ', accessLevel: 'OWNER' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['body.accessLevel', 'body.name']);
  });

  it('revokes: the key answers 401 at once in this function, and the row, the pointer and a log line are written', async () => {
    const created = await createKey(admin, 'ADMIN');
    expect((await call('GET', '/api/customers', { token: created.key })).status).toBe(200);
    const del = await call('DELETE', `/api/settings/api-keys/${created.id}`, { token: admin.token });
    expect(del.status).toBe(200);
    const after = await call('GET', '/api/customers', { token: created.key });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('This API key is not valid: it was revoked, or it was never issued.');
    const list = await call('GET', '/api/settings/api-keys', { token: admin.token });
    expect(list.body.keys.map((k: { id: string }) => k.id)).not.toContain(created.id);
    expect((await call('DELETE', `/api/settings/api-keys/${created.id}`, { token: admin.token })).status).toBe(404);
    const log = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': `T#${admin.tenant}`, ':p': 'APIKEYLOG#' },
      }),
    );
    const lines = (log.Items ?? []).filter((i) => i.keyId === created.id).map((i) => i.action);
    expect(lines.sort()).toEqual(['CREATED', 'REVOKED']);
  });

  it('another warm function refuses a revoked key once its 30 s window is over (never later than 60 s)', async () => {
    const created = await createKey(admin, 'EMPLOYEE');
    const t0 = Date.now();
    await authenticateApiKey(created.key, t0);
    // Revoked elsewhere: the pointer is gone, this function still holds what it read at t0.
    const row = await db().send(
      new GetCommand({ TableName: tableName(), Key: { pk: `T#${admin.tenant}`, sk: `APIKEY#${created.id}` } }),
    );
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: { pk: `APIKEY#${row.Item!.keyHash}`, sk: 'APIKEY' } }),
    );
    await expect(authenticateApiKey(created.key, t0 + 29_000)).resolves.toMatchObject({ tenantId: admin.tenant });
    expect(KEY_CHECK_TTL_MS).toBeLessThanOrEqual(60_000);
    await expect(authenticateApiKey(created.key, t0 + 30_000)).rejects.toMatchObject({ statusCode: 401 });
  });

  it("stops a key whose creator's account is deactivated", async () => {
    const creator = await sessionFor({ tenant: admin.tenant, role: 'BUSINESS_ADMIN' });
    const created = await createKey(creator, 'ADMIN');
    expect((await call('GET', '/api/customers', { token: created.key })).status).toBe(200);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `T#${admin.tenant}`, sk: `USER#${creator.userId}` },
        UpdateExpression: 'SET isActive = :f',
        ExpressionAttributeValues: { ':f': false },
      }),
    );
    forgetApiKeys();
    const res = await call('GET', '/api/customers', { token: created.key });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/administrator who created it is no longer an active administrator/);
  });
});

describe('a key acts with its level under the tenant matrix', () => {
  let employeeKey: Created;
  let managerKey: Created;
  let adminKey: Created;
  beforeAll(async () => {
    [employeeKey, managerKey, adminKey] = await Promise.all([
      createKey(admin, 'EMPLOYEE'),
      createKey(admin, 'MANAGER'),
      createKey(admin, 'ADMIN'),
    ]);
    // The matrix takes customers.view from employees and leaves it to managers.
    const saved = await call('PUT', '/api/settings/permissions', {
      token: admin.token,
      body: { policy: { EMPLOYEE: { customers: { view: false } }, MANAGER: { customers: { view: true } } } },
    });
    expect(saved.status).toBe(200);
  });

  it('refuses an EMPLOYEE key where the matrix refuses employees, allows a MANAGER key where managers are allowed', async () => {
    const emp = await call('GET', '/api/customers', { token: employeeKey.key });
    expect(emp.status).toBe(403);
    expect(emp.body.message).toBe('Customers › View is turned off for your role');
    expect((await call('GET', '/api/customers', { token: managerKey.key })).status).toBe(200);
  });

  it('follows the role capabilities: inventory writes for managers, tax settings for administrators', async () => {
    const body = { name: unique('Paddle board'), category: 'Water', rates: [{ rate: 10, rateType: 'hourly' }] };
    expect((await call('POST', '/api/inventory/product-types', { token: employeeKey.key, body })).status).toBe(403);
    expect((await call('POST', '/api/inventory/product-types', { token: managerKey.key, body })).status).toBe(201);
    expect((await call('GET', '/api/settings/financial/tax', { token: managerKey.key })).status).toBe(403);
    expect((await call('GET', '/api/settings/financial/tax', { token: adminKey.key })).status).toBe(200);
  });

  it('refuses every key on platform routes', async () => {
    const res = await call('GET', '/api/platform/tenants/metrics', { token: adminKey.key });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("API keys work on their organization's routes only.");
  });

  it("refuses the key on another tenant's host as a session would be, serves it on its own", async () => {
    const own = await call('GET', '/api/customers', {
      token: adminKey.key,
      headers: { host: `${admin.tenant.toLowerCase()}.localhost:3000` },
    });
    expect(own.status).toBe(200);
    const elsewhere = await call('GET', '/api/customers', {
      token: adminKey.key,
      headers: { host: `${other.tenant.toLowerCase()}.localhost:3000` },
    });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error).toBe(OTHER_TENANT_ERROR);
  });

  it("never sees another tenant's rows: the tenant is the key's", async () => {
    const theirs = await call('POST', '/api/inventory/product-types', {
      token: other.token,
      body: { name: unique('Their canoe'), category: 'Water', rates: [{ rate: 5, rateType: 'hourly' }] },
    });
    const mine = await call('GET', '/api/inventory/product-types', { token: adminKey.key });
    expect(mine.status).toBe(200);
    expect(mine.raw).not.toContain(theirs.body.id);
  });

  it('refuses routes that act for the signed-in person with a clear 403', async () => {
    for (const [method, path] of [
      ['POST', '/api/timesheets/clock-in'],
      ['GET', '/api/timesheets/active'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await call(method, path, { token: adminKey.key, body: method === 'POST' ? {} : undefined });
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toBe(
        'This route acts for the person signed in (their own profile, session or clock-in); an API key cannot use it.',
      );
    }
  });

  it("answers docs/api.md's quickstart request: today's reservations, earliest first", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await call(
      'GET',
      `/api/reservations/integration/all?startDate=${today}&endDate=${today}&order=asc&limit=100`,
      { token: managerKey.key },
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.pagination).toMatchObject({ limit: 100 });
  });

  it('refuses a key sent in the address (the live stream reads ?token=)', async () => {
    const res = await call('GET', `/api/events/dashboard?token=${encodeURIComponent(adminKey.key)}`);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Send API keys in the Authorization header (Bearer), never in the address.');
  });

  it('refuses malformed and unknown keys with 401', async () => {
    for (const token of ['rbo_live_nope', `rbo_live_abcdefghijkl_${'A'.repeat(43)}`]) {
      const res = await call('GET', '/api/customers', { token });
      expect(res.status, token).toBe(401);
    }
  });

  it("logs a change made with a key under the key's name", async () => {
    const type = await call('POST', '/api/inventory/product-types', {
      token: managerKey.key,
      body: { name: unique('Kayak'), category: 'Water', rates: [{ rate: 10, rateType: 'hourly' }] },
    });
    expect(type.status).toBe(201);
    const item = await call('POST', '/api/inventory/items', {
      token: managerKey.key,
      body: { productTypeId: type.body.id, itemNumber: `K-${randomUUID().slice(0, 6)}` },
    });
    expect(item.status).toBe(201);
    const activity = await call('GET', '/api/inventory/activity-log', { token: admin.token });
    expect(activity.status, activity.raw).toBe(200);
    const created = activity.body.find(
      (e: { eventType: string; item: { id: string } | null }) =>
        e.eventType === 'ITEM_CREATED' && e.item?.id === item.body.id,
    );
    expect(created?.user).toMatchObject({ firstName: `API key: ${managerKey.name}` });

    const booking = await call('POST', '/api/reservations/items/create', {
      token: managerKey.key,
      body: {
        customer: { firstName: 'Ada', lastName: 'Keyed', phone: '5550101234', email: 'ada@keyed.example' },
        reservation: {
          startTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          reservationDuration: 2,
          inventoryItemId: item.body.id,
          depositAmount: 0,
        },
      },
    });
    expect(booking.status).toBe(201);
    const logs = await call('GET', `/api/reservations/logs/?reservationId=${booking.body.data.id}`, {
      token: admin.token,
    });
    expect(logs.body.data.map((l: { actorName: string }) => l.actorName)).toContain(`API key: ${managerKey.name}`);
  });
});

describe('metering, rate limit and last use', () => {
  it('stamps lastUsedAt on first use and meters requests per key', async () => {
    const created = await createKey(admin, 'ADMIN');
    const before = Date.now();
    expect((await call('GET', '/api/customers', { token: created.key })).status).toBe(200);
    expect((await call('GET', '/api/customers', { token: created.key })).status).toBe(200);
    const list = await call('GET', '/api/settings/api-keys', { token: admin.token });
    const row = list.body.keys.find((k: { id: string }) => k.id === created.id);
    expect(Date.parse(row.lastUsedAt)).toBeGreaterThanOrEqual(before - 1000);

    await flushUsage();
    const usage = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'USAGE#APIKEY' },
      }),
    );
    const mine = (usage.Items ?? []).filter((i) => String(i.sk).endsWith(`#${admin.tenant}#${created.id}`));
    expect(mine.reduce((n, i) => n + Number(i.calls), 0)).toBe(2);
  });

  it('answers 429 with Retry-After once the key has made 600 requests in its minute', async () => {
    const created = await createKey(admin, 'ADMIN');
    // Not within 3 s of a minute's end: the window filled below must be the one the requests land in.
    const intoMinute = (Date.now() / 1000) % 60;
    if (intoMinute > 57) await new Promise((r) => setTimeout(r, (61 - intoMinute) * 1000));
    const index = Math.floor(Date.now() / 1000 / 60);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: `RATE#apikey#${created.id}`, sk: `W#${index}`, hits: 599, expiresAt: (index + 1) * 60 + 60 },
      }),
    );
    expect((await call('GET', '/api/customers', { token: created.key })).status).toBe(200);
    const refused = await call('GET', '/api/customers', { token: created.key });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('TooManyRequests');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key of the same tenant is not limited by this one's count.
    const fresh = await createKey(admin, 'ADMIN');
    expect((await call('GET', '/api/customers', { token: fresh.key })).status).toBe(200);
  });
});
