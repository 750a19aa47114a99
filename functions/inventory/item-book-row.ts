/**
 * The item's booking row, `ITEMBOOK#{itemId}`: the item's ACTIVE reservations by id and a version every
 * booking is conditional on (bookings/items.ts says how). Inventory owns it (the item's row of
 * bookings, read before an item is deleted); reservations write it through ./item-book.ts
 * (docs/decisions/0260-areas-depend-one-way.md).
 */
import * as z from '../../shared/zod.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { type RowParser, rowParser } from '../lib/rows.js';

/** The sort-key prefix of the items' booking rows. */
export const ITEM_BOOK = 'ITEMBOOK';

export const itemBookKey = (tenant: TenantId, itemId: string): Key => keys.entity(tenant, ITEM_BOOK, itemId);

/** One ACTIVE reservation in an item's booking row: start and end (epoch ms) and its number (the 409's text). */
const bookEntrySchema = z.object({ s: z.number(), e: z.number(), n: z.string() });
export type BookEntry = z.output<typeof bookEntrySchema>;

/**
 * `ITEMBOOK#{itemId}`: `version` is written with the first entry and kept by ADD; `active` is a map
 * that a release can leave empty.
 */
const itemBookRowSchema = z.object({
  itemId: z.string(),
  version: z.number().check(z.int(), z.nonnegative()),
  active: z._default(z.record(z.string(), bookEntrySchema), {}),
});
type ItemBookRow = z.output<typeof itemBookRowSchema>;
export const parseItemBookRow: RowParser<ItemBookRow> = rowParser('item booking', itemBookRowSchema);

/** An item's booking row as read: its entries, the version to condition on, and whether it exists yet. */
export interface ItemBook {
  version: number;
  active: Record<string, BookEntry>;
  exists: boolean;
}
