import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTable } from '../testing/harness.js';
import { startCapacityRecording, stopCapacityRecording } from './capacity.js';
import { db, tableName } from './db.js';

/**
 * The capacity recorder on the real client against DynamoDB Local (docs/decisions/0265-capacity-model.md):
 * silent unless switched on; then each call's partition keys and units by DynamoDB's rules, an
 * update billed at the item's size read back, a transaction doubled, an index write on its own key.
 */
beforeAll(async () => {
  await useTestTable();
});

const big = 'x'.repeat(1500);

describe('capacity recorder', () => {
  it('records nothing unless switched on', async () => {
    stopCapacityRecording();
    await db().send(new PutCommand({ TableName: tableName(), Item: { pk: 'CAP#OFF', sk: 'A' } }));
    startCapacityRecording();
    expect(stopCapacityRecording()).toEqual([]);
  });

  it('records writes per partition key with their units, and reads', async () => {
    startCapacityRecording();
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { pk: 'CAP#A', sk: 'ROW', v: big, gsi1pk: 'CAP#INDEX', gsi1sk: '1' },
        }),
      );
      // The update carries 7 bytes; the item it leaves is about 1.5 KB: two units, in the index too.
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: 'CAP#A', sk: 'ROW' },
          UpdateExpression: 'SET n = :n',
          ExpressionAttributeValues: { ':n': 1 },
        }),
      );
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName(), Item: { pk: 'CAP#B', sk: 'ONE' } } },
            { Put: { TableName: tableName(), Item: { pk: 'CAP#B', sk: 'TWO' } } },
          ],
        }),
      );
      await db().send(
        new GetCommand({ TableName: tableName(), Key: { pk: 'CAP#A', sk: 'ROW' }, ConsistentRead: true }),
      );
    } finally {
      const calls = stopCapacityRecording();
      expect(calls.map((c) => c.op)).toEqual(['PutItem', 'UpdateItem', 'TransactWriteItems', 'GetItem']);
      const [put, update, transaction, get] = calls;
      expect(put!.writes.map((w) => [w.index, w.key, w.units])).toEqual([
        ['table', 'CAP#A', 2],
        ['gsi1', 'CAP#INDEX', 2],
      ]);
      expect(update!.writes.map((w) => [w.index, w.key, w.units])).toEqual([
        ['table', 'CAP#A', 2],
        ['gsi1', 'CAP#INDEX', 2],
      ]);
      expect(transaction!.writes.map((w) => [w.index, w.key, w.units])).toEqual([
        ['table', 'CAP#B', 2],
        ['table', 'CAP#B', 2],
      ]);
      expect([get!.readUnits, get!.itemsRead, get!.readKeys]).toEqual([1, 1, ['table:CAP#A']]);
      // DynamoDB Local answered with its own figure: single writes agree with ours.
      expect(put!.localUnits).toBe(4);
      expect(update!.localUnits).toBe(4);
    }
  });
});
