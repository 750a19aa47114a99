import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REPORT_MAIL_DAILY_CAP } from '../../shared/contract/report-schedule-models.js';
import { addDaysToDay, todayIn } from '../../shared/domain/time.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { counter, rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';

/**
 * The per-tenant daily cap on report e-mails (docs/decisions/0002-report-mail-recipients.md): one counter row per organization and
 * calendar day in its zone, `T#{tenant}` / `REPORTMAILDAY#{YYYY-MM-DD}`, kept on write. A run takes all
 * the mails it is about to send in one conditional ADD, so however many runs go at once, the day's total
 * never passes the cap; a run that does not fit sends nothing (no half-sent report).
 */
const dayKey = (tenant: TenantId, day: string) => keys.entity(tenant, 'REPORTMAILDAY', day);
const parseMailDay = rowParser('report mail day', z.object({ sent: counter() }));

async function dayOf(tenant: TenantId, now: number): Promise<string> {
  return todayIn(await organizationTimeZone(tenant, now), now);
}

/** Takes `count` of today's report e-mails; false (and nothing taken) when they would pass the cap. */
export async function reserveReportMail(
  tenant: TenantId,
  count: number,
  now = Date.now(),
  cap = REPORT_MAIL_DAILY_CAP,
): Promise<boolean> {
  if (count <= 0) return true;
  if (count > cap) return false;
  const day = await dayOf(tenant, now);
  // The row outlives its day by two, whatever the zone, then TTL removes it.
  const expiresAt = Math.floor(Date.parse(`${addDaysToDay(day, 3)}T00:00:00Z`) / 1000);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: dayKey(tenant, day),
        UpdateExpression: 'ADD sent :n SET expiresAt = if_not_exists(expiresAt, :exp)',
        ConditionExpression: 'attribute_not_exists(sent) OR sent <= :room',
        ExpressionAttributeValues: { ':n': count, ':room': cap - count, ':exp': expiresAt },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** Today's count against the cap, for the Schedule tab. */
export async function reportMailQuota(
  tenant: TenantId,
  now = Date.now(),
): Promise<{ day: string; sent: number; limit: number }> {
  const day = await dayOf(tenant, now);
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: dayKey(tenant, day) }));
  return { day, sent: res.Item ? parseMailDay(res.Item).sent : 0, limit: REPORT_MAIL_DAILY_CAP };
}
