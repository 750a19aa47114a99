import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant } from '../lib/keys.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { SCHEDULE_INDEX_PK } from './schedules.js';

let admin: TestSession;
let other: TestSession;

beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  other = await sessionFor({ role: 'BUSINESS_ADMIN' });
});

const body = {
  name: 'Monday revenue',
  reportType: 'revenue',
  schedule: { frequency: 'weekly', time: '08:00', daysOfWeek: [1] },
  recipients: ['owner@example.com'],
};

describe('scheduled reports', () => {
  it('creates, lists with next run in the future, indexes it as due, deletes', async () => {
    const created = await call('POST', '/api/reports/schedules', { token: admin.token, body });
    expect(created.status, created.raw).toBe(200);
    const s = created.body as any;
    expect(s).toMatchObject({
      name: 'Monday revenue',
      status: 'scheduled',
      enabled: true,
      runCount: 0,
      successCount: 0,
      failureCount: 0,
      lastRun: null,
    });
    expect(new Date(s.nextRun).getTime()).toBeGreaterThan(Date.now());
    // 08:00 New York (the default zone) on a Monday
    expect(
      new Date(s.nextRun).toLocaleString('en-US', {
        timeZone: 'America/New_York',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      }),
    ).toBe('Mon 08:00');

    const row = (
      await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: { pk: keys.tenantPartition(trustedTenant(admin.tenant)), sk: `REPORTSCHEDULE#${s.id}` },
        }),
      )
    ).Item!;
    expect(row.gsi1pk).toBe(shardedIndexKey(SCHEDULE_INDEX_PK, admin.tenant));
    expect(row.gsi1sk).toBe(`${s.nextRun}#${admin.tenant}#${s.id}`);

    const list = await call('GET', '/api/reports/schedules', { token: admin.token });
    expect((list.body as any).schedules.map((x: any) => x.id)).toEqual([s.id]);
    expect((await call('GET', '/api/reports/schedules', { token: other.token })).body.schedules).toEqual([]);

    expect((await call('DELETE', `/api/reports/schedules/${s.id}`, { token: other.token })).status).toBe(404);
    expect((await call('DELETE', `/api/reports/schedules/${s.id}`, { token: admin.token })).status).toBe(200);
    expect((await call('DELETE', `/api/reports/schedules/${s.id}`, { token: admin.token })).status).toBe(404);
    expect((await call('GET', '/api/reports/schedules', { token: admin.token })).body.schedules).toEqual([]);
  });

  it('a disabled schedule has no next run and is not indexed', async () => {
    const res = await call('POST', '/api/reports/schedules', { token: admin.token, body: { ...body, enabled: false } });
    expect(res.body).toMatchObject({ status: 'disabled', nextRun: null });
    const row = (
      await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: { pk: keys.tenantPartition(trustedTenant(admin.tenant)), sk: `REPORTSCHEDULE#${(res.body as any).id}` },
        }),
      )
    ).Item!;
    expect(row.gsi1pk).toBeUndefined();
    await call('DELETE', `/api/reports/schedules/${(res.body as any).id}`, { token: admin.token });
  });

  it('refuses invalid schedules with a 400 naming the rule (R-REP-6)', async () => {
    const cases: [unknown, string][] = [
      [{ ...body, recipients: [] }, 'At least one recipient is required'],
      [{ ...body, recipients: ['nope'] }, 'Each recipient must be a valid e-mail address'],
      [{ ...body, schedule: { frequency: 'weekly', time: '08:00' } }, 'Weekly schedules need days of week'],
      [{ ...body, schedule: { frequency: 'monthly', time: '08:00' } }, 'Monthly schedules need a day of month'],
      [{ ...body, schedule: { frequency: 'daily', time: '8am' } }, 'Time must be HH:MM (24-hour)'],
      [{ ...body, reportType: 'astrology' }, 'Report type is required'],
    ];
    for (const [b, msg] of cases) {
      const res = await call('POST', '/api/reports/schedules', { token: admin.token, body: b });
      expect(res.status, res.raw).toBe(400);
      expect(res.raw).toContain(msg);
    }
    expect((await call('GET', '/api/reports/schedules', { token: admin.token })).body.schedules).toEqual([]);
  });
});
