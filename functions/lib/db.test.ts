import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from './config.js';
import { batchGetAll, queryAll, queryFirstPage, queryPageResults, queryPages, resetDb } from './db.js';

/**
 * Every BatchGet goes through `batchGetAll` (docs/decisions/0257-batch-reads-paging-dead-letters.md): keys DynamoDB leaves unprocessed are asked again
 * until none are left, 100 keys a call. The client is mocked so "unprocessed" can be forced.
 */
const TABLE = 'batch-get-test';
const ddb = mockClient(DynamoDBDocumentClient);
let savedTable: string | undefined;

beforeAll(() => {
  savedTable = process.env.TABLE_NAME;
  process.env.TABLE_NAME = TABLE;
  resetConfig();
  resetDb();
});
afterEach(() => ddb.reset());
afterAll(() => {
  ddb.restore();
  if (savedTable === undefined) delete process.env.TABLE_NAME;
  else process.env.TABLE_NAME = savedTable;
  resetConfig();
  resetDb();
});

type Key = { pk: string; sk: string };
const keyOf = (n: number): Key => ({ pk: 'P', sk: `S#${n}` });
const sentKeys = (call: number) =>
  (ddb.commandCalls(BatchGetCommand)[call]!.args[0].input.RequestItems?.[TABLE]?.Keys ?? []) as Key[];

describe('batchGetAll', () => {
  it('asks again for the keys DynamoDB left unprocessed and returns every row', async () => {
    const keys: [Key, Key, Key] = [keyOf(1), keyOf(2), keyOf(3)];
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { [TABLE]: [{ ...keys[0], v: 1 }] },
        UnprocessedKeys: { [TABLE]: { Keys: [keys[1], keys[2]] } },
      })
      .resolvesOnce({
        Responses: { [TABLE]: [{ ...keys[1], v: 2 }] },
        UnprocessedKeys: { [TABLE]: { Keys: [keys[2]] } },
      })
      .resolvesOnce({ Responses: { [TABLE]: [{ ...keys[2], v: 3 }] }, UnprocessedKeys: {} });

    const rows = await batchGetAll(keys, { consistent: true });

    expect(rows.map((r) => r.v).sort()).toEqual([1, 2, 3]);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(3);
    expect(sentKeys(1)).toEqual([keys[1], keys[2]]);
    expect(sentKeys(2)).toEqual([keys[2]]);
    expect(ddb.commandCalls(BatchGetCommand)[2]!.args[0].input.RequestItems?.[TABLE]?.ConsistentRead).toBe(true);
  });

  it('sends at most 100 keys a call', async () => {
    ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Key[] }> }) => ({
      Responses: { [TABLE]: input.RequestItems[TABLE]!.Keys },
    }));
    const keys = Array.from({ length: 250 }, (_, i) => keyOf(i));

    const rows = await batchGetAll(keys);

    expect(rows).toHaveLength(250);
    expect(ddb.commandCalls(BatchGetCommand).map((_, i) => sentKeys(i).length)).toEqual([100, 100, 50]);
  });

  it('fails rather than return a partial read when keys stay unprocessed', async () => {
    ddb
      .on(BatchGetCommand)
      .resolves({ Responses: { [TABLE]: [] }, UnprocessedKeys: { [TABLE]: { Keys: [keyOf(1)] } } });
    await expect(batchGetAll([keyOf(1)])).rejects.toThrow(/unprocessed/);
  });
});

describe('every BatchGet in functions/', () => {
  it('goes through batchGetAll (no hand-made BatchGetCommand outside functions/lib/db.ts)', () => {
    const root = join(import.meta.dirname, '..');
    const offenders = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && join(root, f) !== join(root, 'lib', 'db.ts'))
      .filter((f) => /\bBatchGet(Item)?Command\b/.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('queryAll / queryPages', () => {
  it('follows LastEvaluatedKey through every page, starting from the given key', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ n: 1 }, { n: 2 }], LastEvaluatedKey: keyOf(2) })
      .resolvesOnce({ Items: [], LastEvaluatedKey: keyOf(2) })
      .resolvesOnce({ Items: [{ n: 3 }] });

    const rows = await queryAll({ TableName: TABLE, KeyConditionExpression: 'pk = :pk' }, { after: keyOf(0) });

    expect(rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const starts = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.ExclusiveStartKey);
    expect(starts).toEqual([keyOf(0), keyOf(2), keyOf(2)]);
  });

  it('reads no further page once the caller stops', async () => {
    ddb.on(QueryCommand).resolves({ Items: [{ n: 1 }], LastEvaluatedKey: keyOf(1) });
    for await (const page of queryPages({ TableName: TABLE, KeyConditionExpression: 'pk = :pk' })) {
      expect(page).toEqual([{ n: 1 }]);
      break;
    }
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it('asks each page for the Limit the reader still needs, and hands out the key to resume at', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ n: 1 }, { n: 2 }], Count: 2, LastEvaluatedKey: keyOf(2) })
      .resolvesOnce({ Items: [{ n: 3 }], Count: 1, LastEvaluatedKey: keyOf(3) });
    const rows: unknown[] = [];
    let resumeAt: Key | undefined;
    const pages = queryPageResults(
      { TableName: TABLE, KeyConditionExpression: 'pk = :pk' },
      { limit: () => 3 - rows.length },
    );
    for await (const page of pages) {
      rows.push(...page.items);
      resumeAt = page.lastKey as Key | undefined;
      if (rows.length >= 3) break;
    }
    expect(rows).toHaveLength(3);
    expect(resumeAt).toEqual(keyOf(3));
    expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.Limit)).toEqual([3, 1]);
  });

  it('reads one page alone, with its count and whether more follow', async () => {
    ddb.on(QueryCommand).resolves({ Count: 7, LastEvaluatedKey: keyOf(7) });
    const page = await queryFirstPage({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', Select: 'COUNT' });
    expect(page).toEqual({ items: [], count: 7, lastKey: keyOf(7) });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });
});

describe('hand-written pagination', () => {
  // docs/decisions/0266-each-rule-once.md: DynamoDB's paging keys are spoken in functions/lib/db.ts only;
  // a cursor or an offset is PagingOptions.after and QueryPage.lastKey.
  it('is nowhere: LastEvaluatedKey and ExclusiveStartKey appear only in functions/lib/db.ts', () => {
    const root = join(import.meta.dirname, '..');
    const paging = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && join(root, f) !== join(root, 'lib', 'db.ts'))
      .filter((f) => /\b(LastEvaluatedKey|ExclusiveStartKey)\b/.test(readFileSync(join(root, f), 'utf8')))
      .map((f) => f.split(/[\\/]/).join('/'))
      .sort();
    expect(paging).toEqual([]);
  });
});
