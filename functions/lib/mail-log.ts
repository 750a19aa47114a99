import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from './db.js';
import { settleBackground } from './background.js';
import { addTo } from './group-commit.js';
import { logger } from './logger.js';
import { counter, rowParser } from './rows.js';
import * as z from '../../shared/zod.js';

/**
 * The product's own e-mail send log (docs/decisions/0199-platform-delivery-bounce-and-complaint-notifications-aws.md,
 * docs/decisions/0252-mail-log-per-tenant.md). No row per mail, and no row that grows with the number of
 * tenants or mails (a DynamoDB item stops at 400 KB):
 * - the day's platform totals: pk `MAILLOG#S{shard}`, sk the UTC day (yyyy-MM-dd), each send ADDing 1
 *   to `sent` or `failed` and to its template's counter (`tpl:{name}:sent`); the templates are the
 *   product's own fixed set, so the row's attributes do not grow with volume. The day is spread over
 *   MAIL_LOG_DAY_SHARDS partition keys so that no one key takes every send of the platform
 *   (R-PLAT-15, docs/decisions/0263-bounded-rows.md): each function instance writes the shard it picked at
 *   start, and the readers add the shards (and the unsharded `MAILLOG` rows written before);
 * - each tenant's month: pk `MAILLOG#TENANT#{yyyy-MM}`, sk the tenant, ADDing 1 to `sent` or
 *   `failed` and to the day's `d{dd}` (at most 31 of them); the platform's tenant list reads the
 *   month's rows with one Query and each tenant's figures are one row.
 * Before this layout the day row also carried `tenant:{id}:{outcome}` counters; they are still read
 * (summed with the tenant rows) so the month of the change shows the same figures.
 */
export const MAIL_LOG_PK = 'MAILLOG';
/** Partition keys a day's platform totals are spread over (summed on read). */
export const MAIL_LOG_DAY_SHARDS = 8;
const dayShardPk = (shard: number) => `${MAIL_LOG_PK}#S${shard}`;
/**
 * This instance's shard, picked at random when it starts: on AWS an instance sends one request's
 * mail at a time, so instances spread the platform's sends over the shards, and in one process the
 * counts of one tick still go out as one write (lib/group-commit.ts).
 */
const PROCESS_SHARD = Math.floor(Math.random() * MAIL_LOG_DAY_SHARDS);
/** The key of a day's platform totals in one shard (this instance's by default). */
export const mailLogDayKey = (day: string, shard = PROCESS_SHARD) => ({ pk: dayShardPk(shard), sk: day });
/** The partition of one UTC month's per-tenant rows. */
export const tenantMailPk = (month: string) => `${MAIL_LOG_PK}#TENANT#${month}`;
/** The provider panel's fixed daily quota (R-PLAT-5). */
export const DAILY_QUOTA = 10_000;

const day = (d: Date) => d.toISOString().slice(0, 10);
export const mailLogKeyPart = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);
const safe = mailLogKeyPart;

export interface SendRecord {
  ok: boolean;
  template?: string;
  tenant?: string;
}

function addRow(groupKey: string, key: { pk: string; sk: string }, increments: Record<string, number>) {
  return addTo(groupKey, increments, (sum) => {
    const entries = Object.entries(sum);
    return db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: `ADD ${entries.map((_, i) => `#a${i} :v${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#a${i}`, name])),
          ExpressionAttributeValues: Object.fromEntries(entries.map(([, n], i) => [`:v${i}`, n])),
        }),
      )
      .then(() => undefined);
  });
}

/**
 * Counts one send: the day's totals row and the tenant's month row, written side by side. Never
 * throws: the log must not turn a sent mail into a failed request. Sends counted while another
 * count of the same row is being written go out together (lib/group-commit.ts).
 */
export async function recordSend(r: SendRecord, now = new Date(), shard = PROCESS_SHARD): Promise<void> {
  const outcome = r.ok ? 'sent' : 'failed';
  const sk = day(now);
  const key = mailLogDayKey(sk, shard);
  const writes = [
    addRow(`${key.pk}#${sk}`, key, { [outcome]: 1, [`tpl:${safe(r.template ?? 'other')}:${outcome}`]: 1 }),
  ];
  if (r.tenant) {
    const tenant = safe(r.tenant);
    const pk = tenantMailPk(sk.slice(0, 7));
    writes.push(addRow(`${pk}#${tenant}`, { pk, sk: tenant }, { [outcome]: 1, [`d${sk.slice(8, 10)}`]: 1 }));
  }
  for (const w of await Promise.allSettled(writes))
    if (w.status === 'rejected') logger.warn('mail log not written', { error: w.reason as Error });
}

/** Both kinds of row: named totals kept by ADD, so absent is 0, and any other attribute a count. */
const mailCounterRow = z.catchall(
  z.object({
    pk: z.string(),
    sk: z.string(),
    sent: counter(),
    failed: counter(),
    delivered: counter(),
    bounced: counter(),
    complaints: counter(),
  }),
  z.number().check(z.nonnegative()),
);

/**
 * A day's row: the totals by name, and the per-template counters (`tpl:{name}:{outcome}`; on rows
 * written before docs/decisions/0252-mail-log-per-tenant.md also `tenant:{id}:{outcome}`), every one kept by ADD, so absent is 0 and any other attribute a number.
 */
const parseMailLogDay = rowParser('mail log day', mailCounterRow);

