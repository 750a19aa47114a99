import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../lib/config.js';
import { resetDb } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import { myWeeklyHundredths } from './entity.js';

/** docs/decisions/0257-batch-reads-paging-dead-letters.md: the weekly total reads its seven day rows through batchGetAll, so unprocessed keys are not zero hours. */
const TABLE = 'timesheets-batch-test';
const ddb = mockClient(DynamoDBDocumentClient);
let savedTable: string | undefined;

beforeAll(() => {
  savedTable = process.env.TABLE_NAME;
  process.env.TABLE_NAME = TABLE;
  resetConfig();
  resetDb();
});
afterAll(() => {
  ddb.restore();
  if (savedTable === undefined) delete process.env.TABLE_NAME;
  else process.env.TABLE_NAME = savedTable;
  resetConfig();
  resetDb();
});

type Key = { pk: string; sk: string };

describe('timesheets: my weekly hours', () => {
  it('counts the days DynamoDB first left unprocessed', async () => {
    let call = 0;
    ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Key[] }> }) => {
      const [first, ...rest] = input.RequestItems[TABLE]!.Keys;
      // First call: one day answered, the other six left unprocessed; then everything answered.
      if (call++ === 0)
        return {
          Responses: { [TABLE]: [{ ...first, hundredths: 100 }] },
          UnprocessedKeys: { [TABLE]: { Keys: rest } },
        };
      return { Responses: { [TABLE]: [first, ...rest].map((k) => ({ ...k, hundredths: 100 })) } };
    });

    expect(await myWeeklyHundredths('t1' as TenantId, 'u1', 'UTC')).toBe(700);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(2);
  });
});
