import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestTable } from '../testing/harness.js';
import { getRow } from './coalesced-get.js';
import { db, tableName } from './db.js';

/**
 * Whole-row reads of one tick share one BatchGetItem (docs/decisions/0238-booking-rush.md): each caller
 * gets its own row or undefined, a key asked twice is read once, and a batch holding a consistent
 * read sees a row written just before.
 */
beforeAll(async () => {
  await useTestTable();
  for (const sk of ['A', 'B', 'C'])
    await db().send(new PutCommand({ TableName: tableName(), Item: { pk: 'COALESCE', sk, v: sk.toLowerCase() } }));
});

describe('coalesced reads', () => {
  it('answers each read of one tick from one request', async () => {
    const send = vi.spyOn(db(), 'send');
    try {
      const [a, b, missing, again, c] = await Promise.all([
        getRow({ pk: 'COALESCE', sk: 'A' }),
        getRow({ pk: 'COALESCE', sk: 'B' }, { consistent: true }),
        getRow({ pk: 'COALESCE', sk: 'NONE' }),
        getRow({ pk: 'COALESCE', sk: 'A' }),
        getRow({ pk: 'COALESCE', sk: 'C' }),
      ]);
      expect([a?.v, b?.v, missing, again?.v, c?.v]).toEqual(['a', 'b', undefined, 'a', 'c']);
      const commands = send.mock.calls.map(([command]) => command.constructor.name);
      expect(commands).toEqual(['BatchGetCommand']);
      const input = (
        send.mock.calls[0]![0] as {
          input: { RequestItems: Record<string, { Keys: unknown[]; ConsistentRead?: boolean }> };
        }
      ).input.RequestItems[tableName()]!;
      expect(input.Keys).toHaveLength(4);
      expect(input.ConsistentRead).toBe(true);
    } finally {
      send.mockRestore();
    }
  });

  it('reads separately what is asked in separate ticks', async () => {
    const send = vi.spyOn(db(), 'send');
    try {
      expect((await getRow({ pk: 'COALESCE', sk: 'A' }))?.v).toBe('a');
      expect((await getRow({ pk: 'COALESCE', sk: 'B' }))?.v).toBe('b');
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      send.mockRestore();
    }
  });
});
