import type DataLoader from 'dataloader';
import { batchGetAll } from './db.js';
import { loadOnce } from './load-once.js';

type Key = { pk: string; sk: string };
type Row = Record<string, unknown>;

const keyId = (k: Key) => `${k.pk}\u0000${k.sk}`;

/**
 * Whole-row reads asked for in the same tick go out as one BatchGetItem (dataloader's batching, no
 * caching): a booking's tax, reminder and customer reads, and the concurrent bookings of a rush, cost
 * one request instead of one each (docs/decisions/booking-rush.md). A key asked twice is read once.
 * A failed batch fails every read in it, as each GetItem would have.
 */
async function loader(consistent: boolean): Promise<DataLoader<Key, Row | undefined, string>> {
  const { default: Loader } = await import('dataloader');
  return new Loader<Key, Row | undefined, string>(
    async (wanted) => {
      const unique = [...new Map(wanted.map((k) => [keyId(k), k])).values()];
      const rows = await batchGetAll(unique, { consistent });
      const byId = new Map(rows.map((r) => [keyId(r as Key), r]));
      return wanted.map((k) => byId.get(keyId(k)));
    },
    { cache: false, maxBatchSize: 100 },
  );
}

// Loaded on first read, not at cold start: the areas' cold-start budgets (infra/bundle.test.ts).
const eventual = /* @__PURE__ */ loadOnce(() => loader(false));
const strong = /* @__PURE__ */ loadOnce(() => loader(true));

/** The row at `key`, or undefined: a GetItem that shares its request with the tick's other reads. */
export async function getRow(key: Key, opts: { consistent?: boolean } = {}): Promise<Row | undefined> {
  return (await (opts.consistent ? strong : eventual).get()).load(key);
}
