import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  normalizeRecipient,
  type RecipientState,
  type ReportSchedule,
  type ReportScheduleInput,
} from '../../shared/contract/report-schedule-models.js';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { db, isConditionFailure, nowIso, queryPages, tableName } from '../lib/db.js';
import { notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { reportMailQuota } from './mail-quota.js';
import { parseScheduleRow, type ScheduleRow } from './schedule-row.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';

/** The due index: enabled schedules carry gsi1pk = SCHEDULE_INDEX_PK, gsi1sk = nextRun#tenant#id. */
export const SCHEDULE_INDEX_PK = 'SWEEP#REPORTSCHEDULES';
const SK_PREFIX = 'REPORTSCHEDULE#';
export const scheduleKey = (tenant: TenantId, id: string) => ({
  pk: keys.tenantPartition(tenant),
  sk: `${SK_PREFIX}${id}`,
});
/** The due index's sort key: the run time first, so one Query `gsi1sk <= now` finds every due schedule. */
export const dueSortKey = (nextRun: string, tenant: string, id: string) => `${nextRun}#${tenant}#${id}`;
/** A run that started longer ago than this is not shown as running any more (its function timed out or crashed). */
const RUNNING_STALE_MS = 15 * 60_000;

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const lastDayOfMonth = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();

/** Whether a calendar day (YYYY-MM-DD in the organization's zone) is a run day of the schedule. */
function isRunDay(schedule: ReportSchedule['schedule'], day: string): boolean {
  const dom = Number(day.slice(8, 10));
  switch (schedule.frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return (schedule.daysOfWeek ?? []).includes(weekday(day));
    // A day past the month's end (31 in April) runs on the month's last day.
    case 'monthly':
      return dom === Math.min(schedule.dayOfMonth ?? 1, lastDayOfMonth(day));
    // Quarterly: the first day of January, April, July and October.
    case 'quarterly':
      return dom === 1 && (Number(day.slice(5, 7)) - 1) % 3 === 0;
  }
}

/** The first run strictly after `now`, at the schedule's HH:MM in the organization's zone. */
export function nextRunAfter(schedule: ReportSchedule['schedule'], zone: string, now: number): Date | null {
  const today = todayIn(zone, now);
  for (let i = 0; i <= 400; i++) {
    const day = addDaysToDay(today, i);
    if (!isRunDay(schedule, day)) continue;
    const at = zonedDateTime(day, schedule.time, zone);
    if (at.getTime() > now) return at;
  }
  return null;
}

export { parseScheduleRow, type ScheduleRow } from './schedule-row.js';

export function scheduleView(row: ScheduleRow, now = Date.now()): ReportSchedule {
  const { tenantId: _t, runningSince, lastManualRun: _m, recipientStates, ...rest } = row;
  const running = !!runningSince && now - Date.parse(runningSince) < RUNNING_STALE_MS;
  return {
    ...rest,
    recipientStates: rest.recipients.map((address) => ({
      address,
      state: recipientStates[normalizeRecipient(address)] ?? 'pending',
    })),
    status: !row.enabled ? 'disabled' : running ? 'running' : 'scheduled',
  };
}

export async function getScheduleRow(tenant: TenantId, id: string): Promise<ScheduleRow> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: scheduleKey(tenant, id), ConsistentRead: true }),
  );
  if (!res.Item) throw notFound('Scheduled report not found');
  return parseScheduleRow(res.Item);
}

export async function listSchedules(
  tenant: TenantId,
): Promise<{ schedules: ReportSchedule[]; mailQuota: { day: string; sent: number; limit: number } }> {
  const out: ReportSchedule[] = [];
  for await (const items of queryPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': SK_PREFIX },
  })) {
    for (const item of items) out.push(scheduleView(parseScheduleRow(item)));
  }
  out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { schedules: out, mailQuota: await reportMailQuota(tenant) };
}

