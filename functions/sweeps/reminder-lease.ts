import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { trustedTenant } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { reminderMarkerKey, type ReminderMarker } from '../reservation-rows/reminders.js';

/**
 * A reminder marker's lease (R-SET-7, docs/decisions/0232-reminder-sweep.md, steps 2 and 4 of reminders.ts):
 * a run claims the marker before it sends, removes it once SES took the mail, or gives it back after a
 * failed send (at most MAX_ATTEMPTS times).
 */
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;

/** The lease: this run alone may send this marker until `claimedUntil`. */
export async function claim(m: ReminderMarker, now: number): Promise<number | 'busy' | 'gone'> {
  const tenant = trustedTenant(m.tenantId);
  const until = now + LEASE_MS;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: reminderMarkerKey(tenant, m.reservationId, m.offsetMinutes),
        UpdateExpression: 'SET claimedUntil = :until ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
        ExpressionAttributeValues: { ':until': until, ':now': now, ':one': 1 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return until;
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    // Sent and deleted by another run (the index still showed it): done. Held by another run: busy.
    return (e as { Item?: unknown }).Item ? 'busy' : 'gone';
  }
}

export async function finish(m: ReminderMarker, until: number): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: reminderMarkerKey(trustedTenant(m.tenantId), m.reservationId, m.offsetMinutes),
        ConditionExpression: 'claimedUntil = :mine',
        ExpressionAttributeValues: { ':mine': until },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    logger.warn('reminder lease ran out before its marker was removed', { reservationId: m.reservationId });
  }
}

export async function release(m: ReminderMarker, until: number, attempts: number): Promise<void> {
  const key = reminderMarkerKey(trustedTenant(m.tenantId), m.reservationId, m.offsetMinutes);
  try {
    if (attempts >= MAX_ATTEMPTS) {
      logger.error('reminder given up after repeated send failures', {
        reservationId: m.reservationId,
        offsetMinutes: m.offsetMinutes,
      });
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: key,
          ConditionExpression: 'claimedUntil = :mine',
          ExpressionAttributeValues: { ':mine': until },
        }),
      );
      return;
    }
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'REMOVE claimedUntil',
        ConditionExpression: 'claimedUntil = :mine',
        ExpressionAttributeValues: { ':mine': until },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}
