/**
 * Timesheet rows (docs/data-model.md, Timesheets). Under the tenant partition:
 * - `TS#{userId}#{clockIn}#{id}`: one session (newest-first Query of a person's history);
 * - `TSSTAT#{userId}`: the person's counters, kept on write, and the open session's pointer
 *   (`openSessionId`): clock-in is conditional on its absence, so one person has one open session
 *   whatever the concurrency; clock-out is conditional on it naming the session it closes;
 * - `TSDAY#{day}#{userId}`: hundredths of an hour worked per clock-in day (organization zone):
 *   'This Week' and the admin list's weeklyHours read the last 7 days of these in one Query;
 * - `TSWEEK#{userId}#{monday}`: hundredths per calendar week (overtime beyond 40 h a week).
 */
import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { conflict, notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { counter, optionalText, rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';
import { addDaysToDay, dayOf, todayIn } from '../../shared/domain/time.js';
import { TIMESHEET_MESSAGES, type Timesheet } from '../../shared/contract/timesheet-models.js';
import { hoursOf, hundredthsBetween, weekStartOf } from './rules.js';

type Row = Record<string, unknown>;
const T = () => tableName();
export const tsKeys = {
  session: (tenant: TenantId, userId: string, clockIn: string, id: string) =>
    keys.entity(tenant, 'TS', `${userId}#${clockIn}#${id}`),
  stat: (tenant: TenantId, userId: string) => keys.entity(tenant, 'TSSTAT', userId),
  day: (tenant: TenantId, day: string, userId: string) => keys.entity(tenant, 'TSDAY', `${day}#${userId}`),
  week: (tenant: TenantId, userId: string, monday: string) => keys.entity(tenant, 'TSWEEK', `${userId}#${monday}`),
};

export interface StatRow {
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
    new GetCommand({ TableName: T(), Key: tsKeys.stat(tenant, userId), ConsistentRead: true }),
  );
  return statOf(userId, res.Item);
}

/** Every person's counters in one Query (tens of small rows). */
export async function listStats(tenant: TenantId): Promise<Map<string, StatRow>> {
  const out = new Map<string, StatRow>();
  let start: Row | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: T(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': 'TSSTAT#' },
        ExclusiveStartKey: start,
      }),
    );
    for (const i of res.Items ?? []) out.set(String(i.userId), statOf(String(i.userId), i));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** The 7 days ending today in the zone ('This Week', R-TS-3). */
export function lastSevenDays(zone: string, now = Date.now()): { from: string; to: string } {
  const to = todayIn(zone, now);
  return { from: addDaysToDay(to, -6), to };
}

/** Hundredths per person over the last 7 days: one Query of the day rows. */
export async function weeklyHundredths(tenant: TenantId, zone: string, now = Date.now()): Promise<Map<string, number>> {
  const { from, to } = lastSevenDays(zone, now);
  const out = new Map<string, number>();
  let start: Row | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: T(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
        ExpressionAttributeValues: {
          ':pk': keys.tenantPartition(tenant),
          ':a': `TSDAY#${from}#`,
          ':b': `TSDAY#${to}#~`,
        },
        ExclusiveStartKey: start,
      }),
    );
    for (const i of res.Items ?? []) out.set(String(i.userId), (out.get(String(i.userId)) ?? 0) + hundredthsOf(i));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** One person's last 7 days: seven GetItems in one batch. */
export async function myWeeklyHundredths(
  tenant: TenantId,
  userId: string,
  zone: string,
  now = Date.now(),
): Promise<number> {
  const { from } = lastSevenDays(zone, now);
  const Keys = Array.from({ length: 7 }, (_, k) => tsKeys.day(tenant, addDaysToDay(from, k), userId));
  const res = await db().send(new BatchGetCommand({ RequestItems: { [T()]: { Keys, ConsistentRead: true } } }));
  return (res.Responses?.[T()] ?? []).reduce((t, i) => t + hundredthsOf(i), 0);
}

export async function listSessions(tenant: TenantId, userId: string, limit = 500): Promise<Timesheet[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: T(),
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
    new GetCommand({ TableName: T(), Key: tsKeys.session(tenant, userId, clockIn, id), ConsistentRead: true }),
  );
  return res.Item ? timesheetOf(res.Item) : null;
}

/** Hundredths per week of one person (tens of rows a year). */
export async function weekHundredths(tenant: TenantId, userId: string): Promise<number[]> {
  const out: number[] = [];
  let start: Row | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: T(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExclusiveStartKey: start,
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `TSWEEK#${userId}#` },
      }),
    );
    for (const i of res.Items ?? []) out.push(hundredthsOf(i));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

type Loc = { latitude: number; longitude: number } | null;