/** Writes a new schedule; `states` comes from ./recipients.ts (who is staff, who must confirm). */
export async function createSchedule(
  tenant: TenantId,
  input: ReportScheduleInput,
  states: Record<string, RecipientState>,
  now = Date.now(),
): Promise<ReportSchedule> {
  const id = randomUUID();
  const zone = await organizationTimeZone(tenant, now);
  const next = input.enabled ? nextRunAfter(input.schedule, zone, now) : null;
  const { frequency, time, daysOfWeek, dayOfMonth } = input.schedule;
  const schedule: ReportSchedule = {
    id,
    name: input.name,
    reportType: input.reportType,
    parameters: input.parameters ?? {},
    schedule: {
      frequency,
      time,
      ...(frequency === 'weekly' ? { daysOfWeek: [...new Set(daysOfWeek)].sort() } : {}),
      ...(frequency === 'monthly' ? { dayOfMonth } : {}),
    },
    format: input.format,
    recipients: input.recipients,
    recipientStates: input.recipients.map((address) => ({ address, state: states[address] ?? 'pending' })),
    enabled: input.enabled,
    status: input.enabled ? 'scheduled' : 'disabled',
    nextRun: next ? next.toISOString() : null,
    lastRun: null,
    runCount: 0,
    successCount: 0,
    failureCount: 0,
    createdAt: nowIso(),
    history: [],
  };
  const { status: _status, recipientStates: _states, ...stored } = schedule;
  const row = {
    ...scheduleKey(tenant, id),
    tenantId: tenant,
    ...stored,
    recipientStates: states,
    ...(next
      ? { gsi1pk: shardedIndexKey(SCHEDULE_INDEX_PK, tenant), gsi1sk: dueSortKey(next.toISOString(), tenant, id) }
      : {}),
  };
  await db().send(
    new PutCommand({ TableName: tableName(), Item: row, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return schedule;
}

export async function deleteSchedule(tenant: TenantId, id: string): Promise<{ deleted: true }> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: scheduleKey(tenant, id),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (e) {
    if (isConditionFailure(e)) throw notFound('Scheduled report not found');
    throw e;
  }
  return { deleted: true };
}

/**
 * Active/Disabled. Switching on computes the next run from now in the organization's zone and puts the
 * schedule back in the due index; switching off clears the next run and takes it out, so a sweep that
 * read it before fails its claim (the claim is conditional on `enabled` and the `nextRun` it read).
 * Switching on a schedule that is already on changes nothing (a due run is not pushed back).
 */
export async function updateSchedule(
  tenant: TenantId,
  id: string,
  input: { enabled: boolean },
  now = Date.now(),
): Promise<ReportSchedule> {
  const row = await getScheduleRow(tenant, id);
  if (row.enabled === input.enabled) return scheduleView(row, now);
  let update: { UpdateExpression: string; ExpressionAttributeValues: Record<string, unknown> };
  if (input.enabled) {
    const zone = await organizationTimeZone(tenant, now);
    const next = nextRunAfter(row.schedule, zone, now);
    update = next
      ? {
          UpdateExpression: 'SET enabled = :on, nextRun = :next, gsi1pk = :gpk, gsi1sk = :gsk',
          ExpressionAttributeValues: {
            ':on': true,
            ':next': next.toISOString(),
            ':gpk': shardedIndexKey(SCHEDULE_INDEX_PK, tenant),
            ':gsk': dueSortKey(next.toISOString(), tenant, id),
          },
        }
      : {
          UpdateExpression: 'SET enabled = :on, nextRun = :null REMOVE gsi1pk, gsi1sk',
          ExpressionAttributeValues: { ':on': true, ':null': null },
        };
  } else {
    update = {
      UpdateExpression: 'SET enabled = :off, nextRun = :null REMOVE gsi1pk, gsi1sk',
      ExpressionAttributeValues: { ':off': false, ':null': null },
    };
  }
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scheduleKey(tenant, id),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_NEW',
        ...update,
      }),
    );
    return scheduleView(parseScheduleRow(res.Attributes!), now);
  } catch (e) {
    if (isConditionFailure(e)) throw notFound('Scheduled report not found');
    throw e;
  }
}
