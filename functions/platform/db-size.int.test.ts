import { randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { db, tableName } from '../lib/db.js';
import { keys } from '../lib/keys.js';
import { TABLE_KEYS } from '../lib/table.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { AVERAGE_BYTES, estimateDatabaseSize, storedItemSize, tenantCountersByName } from './db-size.js';
import { tenantMetricsOp } from './metrics.js';

const ZONE = 'America/New_York';
const at = (n: number, hhmm: string) => zonedDateTime(addDaysToDay(todayIn(ZONE), n), hhmm, ZONE).toISOString();

let ses: RunningSes;

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('team@test.example');
}, 60_000);

afterAll(async () => {
  await ses?.stop();
});

async function ok(p: Promise<{ status: number; body: any; raw: string }>) {
  const res = await p;
  expect(res.status, res.raw).toBeLessThan(300);
  return res.body;
}

interface Shape {
  types: number;
  items: number;
  customers: number;
  reservations: number;
  returns: number;
  cancels: number;
  invites: number;
}

/** A tenant scripted through the real API with the given mix; returns its session. */
async function scripted(shape: Shape): Promise<TestSession> {
  const s = await sessionFor({ role: 'BUSINESS_ADMIN', accessLevel: 'MANAGER' });
  const t = s.token;
  const types = [];
  for (let i = 0; i < shape.types; i++)
    types.push(
      await ok(
        call('POST', '/api/inventory/product-types', {
          token: t,
          body: { name: `Boat ${i}`, category: 'Boats', rates: [{ rate: 25, rateType: 'hourly' }] },
        }),
      ),
    );
  const items = [];
  for (let i = 0; i < shape.items; i++)
    items.push(
      await ok(
        call('POST', '/api/inventory/items', {
          token: t,
          body: { productTypeId: types[i % shape.types].id, itemNumber: `K-${i}` },
        }),
      ),
    );
  const customers = Array.from({ length: shape.customers }, (_, i) => ({
    firstName: `Cus${i}`,
    lastName: 'Tomer',
    phone: `555010${String(1000 + i)}`,
    email: `c${i}-${randomUUID().slice(0, 6)}@test.example`,
  }));
  const ids: string[] = [];
  for (let d = 0; d < shape.reservations; d++) {
    const r = await ok(
      call('POST', '/api/reservations/items/create', {
        token: t,
        body: {
          customer: customers[d % shape.customers],
          reservation: {
            startTime: at(d + 1, '10:00'),
            reservationDuration: 1 + (d % 2),
            inventoryItemId: items[d % shape.items].id,
            depositAmount: 5,
          },
        },
      }),
    );
    ids.push(r.data.id);
  }
  for (let i = 0; i < shape.returns; i++)
    await ok(
      call('POST', `/api/reservations/processing/${ids[i]}/return`, {
        token: t,
        body: { actualReturnTime: at(i + 1, '13:30') },
      }),
    );
  for (let i = 0; i < shape.cancels; i++)
    await ok(call('POST', `/api/reservations/processing/${ids[ids.length - 1 - i]}/cancel`, { token: t }));
  for (let u = 0; u < shape.invites; u++) {
    await ok(
      call('POST', '/api/users/invite', {
        token: t,
        body: {
          firstName: 'Pat',
          lastName: `Lee${u}`,
          email: `emp${u}-${randomUUID().slice(0, 6)}@test.example`,
          phone: '5550100200',
          jobRole: 'Guide',
          hourlyWage: '18.50',
          accessLevel: 'EMPLOYEE',
        },
      }),
    );
  }
  return s;
}

/** The tenant's stored bytes: every row of its partition, again per index it is in (ALL projection); TTL rows left out. */
async function measure(s: TestSession) {
  const rows: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': keys.tenantPartition(s.tenant) },
        ExclusiveStartKey: start,
      }),
    );
    rows.push(...((res.Items ?? []) as Record<string, unknown>[]));
    start = res.LastEvaluatedKey;
  } while (start);
  const byPrefix = new Map<string, { rows: number; bytes: number }>();
  let measured = 0;
  let expiring = 0;
  for (const r of rows) {
    // Rows with a TTL (live events, short-lived markers) vanish on their own: not part of the lasting size.
    if (r.expiresAt !== undefined) {
      expiring++;
      continue;
    }
    const bytes = storedItemSize(r) * (1 + TABLE_KEYS.indexes.filter((i) => r[i.partitionKey] !== undefined).length);
    measured += bytes;
    const prefix = String(r.sk).split('#')[0]!;
    const g = byPrefix.get(prefix) ?? { rows: 0, bytes: 0 };
    byPrefix.set(prefix, { rows: g.rows + 1, bytes: g.bytes + bytes });
  }
  const stats = tenantCountersByName(rows.filter((r) => String(r.sk).startsWith('STATS#')));
  const estimate = estimateDatabaseSize(stats);
  const counters = {
    items: stats.get('inventory')?.total,
    reservations: stats.get('reservations')?.total,
    payments: stats.get('payments')?.count,
    customers: stats.get('customers')?.total,
    users: stats.get('users')?.total,
  };
  console.info(
    'db-size measurement',
    JSON.stringify({
      measured,
      expiring,
      estimate,
      ratio: estimate / measured,
      counters,
      averages: AVERAGE_BYTES,
      byPrefix: Object.fromEntries([...byPrefix].sort((a, b) => b[1].bytes - a[1].bytes)),
    }),
  );
  return { measured, estimate, counters };
}

describe('database size estimated from counters', () => {
  // The averages were derived from the first mix; the second (inventory-heavy, few bookings) checks they carry over.
  it('is within 35 % of the summed stored size of scripted tenants (partition and index rows)', async () => {
    const a = await scripted({
      types: 2,
      items: 8,
      customers: 6,
      reservations: 16,
      returns: 4,
      cancels: 2,
      invites: 3,
    });
    const b = await scripted({
      types: 4,
      items: 20,
      customers: 5,
      reservations: 5,
      returns: 1,
      cancels: 1,
      invites: 1,
    });
    const ma = await measure(a);
    expect(ma.counters).toMatchObject({ items: 8, reservations: 16, customers: 6, users: 4 });
    expect(Math.abs(ma.estimate - ma.measured) / ma.measured).toBeLessThanOrEqual(0.35);
    const mb = await measure(b);
    expect(mb.counters).toMatchObject({ items: 20, reservations: 5, customers: 5, users: 2 });
    expect(Math.abs(mb.estimate - mb.measured) / mb.measured).toBeLessThanOrEqual(0.35);

    // and the tenant list serves the same estimate (sessionFor's organization is not in the ORGS index: put it there)
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organization(a.tenant),
        UpdateExpression: 'SET gsi1pk = :g, gsi1sk = :s',
        ExpressionAttributeValues: {
          ':g': keys.organizationsIndex(a.tenant).gsi1pk,
          ':s': `${new Date().toISOString()}#${a.tenant}`,
        },
      }),
    );
    const { tenants } = await tenantMetricsOp();
    expect(tenants.find((x) => x.id === a.tenant)?.metrics.databaseSize).toBe(ma.estimate);
  }, 120_000);

  it('sizes items as DynamoDB documents it', () => {
    // 100 overhead + "pk"(2) + "T#a"(3) + "n"(1) + 12345 (3 digits pairs -> 3+1) + "ok"(2) + bool(1) + "l"(1) + list [ "ab" ] (3 + 1 + 2)
    expect(storedItemSize({ pk: 'T#a', n: 12345, ok: true, l: ['ab'] })).toBe(100 + 2 + 3 + 1 + 4 + 2 + 1 + 1 + 6);
  });
});
