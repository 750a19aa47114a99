/**
 * The hold attributes a service row may carry (services/slot-holds.ts, R-BOOK-5), apart from the write
 * paths so the service store reads them without loading the booking code at cold start.
 */
import { isIndexPartition } from '../lib/sweep-shard-keys.js';

export const SLOT_HOLDS_INDEX_PK = 'SWEEP#SLOTHOLDS';
export const HOLD_PREFIX = 'hold#';

type Item = Record<string, unknown>;

/** The holds a service row carries, by id. */
export function holdsOf(item: Item): { holdId: string; at: number }[] {
  return Object.entries(item)
    .filter(([k]) => k.startsWith(HOLD_PREFIX))
    .map(([k, v]) => ({ holdId: k.slice(HOLD_PREFIX.length), at: Number((v as { at?: unknown })?.at) || 0 }));
}

/** What a staff edit (a whole-row Put) carries over from the stored row: the holds and their sweep pointer. */
export function holdAttributes(item: Item | undefined): Item {
  if (!item) return {};
  const out: Item = {};
  for (const [k, v] of Object.entries(item)) if (k.startsWith(HOLD_PREFIX)) out[k] = v;
  if (isIndexPartition(SLOT_HOLDS_INDEX_PK, item.gsi1pk))
    Object.assign(out, { gsi1pk: item.gsi1pk, gsi1sk: item.gsi1sk });
  return out;
}
