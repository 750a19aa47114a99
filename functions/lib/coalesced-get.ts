import type DataLoader from 'dataloader';
import { batchGetAll } from './db.js';
import { loadOnce } from './load-once.js';

type Key = { pk: string; sk: string };
type Row = Record<string, unknown>;

const keyId = (k: Key) => `${k.pk}\u0000${k.sk}`;

/**
 * Whole-row reads asked for in the same tick go out as one BatchGetItem (dataloader's batching, no
 * caching): a booking's tax, reminder and customer reads, its confirmation's, and the concurrent
 * bookings of a rush, cost one request instead of one each (docs/decisions/0238-booking-rush.md). A batch
 * holding a consistent read is read consistently: an eventual reader may always get the latest row. A
 * key asked twice is read once. A failed batch fails every read in it, as each GetItem would have.
 */
type Wanted = { key: Key; consistent: boolean };

async function loader(): Promise<DataLoader<Wanted, Row | undefined>> {
  const { default: Loader } = await import('dataloader');
  return new Loader<Wanted, Row | undefined>(
    async (wanted) => {
      const unique = [...new Map(wanted.map((w) => [keyId(w.key), w.key])).values()];
      const rows = await batchGetAll(unique, { consistent: wanted.some((w) => w.consistent) });
      const byId = new Map(rows.map((r) => [keyId(r as Key), r]));
      return wanted.map((w) => byId.get(keyId(w.key)));
    },
    { cache: false, maxBatchSize: 100 },
  );
}

// Loaded on first read, not at cold start: the areas' cold-start budgets (infra/bundle.test.ts).
const reads = /* @__PURE__ */ loadOnce(loader);

/** The row at `key`, or undefined: a GetItem that shares its request with the tick's other reads. */
export async function getRow(key: Key, opts: { consistent?: boolean } = {}): Promise<Row | undefined> {
  return (await reads.get()).load({ key, consistent: opts.consistent === true });
}
