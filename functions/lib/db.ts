import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  ScanCommand,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config } from './config.js';

let client: DynamoDBDocumentClient | undefined;
let unrecorded: DynamoDBDocumentClient | undefined;

/** What a tool may add to each new client: the bench's capacity recorder (./capacity.ts). */
type DbClientHook = (
  raw: DynamoDBClient,
  unrecordedRead: (keys: readonly Record<string, unknown>[]) => Promise<Record<string, unknown>[]>,
) => void;
let clientHook: DbClientHook | undefined;

/**
 * Wraps every client made from now on (the current one is dropped, so the next `db()` makes one).
 * Only tools call it; request paths never do, and the Lambda bundles do not carry a recorder.
 */
export function setDbClientHook(hook: DbClientHook | undefined): void {
  clientHook = hook;
  client = undefined;
}
const MARSHALL = { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } };

/** The document client every store uses; endpoint and credentials come from the environment. */
export function db(): DynamoDBDocumentClient {
  if (!client) {
    const c = config();
    const options = { region: c.region, ...(c.dynamoEndpoint ? { endpoint: c.dynamoEndpoint } : {}) };
    const raw = new DynamoDBClient(options);
    // Set only by the bench's capacity measure (docs/decisions/0265-capacity-model.md); its own look at
    // written items goes through a second client that is not recorded.
    clientHook?.(raw, (keys) => {
      unrecorded ??= DynamoDBDocumentClient.from(new DynamoDBClient(options), MARSHALL);
      return batchGetAll(keys, { consistent: true, client: unrecorded });
    });
    client = DynamoDBDocumentClient.from(raw, MARSHALL);
  }
  return client;
}

/**
 * Every row of `keys` that exists, read 100 keys per BatchGet, with DynamoDB's unprocessed keys asked
 * again after a growing pause (at most 6 times, then an error: a read that cannot finish must not
 * pass for "no rows").
 */
export async function batchGetAll(
  keys: readonly Record<string, unknown>[],
  opts: { consistent?: boolean; projection?: string; client?: DynamoDBDocumentClient } = {},
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending = keys.slice(i, i + 100) as Record<string, unknown>[];
    for (let round = 0; pending.length; round++) {
      if (round > 6) throw new Error('DynamoDB left keys unprocessed after 6 retries');
      if (round) await new Promise((r) => setTimeout(r, 20 * 2 ** (round - 1)));
      const res = await (opts.client ?? db()).send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: pending,
              ConsistentRead: opts.consistent,
              ...(opts.projection ? { ProjectionExpression: opts.projection } : {}),
            },
          },
        }),
      );
      rows.push(...(res.Responses?.[tableName()] ?? []));
      pending = res.UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return rows;
}

/** A page's items, typed as the SDK types them (attribute values are whatever the row holds). */
type QueryItems = NonNullable<QueryCommandOutput['Items']>;

/** A Query as the paging helpers take it: where it starts is `PagingOptions.after`, never in the input. */
export type PagedQuery = Omit<QueryCommandInput, 'ExclusiveStartKey'>;

/** Where a paged read starts (the last key of an earlier read) and how many rows each page asks for. */
interface PagingOptions {
  /** The key to read after, as DynamoDB handed it out (a cursor, or the last row's keys). */
  after?: Record<string, unknown>;
  /**
   * `Limit` for the next page, asked before each page: a reader that fills a page of known size asks
   * only for what it still needs. Unset: `input.Limit` for every page.
   */
  limit?: () => number;
}

/** One page: its items, DynamoDB's count (what `Select: 'COUNT'` reads), and the key the next page starts at. */
interface QueryPage {
  items: QueryItems;
  count: number;
  /** Undefined once DynamoDB reports no more rows: a reader that stops early keeps this as its cursor. */
  lastKey: Record<string, unknown> | undefined;
}

/**
 * The one pagination loop (docs/decisions/0257-batch-reads-paging-dead-letters.md,
 * docs/decisions/0266-each-rule-once.md: no `LastEvaluatedKey` outside this file): each page of `input`,
 * in order, following the last key until DynamoDB reports no more. Breaking out of a `for await`
 * stops reading; the page's `lastKey` is where a cursor resumes.
 */
