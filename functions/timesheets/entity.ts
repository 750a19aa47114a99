import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, db, queryPages, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { counter, optionalText, rowParser, tenantRowsWithPrefix } from '../lib/rows.js';
import * as z from '../../shared/zod.js';
import { addDaysToDay, todayIn } from '../../shared/domain/time.js';
import { type Timesheet } from '../../shared/contract/timesheet-models.js';
import { hoursOf } from './rules.js';

type Row = Record<string, unknown>;
const table = () => tableName();
export const tsKeys = {
  session: (tenant: TenantId, userId: string, clockIn: string, id: string) =>
    keys.entity(tenant, 'TS', `${userId}#${clockIn}#${id}`),
  stat: (tenant: TenantId, userId: string) => keys.entity(tenant, 'TSSTAT', userId),
  day: (tenant: TenantId, day: string, userId: string) => keys.entity(tenant, 'TSDAY', `${day}#${userId}`),
  week: (tenant: TenantId, userId: string, monday: string) => keys.entity(tenant, 'TSWEEK', `${userId}#${monday}`),
};

interface StatRow {
  userId: string;
  totalSessions: number;
  completedSessions: number;
  totalHundredths: number;
  sessionsWithLocation: number;
  onTimeCount: number;
  onTimeEligible: number;
  firstWeek: string | null;
  openSessionId: string | null;
  openClockIn: string | null;
  /** Whether the open session was clocked in with a location (set with `openSessionId`). */
  openHasLocation: boolean;
}

const statRow = z.object({
  userId: z.string(),
  totalSessions: counter(),
  completedSessions: counter(),
  totalHundredths: counter(),
  sessionsWithLocation: counter(),
  onTimeCount: counter(),
  onTimeEligible: counter(),
  firstWeek: optionalText(),
  openSessionId: optionalText(),
  openClockIn: optionalText(),
  openHasLocation: z._default(z.boolean(), false),
});
const parseStat = rowParser('timesheet counters', statRow);

/** A person's counters; no row yet (never clocked in) is all zeros. */
export function statOf(userId: string, i: Row | undefined): StatRow {
  return parseStat({ ...i, userId });
}

const location = z.optional(z.nullable(z.object({ latitude: z.number(), longitude: z.number() })));
const sessionRow = z.object({
  id: z.string(),
  userId: z.string(),
  employee: z.object({ firstName: z.string(), lastName: z.string() }),
  clockIn: z.string(),
  clockOut: optionalText(),
  totalHundredths: z.optional(z.number()),
  notes: optionalText(),
  clockOutNotes: optionalText(),
  clockInLocation: location,
  clockOutLocation: location,
});
const parseSession = rowParser('timesheet session', sessionRow);

export function timesheetOf(item: Row): Timesheet {
  const i = parseSession(item);
  // An empty note is no note (the form sends '' when the field is left blank).
  const clockInNotes = i.notes || null;
  const clockOutNotes = i.clockOutNotes || null;
  return {
    id: i.id,
    userId: i.userId,
    employee: i.employee,
    clockIn: i.clockIn,
    clockOut: i.clockOut,
    totalHours: i.totalHundredths === undefined ? null : hoursOf(i.totalHundredths),
    notes: [clockInNotes, clockOutNotes].filter(Boolean).join('\n') || null,
    clockInNotes,
    clockOutNotes,
    clockInLocation: i.clockInLocation ?? null,
    clockOutLocation: i.clockOutLocation ?? null,
  };
}

/** A day or week row's hundredths (kept by ADD). */
const hundredthsRow = rowParser('timesheet day/week', z.object({ hundredths: counter() }));
const hundredthsOf = (i: Row) => hundredthsRow(i).hundredths;

export async function getStat(tenant: TenantId, userId: string): Promise<StatRow> {
  const res = await db().send(
    new GetCommand({ TableName: table(), Key: tsKeys.stat(tenant, userId), ConsistentRead: true }),
  );
  return statOf(userId, res.Item);
}

/** Every person's counters in one Query (tens of small rows). */
export async function listStats(tenant: TenantId): Promise<Map<string, StatRow>> {
  const rows = await tenantRowsWithPrefix(tenant, 'TSSTAT#', (i) => statOf(String(i.userId), i));
  return new Map(rows.map((s) => [s.userId, s]));
}

/** The 7 days ending today in the zone ('This Week', R-TS-3). */
function lastSevenDays(zone: string, now = Date.now()): { from: string; to: string } {
  const to = todayIn(zone, now);
  return { from: addDaysToDay(to, -6), to };
}

/** Hundredths per person over the last 7 days: one Query of the day rows. */
export async function weeklyHundredths(tenant: TenantId, zone: string, now = Date.now()): Promise<Map<string, number>> {
  const { from, to } = lastSevenDays(zone, now);
  const out = new Map<string, number>();
  for await (const items of queryPages({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: {
      ':pk': keys.tenantPartition(tenant),
      ':a': `TSDAY#${from}#`,
      ':b': `TSDAY#${to}#~`,
    },
  })) {
    for (const i of items) out.set(String(i.userId), (out.get(String(i.userId)) ?? 0) + hundredthsOf(i));
  }
  return out;
}

/**
 * One person's last 7 days: seven GetItems in one batch, through `batchGetAll` so keys DynamoDB leaves
 * unprocessed are asked again rather than counted as zero hours.
 */
export async function myWeeklyHundredths(
  tenant: TenantId,
  userId: string,
  zone: string,
  now = Date.now(),
): Promise<number> {
  const { from } = lastSevenDays(zone, now);
  const Keys = Array.from({ length: 7 }, (_, k) => tsKeys.day(tenant, addDaysToDay(from, k), userId));
  const rows = await batchGetAll(
    Keys.map((k) => ({ ...k })),
    { consistent: true },
  );
  return rows.reduce((t, i) => t + hundredthsOf(i), 0);
}

export async function listSessions(tenant: TenantId, userId: string, limit = 500): Promise<Timesheet[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ScanIndexForward: false,
      Limit: limit,
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `TS#${userId}#` },
    }),
  );
  return (res.Items ?? []).map(timesheetOf);
}

export async function getSession(
  tenant: TenantId,
  userId: string,
  clockIn: string,
  id: string,
): Promise<Timesheet | null> {
  const res = await db().send(
    new GetCommand({ TableName: table(), Key: tsKeys.session(tenant, userId, clockIn, id), ConsistentRead: true }),
  );
  return res.Item ? timesheetOf(res.Item) : null;
}

/** Hundredths per week of one person (tens of rows a year). */
export async function weekHundredths(tenant: TenantId, userId: string): Promise<number[]> {
  return tenantRowsWithPrefix(tenant, `TSWEEK#${userId}#`, hundredthsOf);
}
