import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { db, tableName } from '../lib/db.js';
import { keys } from '../lib/keys.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

const ZONE = 'America/New_York'; // sessionFor writes no organization row: the default zone
const at = (n: number) => zonedDateTime(addDaysToDay(todayIn(ZONE), n), '10:00', ZONE).toISOString();
const BOOKINGS = 30;

let admin: TestSession;

beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
});

async function counterRows(name: string) {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(admin.tenant), ':s': `STATS#${name}` },
      ConsistentRead: true,
    }),
  );
  return res.Items ?? [];
}

describe('sharded booking counters (R-PLAT-17)', () => {
  it(`${BOOKINGS} concurrent bookings of one tenant all land, spread over counter rows that sum exactly`, async () => {
    const type = await call('POST', '/api/inventory/product-types', {
      token: admin.token,
      body: { name: 'Kayak', category: 'Boats', rates: [{ rate: 20, rateType: 'hourly' }] },
    });
    expect(type.status).toBe(201);
    const items: string[] = [];
    for (let i = 0; i < BOOKINGS; i++) {
      const res = await call('POST', '/api/inventory/items', {
        token: admin.token,
        body: { productTypeId: type.body.id, itemNumber: `K-${i}` },
      });
      expect(res.status).toBe(201);
      items.push(res.body.id);
    }
    // A counter row from before sharding still counts (its figures are added to the shards').
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.entity(admin.tenant, 'STATS', 'payments'), totalCents: 500, count: 1 },
      }),
    );

    // Each booking its own item, day and customer: the tenant's counter rows are what they share.
    const results = await Promise.all(
      items.map((itemId, i) =>
        call('POST', '/api/reservations/items/create', {
          token: admin.token,
          body: {
            customer: { firstName: `Guest${i}`, lastName: 'Rider', phone: `555-300-${String(1000 + i)}`, email: '' },
            reservation: {
              startTime: at(3 + i),
              reservationDuration: 2,
              inventoryItemId: itemId,
              depositAmount: 10,
              depositType: { cash: true },
              paymentId: `P-${i}`,
            },
          },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(BOOKINGS).fill(201));

    const stats = await call('GET', '/api/reservations/integration/stats/overview', { token: admin.token });
    expect(stats.body).toMatchObject({ total: BOOKINGS, active: BOOKINGS });
    const payments = await call('GET', '/api/payments/stats/overview', { token: admin.token });
    expect(payments.body).toMatchObject({ totalAmount: 10 * BOOKINGS + 5, count: BOOKINGS + 1 });

    // No single row took every booking's ADD: the writes were spread over several counter items.
    const rows = await counterRows('reservations');
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.reduce((sum, r) => sum + Number(r.total ?? 0), 0)).toBe(BOOKINGS);
    expect(Math.max(...rows.map((r) => Number(r.total ?? 0)))).toBeLessThan(BOOKINGS);
    expect((await counterRows('payments')).length).toBeGreaterThan(2);

    // The platform tenant list sums the shards too (its one Query of the tenant's STATS# rows).
    const platform = await sessionFor({ role: 'SUPER_ADMIN' });
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.organization(admin.tenant),
          ...keys.organizationsIndex(admin.tenant),
          gsi1sk: `${new Date().toISOString()}#${admin.tenant}`,
          id: admin.tenant,
          name: 'Sharded',
          subdomain: 'sharded',
          status: 'ACTIVE',
          createdAt: new Date().toISOString(),
        },
      }),
    );
    const tenants = await call('GET', '/api/platform/tenants/metrics', { token: platform.token });
    expect(tenants.status).toBe(200);
    const mine = (tenants.body.tenants as { id: string; metrics: Record<string, unknown> }[]).find(
      (t) => t.id === admin.tenant,
    );
    expect(mine?.metrics).toMatchObject({ activeReservations: BOOKINGS });
  }, 300_000);
});
