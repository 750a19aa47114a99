import { beforeAll, describe, expect, it } from 'vitest';
import { flushUsage } from '../lib/metering.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';

let admin: TestSession;
let a: TestSession;

beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'SUPER_ADMIN' });
  a = await sessionFor();
  await flushUsage(); // whatever earlier files in this worker tallied goes to their own tables
}, 60_000);

describe('usage metering', () => {
  it('totals equal the requests made, per tenant and in total', async () => {
    await flushUsage();
    const before = (await call('GET', '/api/platform/analytics/usage?range=1d', { token: admin.token })).body;
    // 6 tenant requests, 1 platform request answered 404 (a call, not an error), 2 unauthenticated
    for (let i = 0; i < 6; i++)
      expect((await call('GET', '/api/inventory/product-types', { token: a.token })).status).toBe(200);
    expect((await call('GET', '/api/platform/organizations/nosuch/modules', { token: admin.token })).status).toBe(404);
    for (let i = 0; i < 2; i++) expect((await call('GET', '/api/inventory/product-types')).status).toBe(401);
    await flushUsage();
    const after = (await call('GET', '/api/platform/analytics/usage?range=1d', { token: admin.token })).body;
    // the admin's first usage call was tallied after `before` was read: +1
    expect(after.totalApiCalls - before.totalApiCalls).toBe(6 + 1 + 2 + 1);
    const mine = after.tenants.find((t: { tenant: string }) => t.tenant === a.tenant);
    expect(mine.calls).toBe(6);
    expect(mine.errors).toBe(0);
    expect(mine.avgResponseTime).toBeGreaterThan(0);
    expect(after.series).toHaveLength(24);
    expect(after.series.reduce((s: number, p: { calls: number }) => s + p.calls, 0)).toBe(after.totalApiCalls);

    const week = (await call('GET', '/api/platform/analytics/usage?range=7d', { token: admin.token })).body;
    expect(week.series).toHaveLength(7);
  });

  it('exports the same figures as usage-analytics-{range}.csv', async () => {
    const res = await call('GET', '/api/platform/analytics/export?range=30d', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="usage-analytics-30d.csv"');
    const lines = res.raw.trim().split('\r\n');
    expect(lines[0]).toBe('section,key,calls,errors,avgResponseTimeMs,errorRatePercent');
    expect(lines[1]).toMatch(/^total,30d,\d+,\d+,/);
  });

  it('refuses an unknown range with 400 and tenant tokens with 403', async () => {
    expect((await call('GET', '/api/platform/analytics/usage?range=2w', { token: admin.token })).status).toBe(400);
    expect((await call('GET', '/api/platform/analytics/usage?range=1d', { token: a.token })).status).toBe(403);
  });
});
