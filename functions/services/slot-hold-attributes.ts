/**
 * The hold attributes a slot row carries (services/slot-holds.ts, R-BOOK-5), apart from the write
 * paths so the sweep reads them without the booking code.
 */

export const SLOT_HOLDS_INDEX_PK = 'SWEEP#SLOTHOLDS';
export const HOLD_PREFIX = 'hold#';

type Item = Record<string, unknown>;

/** The holds a slot row (or a service row from before slot rows) carries, by id. */
export function holdsOf(item: Item): { holdId: string; at: number; places: number }[] {
  return Object.entries(item)
    .filter(([k]) => k.startsWith(HOLD_PREFIX))
    .map(([k, v]) => {
      const h = v as { at?: unknown; places?: unknown } | undefined;
      return { holdId: k.slice(HOLD_PREFIX.length), at: Number(h?.at) || 0, places: Number(h?.places) || 0 };
    });
}
