import { describe, expect, it } from 'vitest';
import { RowShapeError } from '../lib/rows.js';
import { parseItemBookRow } from './item-book-row.js';

describe('item booking row', () => {
  it("reads an item's booking row, a released one with its map emptied, and refuses an entry without its number", () => {
    const entry = { s: 1_000, e: 2_000, n: 'RES-000001' };
    expect(parseItemBookRow({ pk: 'T#o', sk: 'ITEMBOOK#i1', itemId: 'i1', version: 3, active: { r1: entry } })).toEqual(
      { itemId: 'i1', version: 3, active: { r1: entry } },
    );
    expect(parseItemBookRow({ itemId: 'i1', version: 4 }).active).toEqual({});
    expect(() => parseItemBookRow({ itemId: 'i1', version: 1, active: { r1: { s: 1, e: 2 } } })).toThrow(RowShapeError);
  });
});
