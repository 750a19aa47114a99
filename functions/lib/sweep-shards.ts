import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { type PagedQuery, queryPages } from './db.js';
import { indexPartitions } from './sweep-shard-keys.js';

/** Readers of the sharded platform-wide indexes (keys: ./sweep-shard-keys.ts, R-PLAT-17). */
type Row = Record<string, unknown>;

/**
 * The query of one partition of a sharded index: `KeyConditionExpression` names the partition
 * `:pk` (`gsi1pk = :pk AND …`), which the reader fills with each shard in turn.
 */
type ShardQuery = Omit<PagedQuery, 'IndexName'> & {
  ExpressionAttributeValues?: Record<string, unknown>;
};

interface ShardReadOptions {
  /** Called once per DynamoDB Query sent (a sweep's read figures). */
  onQuery?: () => void;
}

/** One partition's rows, a page at a time: the next page is read when the last one is used up. */
class Cursor {
  private rows: Row[] = [];
  private pages: AsyncGenerator<Row[]>;
  private done = false;
  constructor(
    input: QueryCommandInput,
    private readonly onQuery?: () => void,
  ) {
    this.pages = queryPages(input) as AsyncGenerator<Row[]>;
  }
  /** Fills the buffer when empty; false once the partition is read. */
  async ready(): Promise<boolean> {
    while (!this.rows.length && !this.done) {
      const next = await this.pages.next();
      if (next.done) {
        this.done = true;
      } else {
        this.rows = next.value;
        this.onQuery?.();
      }
    }
    return this.rows.length > 0;
  }
  peek(): Row {
    return this.rows[0]!;
  }
  take(): Row {
    return this.rows.shift()!;
  }
  async close(): Promise<void> {
    await this.pages.return(undefined);
  }
}

/** Adds gsi1sk to a projection so the merge can order by it. */
function withSortKey(input: ShardQuery): ShardQuery {
  if (!input.ProjectionExpression) return input;
  return {
    ...input,
    ProjectionExpression: `${input.ProjectionExpression}, #shardSortKey`,
    ExpressionAttributeNames: { ...input.ExpressionAttributeNames, '#shardSortKey': 'gsi1sk' },
  };
}

/**
 * Every row of the sharded gsi1 index `base` that `query` selects, from every shard and the legacy
 * key, merged in gsi1sk order (ascending, or descending with `ScanIndexForward: false`). The first page
 * of every partition is read at once; later pages as the merge reaches them. `Limit` is per page and
 * partition. Breaking out of a `for await` stops reading.
 */
export async function* shardedIndexItems(
  base: string,
  query: ShardQuery,
  opts: ShardReadOptions = {},
): AsyncGenerator<Row> {
  const input = withSortKey(query);
  const forward = input.ScanIndexForward !== false;
  const cursors = indexPartitions(base).map(
    (pk) =>
      new Cursor(
        {
          ...input,
          IndexName: 'gsi1',
          ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ':pk': pk },
        } as QueryCommandInput,
        opts.onQuery,
      ),
  );
  try {
    let open = (await Promise.all(cursors.map(async (c) => ((await c.ready()) ? c : null)))).filter(
      (c): c is Cursor => c !== null,
    );
    while (open.length) {
      let best = open[0]!;
      for (const c of open) {
        const a = String(c.peek().gsi1sk ?? '');
        const b = String(best.peek().gsi1sk ?? '');
        if (forward ? a < b : a > b) best = c;
      }
      yield best.take();
      if (!(await best.ready())) open = open.filter((c) => c !== best);
    }
  } finally {
    await Promise.all(cursors.map((c) => c.close()));
  }
}

/** `shardedIndexItems` in pages of at most `size` rows (for sweeps that work a page at a time). */
export async function* shardedIndexPages(
  base: string,
  query: ShardQuery,
  size: number,
  opts: ShardReadOptions = {},
): AsyncGenerator<Row[]> {
  let page: Row[] = [];
  for await (const row of shardedIndexItems(base, query, opts)) {
    page.push(row);
    if (page.length >= size) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

/** Every row `query` selects in the sharded index `base`, merged in gsi1sk order. */
export async function shardedIndexAll(base: string, query: ShardQuery): Promise<Row[]> {
  const out: Row[] = [];
  for await (const row of shardedIndexItems(base, query)) out.push(row);
  return out;
}
