import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from './db.js';
import { useTestTable } from '../testing/harness.js';
import {
  emailStatsOp,
  MAIL_LOG_DAY_SHARDS,
  MAIL_LOG_PK,
  mailLogDayKey,
  recordSend,
  tenantMailCounts,
  tenantMailPk,
} from './mail-log.js';

/**
 * R-PLAT-15, docs/decisions/0252-mail-log-per-tenant.md: no row of the send log grows with the number of tenants
 * (a DynamoDB item stops at 400 KB; one platform-wide row with a counter per tenant reached it at
 * about 4,000 sending tenants), and the statistics still sum every tenant's sends.
 */
beforeAll(async () => {
  await useTestTable();
}, 60_000);

/** DynamoDB's item size: attribute names plus values (a number counts at most 21 bytes). */
const itemBytes = (item: Record<string, unknown>) =>
  Object.entries(item).reduce(
    (n, [k, v]) => n + Buffer.byteLength(k) + (typeof v === 'number' ? 21 : Buffer.byteLength(String(v))),
    0,
  );

const DAY = new Date('2031-03-15T10:00:00Z');
const templates = ['booking-confirmation', 'organization-invitation', 'overdue-reminder'];

/** The day's platform rows, one per shard that counted a send. */
const dayRows = async () => {
  const out: Record<string, unknown>[] = [];
  for (let shard = 0; shard < MAIL_LOG_DAY_SHARDS; shard++) {
    const res = await db().send(new GetCommand({ TableName: tableName(), Key: mailLogDayKey('2031-03-15', shard) }));
    if (res.Item) out.push(res.Item);
  }
  return out;
};

async function tenantRows() {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': tenantMailPk('2031-03') },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Tenant i sends i % 3 + 1 mails that day, every fifth of them fails; template by tenant. */
const sendsOf = (i: number) => (i % 3) + 1;
async function sendFor(from: number, to: number) {
  for (let start = from; start < to; start += 100) {
    const all: Promise<void>[] = [];
    for (let i = start; i < Math.min(to, start + 100); i++)
      for (let k = 0; k < sendsOf(i); k++)
        // As many function instances would: each writes the shard it picked.
        all.push(
          recordSend(
            { ok: (i + k) % 5 !== 0, template: templates[i % 3], tenant: `scale${i}` },
            DAY,
            i % MAIL_LOG_DAY_SHARDS,
          ),
        );
    await Promise.all(all);
  }
}

describe('the send log at scale (docs/decisions/0252-mail-log-per-tenant.md)', () => {
  it('keeps every row the same size whatever the number of tenants, and sums them all', async () => {
    await sendFor(0, 20);
    const small = await dayRows();

    await sendFor(20, 1200);
    const large = await dayRows();
    // The day is spread over its shards, no one key takes every send (R-PLAT-15); each shard row
    // keeps only the totals and the fixed set of templates' counters, whatever the volume.
    const allowed = ['pk', 'sk', 'sent', 'failed', ...templates.flatMap((t) => [`tpl:${t}:sent`, `tpl:${t}:failed`])];
    expect(small).toHaveLength(MAIL_LOG_DAY_SHARDS);
    expect(large.map((r) => r.pk)).toEqual(small.map((r) => r.pk));
    for (const row of [...small, ...large]) {
      expect(Object.keys(row).filter((k) => !allowed.includes(k))).toEqual([]);
      expect(itemBytes(row)).toBeLessThan(1024);
    }
    const rows = await tenantRows();
    expect(rows).toHaveLength(1200);
    // A tenant's row holds its totals and the month's days, nothing else, whoever else sends.
    for (const r of rows)
      expect(Object.keys(r).every((k) => ['pk', 'sk', 'sent', 'failed', 'd15'].includes(k))).toBe(true);
    expect(Math.max(...rows.map(itemBytes))).toBeLessThan(256);

    // Sums: the platform's figures and each tenant's.
    let sent = 0;
    let failed = 0;
    for (let i = 0; i < 1200; i++) for (let k = 0; k < sendsOf(i); k++) (i + k) % 5 !== 0 ? sent++ : failed++;
    const stats = await emailStatsOp('1d', DAY);
    expect(stats).toMatchObject({ totalSent: sent, failed, usedToday: sent + failed });
    expect(stats.templates.reduce((n, t) => n + t.sent + t.failed, 0)).toBe(sent + failed);
    const counts = await tenantMailCounts(DAY);
    expect(counts.size).toBe(1200);
    for (let i = 0; i < 1200; i++)
      expect(counts.get(`scale${i}`)).toEqual({ today: sendsOf(i), month: sendsOf(i), bouncedMonth: 0 });
    // Another day of the month counts for the month, not for today.
    expect((await tenantMailCounts(new Date('2031-03-16T01:00:00Z'))).get('scale1')).toEqual({
      today: 0,
      month: 2,
      bouncedMonth: 0,
    });
  }, 120_000);

  it('still counts the per-tenant counters the day rows carried before, in the month of the change', async () => {
    const at = new Date('2031-04-10T08:00:00Z');
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: MAIL_LOG_PK, sk: '2031-04-09', sent: 2, 'tenant:legacy1:sent': 2, 'tenant:legacy1:bounced': 1 },
      }),
    );
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { pk: MAIL_LOG_PK, sk: '2031-04-10', failed: 1, 'tenant:legacy1:failed': 1 },
      }),
    );
    await recordSend({ ok: true, template: 'booking-confirmation', tenant: 'legacy1' }, at);
    expect((await tenantMailCounts(at)).get('legacy1')).toEqual({ today: 2, month: 4, bouncedMonth: 1 });
    expect(await emailStatsOp('1d', at)).toMatchObject({ totalSent: 1, failed: 1, usedToday: 2 });
  });
});