/**
 * Every day row of the log from `from` (yyyy-MM-dd) on: one Query per shard and one of the unsharded
 * rows written before the shards, side by side. A day has one row per shard that counted a send:
 * callers add the rows of a day.
 */
async function mailLogDays(from: string) {
  await settleBackground();
  const partitions = [MAIL_LOG_PK, ...Array.from({ length: MAIL_LOG_DAY_SHARDS }, (_, i) => dayShardPk(i))];
  const pages = await Promise.all(
    partitions.map((pk) =>
      queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk >= :from',
        ExpressionAttributeValues: { ':pk': pk, ':from': from },
      }),
    ),
  );
  return pages.flat().map(parseMailLogDay);
}

export type StatsRange = '1d' | '7d' | '30d' | '90d' | '1y';
const DAYS: Record<StatsRange, number> = { '1d': 1, '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
const pct = (n: number, of: number) => (of ? Math.round((n / of) * 10_000) / 100 : 0);

/** Whether delivery notifications are received: on AWS the stack sets `SES_CONFIGURATION_SET` (infra/mail-events.ts). */
export const deliveryNotificationsConfigured = () => Boolean(process.env.SES_CONFIGURATION_SET);

/**
 * E-mail stats over the range's last N UTC days, from one Query of the log. Delivered, bounced and
 * complaints come from the SES configuration set's notifications (functions/platform/mail-events.ts),
 * counted on the row of the day the mail was sent, rates over the mails sent; without a
 * configuration set (locally) they are null and `deliveryNotifications` says 'not-configured'.
 */
export async function emailStatsOp(range: StatsRange = '7d', now = new Date()) {
  const from = day(new Date(now.getTime() - (DAYS[range] - 1) * 86_400_000));
  let sent = 0;
  let failed = 0;
  let delivered = 0;
  let bounced = 0;
  let complaints = 0;
  let usedToday = 0;
  const today = day(now);
  const byTemplate = new Map<string, { sent: number; failed: number }>();
  for (const row of await mailLogDays(from)) {
    sent += row.sent;
    failed += row.failed;
    delivered += row.delivered;
    bounced += row.bounced;
    complaints += row.complaints;
    if (row.sk === today) usedToday += row.sent + row.failed;
    for (const [k, v] of Object.entries(row)) {
      const m = /^tpl:(.+):(sent|failed)$/.exec(k);
      if (!m || typeof v !== 'number') continue;
      const t = byTemplate.get(m[1]!) ?? { sent: 0, failed: 0 };
      t[m[2] as 'sent' | 'failed'] += v;
      byTemplate.set(m[1]!, t);
    }
  }
  const attempts = sent + failed;
  const on = deliveryNotificationsConfigured();
  return {
    range,
    totalSent: sent,
    failed,
    failureRate: pct(failed, attempts),
    deliveryNotifications: on ? ('ses-configuration-set' as const) : ('not-configured' as const),
    delivered: on ? delivered : null,
    deliveryRate: on ? pct(delivered, sent) : null,
    bounced: on ? bounced : null,
    bounceRate: on ? pct(bounced, sent) : null,
    complaints: on ? complaints : null,
    complaintRate: on ? pct(complaints, sent) : null,
    usedToday,
    dailyQuota: DAILY_QUOTA,
    templates: [...byTemplate].map(([name, t]) => ({ name, ...t })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** A tenant's month row: sends, failures and delivery notifications, and the sends of each day `d{dd}`. */
const parseTenantMonth = rowParser('mail log tenant month', mailCounterRow);

/** Every tenant's row of one UTC month: one Query, one small row per tenant that sent mail. */
async function tenantMonthRows(month: string) {
  await settleBackground();
  const rows = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': tenantMailPk(month) },
  });
  const out = rows.map(parseTenantMonth);
  return out;
}

/**
 * E-mails per tenant (sent + failed sends tagged with the tenant) for the UTC day and the UTC month
 * so far, and (AWS, SES notifications) the month's bounces of its mail: one Query of the month's
 * tenant rows, plus the month's day rows for counters kept there before the per-tenant rows
 * (docs/decisions/0252-mail-log-per-tenant.md).
 */
export async function tenantMailCounts(
  now = new Date(),
): Promise<Map<string, { today: number; month: number; bouncedMonth: number }>> {
  const today = day(now);
  const out = new Map<string, { today: number; month: number; bouncedMonth: number }>();
  const entry = (tenant: string) => {
    const c = out.get(tenant) ?? { today: 0, month: 0, bouncedMonth: 0 };
    out.set(tenant, c);
    return c;
  };
  const [rows, days] = await Promise.all([tenantMonthRows(today.slice(0, 7)), mailLogDays(`${today.slice(0, 7)}-01`)]);
  for (const row of rows) {
    const c = entry(row.sk);
    c.month += row.sent + row.failed;
    c.today += row[`d${today.slice(8, 10)}`] ?? 0;
    c.bouncedMonth += row.bounced;
  }
  // The layout before docs/decisions/0252-mail-log-per-tenant.md: `tenant:{id}:{outcome}` on the day rows.
  for (const row of days) {
    for (const [k, v] of Object.entries(row)) {
      const m = /^tenant:(.+):(sent|failed|bounced)$/.exec(k);
      if (!m || typeof v !== 'number') continue;
      const c = entry(m[1]!);
      if (m[2] === 'bounced') c.bouncedMonth += v;
      else {
        c.month += v;
        if (row.sk === today) c.today += v;
      }
    }
  }
  return out;
}
