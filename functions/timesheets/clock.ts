import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { conflict, notFound } from '../lib/errors.js';
import { type TenantId } from '../lib/keys.js';
import { dayOf } from '../../shared/domain/time.js';
import { TIMESHEET_MESSAGES, type Timesheet } from '../../shared/contract/timesheet-models.js';
import { getSession, statOf, timesheetOf, tsKeys } from './entity.js';
import { hundredthsBetween, weekStartOf } from './rules.js';

type Row = Record<string, unknown>;
const table = () => tableName();

/**
 * Clocking in and out (docs/data-model.md, Timesheets): each one transaction over the session and the
 * person's `TSSTAT#` row (clock-out also the day and week rows), conditional on the open-session pointer.
 */
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
              TableName: table(),
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
          { Put: { TableName: table(), Item: session, ConditionExpression: 'attribute_not_exists(pk)' } },
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
    new GetCommand({ TableName: table(), Key: tsKeys.stat(tenant, input.userId), ConsistentRead: true }),
  );
  const stat = statOf(input.userId, res.Item);
  // Nothing open: no session to close (404); closed meanwhile by a concurrent call: 409 below. Same text.
  if (!stat.openSessionId || !stat.openClockIn) throw notFound(TIMESHEET_MESSAGES.notIn, 'NotClockedIn');
  const hadLocation = stat.openHasLocation;
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
              TableName: table(),
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
              TableName: table(),
              Key: sessionKey,
              ConditionExpression: 'attribute_exists(pk) AND attribute_type(clockOut, :null)',
              UpdateExpression: `SET ${sets.join(', ')}`,
              ExpressionAttributeValues: { ...values, ':null': 'NULL' },
            },
          },
          {
            Update: {
              TableName: table(),
              Key: tsKeys.day(tenant, day, input.userId),
              UpdateExpression: 'SET userId = :u, #d = :d ADD hundredths :h',
              ExpressionAttributeNames: { '#d': 'day' },
              ExpressionAttributeValues: { ':u': input.userId, ':d': day, ':h': h },
            },
          },
          {
            Update: {
              TableName: table(),
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
