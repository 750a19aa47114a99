import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';

/**
 * The `STATS#users` row of a tenant (docs/decisions/0196-platform-one-read-per-tenant.md): `total` users (not
 * deleted), kept by the transaction that creates or deletes a tenant `USER#` row, and the users who
 * signed in on the current UTC day (`activeDay`, string set `activeUserIds`), kept by sign-in. The
 * tenant list reads it with the other `STATS#` rows in one Query.
 */
export const userStatsKey = (tenant: TenantId): Key => keys.entity(tenant, 'STATS', 'users');

/** A transaction item: `total` + delta. Goes in the same transaction as the user row's creation or deletion. */
export function userCountUpdate(tenant: TenantId, delta: 1 | -1) {
  return {
    Update: {
      TableName: tableName(),
      Key: userStatsKey(tenant),
      UpdateExpression: 'ADD #t :d',
      ExpressionAttributeNames: { '#t': 'total' },
      ExpressionAttributeValues: { ':d': delta },
    },
  };
}

export const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * A sign-in of `userId` today: same day → ADD the id to the set; a new day (or no day yet) → SET
 * the day and a set of this id, conditional on the stored day being older, so a concurrent sign-in
 * that already moved the day on is not overwritten (then the ADD is tried again). Never throws: a
 * failed counter write must not fail a sign-in (it is logged).
 */
export async function recordActiveUser(tenant: TenantId, userId: string, now = new Date()): Promise<void> {
  const day = utcDay(now);
  const key = userStatsKey(tenant);
  const addToday = () =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD activeUserIds :ids',
        ConditionExpression: 'activeDay = :day',
        ExpressionAttributeValues: { ':ids': new Set([userId]), ':day': day },
      }),
    );
  try {
    await optimistic(
      async () => {
        try {
          await addToday();
          return;
        } catch (e) {
          if (!isConditionFailure(e)) throw e;
        }
        try {
          await db().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: key,
              UpdateExpression: 'SET activeDay = :day, activeUserIds = :ids',
              ConditionExpression: 'attribute_not_exists(activeDay) OR activeDay < :day',
              ExpressionAttributeValues: { ':ids': new Set([userId]), ':day': day },
            }),
          );
        } catch (e) {
          return retryWhen(e, isConditionFailure(e));
        }
      },
      () => {
        throw new Error('contended past every attempt');
      },
    );
  } catch (e) {
    logger.warn('active-user counter not updated', { tenant, error: e instanceof Error ? e.message : String(e) });
  }
}

/** Figures of a `STATS#users` row: users, and users signed in today (0 when the stored day is not today). */
export function userFigures(item: Record<string, unknown> | undefined, now = new Date()) {
  const row = parseUserStats(item ?? {});
  const active = row.activeDay === utcDay(now) ? (row.activeUserIds?.size ?? 0) : 0;
  return { totalUsers: Math.max(0, row.total), activeUsersToday: active };
}

const parseUserStats = rowParser(
  'user counters',
  z.object({
    // A number, absent until the first ADD; shown never below 0 (a test's hand-put row can be deleted uncounted).
    total: z._default(z.number(), 0),
    activeDay: z.optional(z.string()),
    // A string set (the document client reads DynamoDB's SS as a Set).
    activeUserIds: z.optional(z.custom<Set<string>>((v) => v instanceof Set)),
  }),
);
