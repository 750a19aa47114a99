import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPages, tableName } from '../lib/db.js';
import { addTo } from '../lib/group-commit.js';
import { logger } from '../lib/logger.js';
import { counter, rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';

/**
 * The product's own e-mail send log (docs/decisions/platform-delivery-bounce-and-complaint-notifications-aws.md): one counter row per UTC day, pk `MAILLOG`, sk the
 * day (yyyy-MM-dd), each send ADDing 1 to `sent` or `failed` and to per-template and per-tenant
 * counters on the same row (`tpl:{name}:sent`, `tenant:{id}:failed`, ...). No row per mail.
 */
export const MAIL_LOG_PK = 'MAILLOG';
/** The provider panel's fixed daily quota (R-PLAT-5). */
export const DAILY_QUOTA = 10_000;

const day = (d: Date) => d.toISOString().slice(0, 10);
const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);

export interface SendRecord {
  ok: boolean;
  template?: string;
  tenant?: string;
}

/**
 * Counts one send. Never throws: the log must not turn a sent mail into a failed request. Sends
 * counted while another count of the day is being written go out together (lib/group-commit.ts).
 */
export async function recordSend(r: SendRecord, now = new Date()): Promise<void> {
  const outcome = r.ok ? 'sent' : 'failed';
  const increments: Record<string, number> = { [outcome]: 1, [`tpl:${safe(r.template ?? 'other')}:${outcome}`]: 1 };
  if (r.tenant) increments[`tenant:${safe(r.tenant)}:${outcome}`] = 1;
  const sk = day(now);
  try {
    await addTo(`${MAIL_LOG_PK}#${sk}`, increments, (sum) => {
      const entries = Object.entries(sum);
      return db()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: MAIL_LOG_PK, sk },
            UpdateExpression: `ADD ${entries.map((_, i) => `#a${i} :v${i}`).join(', ')}`,
            ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#a${i}`, name])),
            ExpressionAttributeValues: Object.fromEntries(entries.map(([, n], i) => [`:v${i}`, n])),
          }),
        )
        .then(() => undefined);
    });
  } catch (e) {
    logger.warn('mail log not written', { error: e as Error });
  }
}

/**
 * A day's row: the totals by name, and the per-template and per-tenant counters (`tpl:{name}:{outcome}`,
 * `tenant:{id}:{outcome}`), every one kept by ADD, so absent is 0 and any other attribute a number.
 */
const parseMailLogDay = rowParser(
  'mail log day',
  z.catchall(
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
  ),
);

/** Every day row of the log from `from` (yyyy-MM-dd) on: one Query. */
async function mailLogDays(from: string) {
  const out: ReturnType<typeof parseMailLogDay>[] = [];
  for await (const items of queryPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': MAIL_LOG_PK, ':from': from },
  })) {
    out.push(...items.map(parseMailLogDay));
  }
  return out;
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
    if (row.sk === today) usedToday = row.sent + row.failed;
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

/**
 * E-mails per tenant (sent + failed sends tagged with the tenant) for the UTC day and the UTC month
 * so far, and (AWS, SES notifications) the month's bounces of its mail: one Query of the log's rows
 * of this month, whatever the number of tenants.
 */
export async function tenantMailCounts(
  now = new Date(),
): Promise<Map<string, { today: number; month: number; bouncedMonth: number }>> {
  const today = day(now);
  const out = new Map<string, { today: number; month: number; bouncedMonth: number }>();
  for (const row of await mailLogDays(`${today.slice(0, 7)}-01`)) {
    for (const [k, v] of Object.entries(row)) {
      const m = /^tenant:(.+):(sent|failed|bounced)$/.exec(k);
      if (!m || typeof v !== 'number') continue;
      const c = out.get(m[1]!) ?? { today: 0, month: 0, bouncedMonth: 0 };
      if (m[2] === 'bounced') c.bouncedMonth += v;
      else {
        c.month += v;
        if (row.sk === today) c.today += v;
      }
      out.set(m[1]!, c);
    }
  }
  return out;
}
