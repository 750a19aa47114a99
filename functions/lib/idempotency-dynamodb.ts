import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './db.js';
import type { IdempotencyRecord, IdempotencyStore } from './idempotency-store.js';

/** Idempotency records as rows of the one table (keys: ./idempotency.ts `idempotencyRowKey`). */
export const dynamoIdempotencyStore: IdempotencyStore = {
  async get(key) {
    const row = (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
    if (!row) return undefined;
    return {
      status: row.status === 'COMPLETED' ? 'COMPLETED' : 'IN_PROGRESS',
      hash: String(row.hash),
      expiresAt: Number(row.expiresAt),
      ...(typeof row.lockedUntil === 'number' ? { lockedUntil: row.lockedUntil } : {}),
      ...(typeof row.response === 'string' ? { response: row.response } : {}),
    } satisfies IdempotencyRecord;
  },

  async saveInProgress(key, record, now) {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, status: 'IN_PROGRESS', ...record },
          // The same rule as holdsKey(), asked of the stored row.
          ConditionExpression:
            'attribute_not_exists(pk) OR (#s = :progress AND lockedUntil < :now) OR expiresAt < :nowSec',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':progress': 'IN_PROGRESS', ':now': now, ':nowSec': Math.floor(now / 1000) },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailure(e)) return false;
      throw e;
    }
  },

  async complete(key, hash, response) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #s = :done, #r = :response REMOVE lockedUntil',
        ConditionExpression: '#h = :hash',
        ExpressionAttributeNames: { '#s': 'status', '#r': 'response', '#h': 'hash' },
        ExpressionAttributeValues: { ':done': 'COMPLETED', ':response': response, ':hash': hash },
      }),
    );
  },

  async deleteInProgress(key, hash) {
    try {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: key,
          ConditionExpression: '#s = :progress AND #h = :hash',
          ExpressionAttributeNames: { '#s': 'status', '#h': 'hash' },
          ExpressionAttributeValues: { ':progress': 'IN_PROGRESS', ':hash': hash },
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  },
};