/** Opens a session; a second open session of the same person (any concurrency) answers 409. */
export async function clockIn(
  tenant: TenantId,
  input: {
    userId: string;
    employee: { firstName: string; lastName: string };
    notes: string | null;
    location: Loc;
    onTime: boolean | null;
    zone: string;
    at: string;
  },
): Promise<Timesheet> {
  const id = randomUUID();
  const session = {
    ...tsKeys.session(tenant, input.userId, input.at, id),
    id,
    userId: input.userId,
    employee: input.employee,
    clockIn: input.at,
    clockOut: null,
    notes: input.notes,
    clockInLocation: input.location,
    clockOutLocation: null,
    onTime: input.onTime,
    createdAt: input.at,
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: T(),
              Key: tsKeys.stat(tenant, input.userId),
              ConditionExpression: 'attribute_not_exists(openSessionId)',
              UpdateExpression:
                'SET userId = :u, openSessionId = :id, openClockIn = :at, openHasLocation = :hl, firstWeek = if_not_exists(firstWeek, :w) ADD totalSessions :one, sessionsWithLocation :loc, onTimeEligible :el, onTimeCount :ot',
              ExpressionAttributeValues: {
                ':u': input.userId,
                ':id': id,
                ':at': input.at,
                ':hl': !!input.location,
                ':w': weekStartOf(input.at, input.zone),
                ':one': 1,
                ':loc': input.location ? 1 : 0,
                ':el': input.onTime === null ? 0 : 1,
                ':ot': input.onTime ? 1 : 0,
              },
            },
          },
          { Put: { TableName: T(), Item: session, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
  } catch (e) {
    if (
      isConditionFailure(e) ||
      (e as { name?: string }).name === 'TransactionConflictException' ||
      (e as { name?: string }).name === 'TransactionCanceledException'
    )
      throw conflict(TIMESHEET_MESSAGES.alreadyIn);
    throw e;
  }
  return timesheetOf(session);
}

/** Closes the open session; none open answers 404, closed meanwhile by another call 409 (both 'You are not clocked in'). */
export async function clockOut(
  tenant: TenantId,
  input: { userId: string; notes: string | null; location: Loc; zone: string; at: string },
): Promise<Timesheet> {
  const res = await db().send(
    new GetCommand({ TableName: T(), Key: tsKeys.stat(tenant, input.userId), ConsistentRead: true }),
  );
  const stat = statOf(input.userId, res.Item);
  // Nothing open: no session to close (404); closed meanwhile by a concurrent call: 409 below. Same text.
  if (!stat.openSessionId || !stat.openClockIn) throw notFound(TIMESHEET_MESSAGES.notIn, 'NotClockedIn');
  const hadLocation = res.Item?.openHasLocation === true;
  const h = hundredthsBetween(stat.openClockIn, input.at);
  const day = dayOf(new Date(stat.openClockIn), input.zone);
  const monday = weekStartOf(stat.openClockIn, input.zone);
  const sessionKey = tsKeys.session(tenant, input.userId, stat.openClockIn, stat.openSessionId);
  const sets = ['clockOut = :at', 'totalHundredths = :h', 'clockOutLocation = :loc'];
  const values: Row = { ':at': input.at, ':h': h, ':loc': input.location };
  if (input.notes) {
    // Its own attribute: `notes` keeps what was written at clock-in.
    sets.push('clockOutNotes = :n');
    values[':n'] = input.notes;
  }
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: T(),
              Key: tsKeys.stat(tenant, input.userId),
              ConditionExpression: 'openSessionId = :id',
              UpdateExpression:
                'REMOVE openSessionId, openClockIn, openHasLocation ADD completedSessions :one, totalHundredths :h, sessionsWithLocation :loc',
              ExpressionAttributeValues: {
                ':id': stat.openSessionId,
                ':one': 1,
                ':h': h,
                ':loc': input.location && !hadLocation ? 1 : 0,
              },
            },
          },
          {
            Update: {
              TableName: T(),
              Key: sessionKey,
              ConditionExpression: 'attribute_exists(pk) AND attribute_type(clockOut, :null)',
              UpdateExpression: `SET ${sets.join(', ')}`,
              ExpressionAttributeValues: { ...values, ':null': 'NULL' },
            },
          },
          {
            Update: {
              TableName: T(),
              Key: tsKeys.day(tenant, day, input.userId),
              UpdateExpression: 'SET userId = :u, #d = :d ADD hundredths :h',
              ExpressionAttributeNames: { '#d': 'day' },
              ExpressionAttributeValues: { ':u': input.userId, ':d': day, ':h': h },
            },
          },
          {
            Update: {
              TableName: T(),
              Key: tsKeys.week(tenant, input.userId, monday),
              UpdateExpression: 'SET userId = :u, week = :w ADD hundredths :h',
              ExpressionAttributeValues: { ':u': input.userId, ':w': monday, ':h': h },
            },
          },
        ],
      }),
    );
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (isConditionFailure(e) || name === 'TransactionCanceledException' || name === 'TransactionConflictException')
      throw conflict(TIMESHEET_MESSAGES.notIn);
    throw e;
  }
  const after = await getSession(tenant, input.userId, stat.openClockIn, stat.openSessionId);
  return after!;
}