export async function* queryPageResults(input: PagedQuery, opts: PagingOptions = {}): AsyncGenerator<QueryPage> {
  let start = opts.after;
  do {
    const limit = opts.limit ? opts.limit() : input.Limit;
    const res = await db().send(
      new QueryCommand({ ...input, ExclusiveStartKey: start, ...(limit === undefined ? {} : { Limit: limit }) }),
    );
    start = res.LastEvaluatedKey;
    yield { items: res.Items ?? [], count: res.Count ?? 0, lastKey: start };
  } while (start);
}

/**
 * Each page of a whole-table Scan, for tools that look at every row (the bench's capacity measure
 * sizes every item). Request paths never scan (docs/architecture.md): they query a key.
 */
export async function* scanPages(input: ScanCommandInput): AsyncGenerator<QueryItems> {
  let start = input.ExclusiveStartKey;
  do {
    const res = await db().send(new ScanCommand({ ...input, ExclusiveStartKey: start }));
    yield res.Items ?? [];
    start = res.LastEvaluatedKey;
  } while (start);
}

/** The first page of `input` alone, with the key a further read would start at (see queryPageResults). */
export async function queryFirstPage(input: PagedQuery, opts: PagingOptions = {}): Promise<QueryPage> {
  const pages = queryPageResults(input, opts);
  const first = await pages.next();
  await pages.return(undefined);
  // The generator yields at least once, so `done` here is only the type's possibility.
  return first.done ? { items: [], count: 0, lastKey: undefined } : first.value;
}

/** Each page's items of `input` (see queryPageResults). `Limit` applies per page, as DynamoDB defines it. */
export async function* queryPages(input: PagedQuery, opts: PagingOptions = {}): AsyncGenerator<QueryItems> {
  for await (const page of queryPageResults(input, opts)) yield page.items;
}

/** Every item of `input`, all pages (for partitions known to stay small or read whole anyway). */
export async function queryAll(input: PagedQuery, opts: PagingOptions = {}): Promise<QueryItems> {
  const out: QueryItems = [];
  for await (const page of queryPages(input, opts)) out.push(...page);
  return out;
}

/**
 * Puts `rows` as they are (seeding: no conditions, no log rows), 25 a BatchWrite with `inFlight`
 * batches at once; unprocessed items are sent again after a growing pause, at most 6 times.
 */
export async function batchPutAll(rows: readonly Record<string, unknown>[], inFlight = 8): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < rows.length; i += 25) batches.push(rows.slice(i, i + 25));
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let pending = batch.map((Item) => ({ PutRequest: { Item } }));
      for (let round = 0; pending.length; round++) {
        if (round > 6) throw new Error('DynamoDB left items unprocessed after 6 retries');
        if (round) await new Promise((r) => setTimeout(r, 20 * 2 ** (round - 1)));
        const res = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
        pending = (res.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

export function tableName(): string {
  return config().tableName;
}

export function resetDb(): void {
  client = undefined;
  unrecorded = undefined;
}

/** True when a DynamoDB error is a failed condition (single write or inside a transaction). */
export function isConditionFailure(e: unknown): boolean {
  const name = (e as { name?: string })?.name;
  if (name === 'ConditionalCheckFailedException') return true;
  if (name === 'TransactionCanceledException') {
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return reasons.some((r) => r.Code === 'ConditionalCheckFailed');
  }
  return false;
}

export const nowIso = () => new Date().toISOString();

/**
 * A sort-key prefix as a key range, for `KeyConditionExpression: '... AND sk BETWEEN :lo AND :hi'`:
 * the same rows as `begins_with(sk, prefix)` (U+10FFFF is the greatest code point, so every key that
 * starts with the prefix sorts within). DynamoDB Local reads the whole partition for `begins_with`
 * but seeks for a range (50,000 rows: 48 ms against 2 ms), so large partitions use this.
 */
export function sortKeyPrefixRange(prefix: string): { ':lo': string; ':hi': string } {
  return { ':lo': prefix, ':hi': `${prefix}\u{10FFFF}` };
}
