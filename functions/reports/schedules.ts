import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ReportSchedule, ReportScheduleInput } from '../../shared/contract/report-schedule-models.js';
import { addDaysToDay, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { db, isConditionFailure, nowIso, tableName } from '../lib/db.js';
import { notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';

/** The due index: enabled schedules carry gsi1pk = SCHEDULE_INDEX_PK, gsi1sk = nextRun#tenant#id. */
export const SCHEDULE_INDEX_PK = 'SWEEP#REPORTSCHEDULES';
const SK_PREFIX = 'REPORTSCHEDULE#';
const scheduleKey = (tenant: TenantId, id: string) => ({ pk: keys.tenantPartition(tenant), sk: `${SK_PREFIX}${id}` });

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const lastDayOfMonth = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();

/** Whether a calendar day (YYYY-MM-DD in the organization's zone) is a run day of the schedule. */
export function isRunDay(schedule: ReportSchedule['schedule'], day: string): boolean {
  const dom = Number(day.slice(8, 10));
  switch (schedule.frequency) {
    case 'daily': return true;
    case 'weekly': return (schedule.daysOfWeek ?? []).includes(weekday(day));
    // A day past the month's end (31 in April) runs on the month's last day.
    case 'monthly': return dom === Math.min(schedule.dayOfMonth ?? 1, lastDayOfMonth(day));
    // Quarterly: the first day of January, April, July and October.
    case 'quarterly': return dom === 1 && (Number(day.slice(5, 7)) - 1) % 3 === 0;
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

type Row = ReportSchedule & { pk: string; sk: string; tenantId: string; history: unknown[]; gsi1pk?: string; gsi1sk?: string };

function view(row: Row): ReportSchedule {
  const { pk: _pk, sk: _sk, tenantId: _t, history: _h, gsi1pk: _g, gsi1sk: _s, ...rest } = row;
  return rest;
}

export async function listSchedules(tenant: TenantId): Promise<{ schedules: ReportSchedule[] }> {
  const out: ReportSchedule[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': SK_PREFIX }, ExclusiveStartKey: start,
    }));
    for (const item of res.Items ?? []) out.push(view(item as Row));
    start = res.LastEvaluatedKey;
  } while (start);
  out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { schedules: out };
}

export async function createSchedule(tenant: TenantId, input: ReportScheduleInput, now = Date.now()): Promise<ReportSchedule> {
  const id = randomUUID();
  const zone = await organizationTimeZone(tenant, now);
  const next = input.enabled ? nextRunAfter(input.schedule, zone, now) : null;
  const { frequency, time, daysOfWeek, dayOfMonth } = input.schedule;
  const schedule: ReportSchedule = {
    id, name: input.name, reportType: input.reportType, parameters: input.parameters ?? {},
    schedule: {
      frequency, time,
      ...(frequency === 'weekly' ? { daysOfWeek: [...new Set(daysOfWeek)].sort() } : {}),
      ...(frequency === 'monthly' ? { dayOfMonth } : {}),
    },
    format: 'csv', recipients: input.recipients, enabled: input.enabled, status: input.enabled ? 'scheduled' : 'disabled',
    nextRun: next ? next.toISOString() : null, lastRun: null, runCount: 0, successCount: 0, failureCount: 0, createdAt: nowIso(),
  };
  const row: Row = {
    ...scheduleKey(tenant, id), tenantId: tenant, history: [], ...schedule,
    ...(next ? { gsi1pk: SCHEDULE_INDEX_PK, gsi1sk: `${schedule.nextRun}#${tenant}#${id}` } : {}),
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: row, ConditionExpression: 'attribute_not_exists(pk)' }));
  return schedule;
}

export async function deleteSchedule(tenant: TenantId, id: string): Promise<{ deleted: true }> {
  try {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: scheduleKey(tenant, id), ConditionExpression: 'attribute_exists(pk)' }));
  } catch (e) {
    if (isConditionFailure(e)) throw notFound('Scheduled report not found');
    throw e;
  }
  return { deleted: true };
}
