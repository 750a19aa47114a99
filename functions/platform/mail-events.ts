import type { SNSEvent } from 'aws-lambda';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { logger, withJobContext } from '../lib/logger.js';
import { mailLogDayKey, mailLogKeyPart, tenantMailPk } from '../lib/mail-log.js';

/**
 * Delivery, bounce and complaint notifications (docs/decisions/0199-platform-delivery-bounce-and-complaint-notifications-aws.md, e-mail stats on AWS): SES publishes them
 * for every mail sent with the configuration set (infra/mail-events.ts; lib/mail.ts sends with
 * `SES_CONFIGURATION_SET`) to an SNS topic this function is subscribed to. Each notification ADDs 1
 * to `delivered`, `bounced` or `complaints` of the send log's row of the day the mail was SENT (so a
 * day's rates compare with that day's sends) and to the template's counter there, and to the tenant's
 * row of the month the mail was sent (docs/decisions/0252-mail-log-per-tenant.md), from the mail's SES tags. SNS delivers at least once: a marker row per (message, kind), kept 7 days, makes
 * a repeated notification count once.
 */
type MailEventKind = 'delivered' | 'bounced' | 'complaints';
interface MailEvent {
  kind: MailEventKind;
  messageId: string;
  /** When the mail was sent (ISO). */
  sentAt: string;
  template?: string;
  tenant?: string;
  /** Bounces: Permanent, Transient or Undetermined. */
  bounceType?: string;
}

const KINDS: Record<string, MailEventKind> = { Delivery: 'delivered', Bounce: 'bounced', Complaint: 'complaints' };
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const tag = (tags: unknown, name: string) => {
  const v = isObj(tags) ? tags[name] : undefined;
  return Array.isArray(v) && typeof v[0] === 'string' && v[0] ? v[0] : undefined;
};

/**
 * One SNS message body → the event, or undefined for anything else (other event types such as Send
 * or Open, the subscription confirmation, malformed JSON). Reads both the configuration set's
 * `eventType` and the identity notifications' `notificationType`.
 */
export function parseSesNotification(body: string): MailEvent | undefined {
  let msg: unknown;
  try {
    msg = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isObj(msg)) return undefined;
  const type =
    typeof msg.eventType === 'string'
      ? msg.eventType
      : typeof msg.notificationType === 'string'
        ? msg.notificationType
        : '';
  const kind = KINDS[type];
  const mail = msg.mail;
  if (!kind || !isObj(mail) || typeof mail.messageId !== 'string' || !mail.messageId) return undefined;
  const sent =
    typeof mail.timestamp === 'string' && !Number.isNaN(Date.parse(mail.timestamp))
      ? new Date(mail.timestamp).toISOString()
      : undefined;
  if (!sent) return undefined;
  const bounce = msg.bounce;
  return {
    kind,
    messageId: mail.messageId,
    sentAt: sent,
    template: tag(mail.tags, 'template'),
    tenant: tag(mail.tags, 'tenant'),
    ...(kind === 'bounced' && isObj(bounce) && typeof bounce.bounceType === 'string'
      ? { bounceType: bounce.bounceType }
      : {}),
  };
}

const safe = mailLogKeyPart;

/** Counts one event in the send log; false when it was counted before (a repeated notification). */
async function recordMailEvent(e: MailEvent, now = new Date()): Promise<boolean> {
  const names: Record<string, string> = { '#k': e.kind };
  let expr = 'ADD #k :one';
  if (e.template) {
    names['#t'] = `tpl:${safe(e.template)}:${e.kind}`;
    expr += ', #t :one';
  }
  // The tenant's counters are on its own month row, never on the platform's day row (no row grows with tenants).
  const tenantRow = e.tenant
    ? [
        {
          Update: {
            TableName: tableName(),
            Key: { pk: tenantMailPk(e.sentAt.slice(0, 7)), sk: safe(e.tenant) },
            UpdateExpression: 'ADD #k :one',
            ExpressionAttributeNames: { '#k': e.kind },
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ]
    : [];
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                pk: `MAILEVENT#${e.messageId}#${e.kind}`,
                sk: 'MAILEVENT',
                expiresAt: Math.floor(now.getTime() / 1000) + 7 * 86_400,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: mailLogDayKey(e.sentAt.slice(0, 10)),
              UpdateExpression: expr,
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          ...tenantRow,
        ],
      }),
    );
    return true;
  } catch (err) {
    // Only the marker carries a condition, so a failed condition means this event was counted before.
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The SNS subscriber. Unreadable messages are logged and skipped (a retry would not help); a failed write throws, so Lambda retries. */
export async function handler(
  event: SNSEvent,
  context?: { functionName?: string; awsRequestId?: string },
): Promise<{ recorded: number; skipped: number }> {
  return withJobContext('mail-events', context, async () => {
    let recorded = 0;
    let skipped = 0;
    for (const record of event.Records ?? []) {
      const e = parseSesNotification(record.Sns?.Message ?? '');
      if (!e) {
        skipped++;
        logger.warn('mail notification not understood', { messageId: record.Sns?.MessageId });
        continue;
      }
      if (await recordMailEvent(e)) recorded++;
      else skipped++;
    }
    return { recorded, skipped };
  });
}
