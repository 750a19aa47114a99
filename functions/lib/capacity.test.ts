import { describe, expect, it } from 'vitest';
import { attributeValues, itemSize, partWrites, readUnits, writeUnits } from './capacity.js';

describe('itemSize (DynamoDB item sizes and formats)', () => {
  it('counts names and string values in UTF-8 bytes', () => {
    expect(itemSize({ pk: { S: 'T#a' } })).toBe(2 + 3);
    // "é" is two bytes, "€" three.
    expect(itemSize({ név: { S: 'é€' } })).toBe(4 + 5);
  });

  it('counts a number as one byte per two significant digits plus one', () => {
    expect(itemSize({ n: { N: '7' } })).toBe(1 + 2);
    expect(itemSize({ n: { N: '12345' } })).toBe(1 + 4);
    // Leading and trailing zeros are not stored.
    expect(itemSize({ n: { N: '1200' } })).toBe(1 + 2);
    expect(itemSize({ n: { N: '0.0005' } })).toBe(1 + 2);
    expect(itemSize({ n: { N: '-123.45' } })).toBe(1 + 4);
  });

  it('counts binary by raw bytes, booleans and nulls as one byte', () => {
    expect(itemSize({ b: { B: new Uint8Array(10) } })).toBe(1 + 10);
    expect(itemSize({ ok: { BOOL: true }, no: { NULL: true } })).toBe(2 + 1 + 2 + 1);
  });

  it('counts lists and maps as 3 bytes plus 1 per element plus the elements', () => {
    expect(itemSize({ l: { L: [] } })).toBe(1 + 3);
    expect(itemSize({ l: { L: [{ S: 'ab' }, { N: '1' }] } })).toBe(1 + 3 + (1 + 2) + (1 + 2));
    expect(itemSize({ m: { M: { a: { S: 'xyz' } } } })).toBe(1 + 3 + (1 + 1 + 3));
    expect(itemSize({ m: { M: { a: { M: {} } } } })).toBe(1 + 3 + (1 + 1 + 3));
  });

  it('counts sets as the sum of their members', () => {
    expect(itemSize({ s: { SS: ['ab', 'cde'] } })).toBe(1 + 5);
    expect(itemSize({ s: { NS: ['1', '22'] } })).toBe(1 + 2 + 2);
  });
});

describe('capacity units', () => {
  it('writes: one unit per started KB, doubled in a transaction', () => {
    expect(writeUnits(0)).toBe(1);
    expect(writeUnits(1024)).toBe(1);
    expect(writeUnits(1025)).toBe(2);
    expect(writeUnits(1025, true)).toBe(4);
  });

  it('reads: one unit per started 4 KB, half when eventually consistent, double in a transaction', () => {
    expect(readUnits(4096)).toBe(0.5);
    expect(readUnits(4097, { consistent: true })).toBe(2);
    expect(readUnits(100, { transactional: true })).toBe(2);
  });

  const big = 'x'.repeat(1500);
  // Rows as the document client holds them.
  const row = (extra: Record<string, string> = {}) => ({ pk: 'T#a', sk: 'R#1', v: big, ...extra });
  const key = { pk: 'T#a', sk: 'R#1' };
  const size = (r: Record<string, unknown>) => itemSize(attributeValues(r));

  it('bills an update at the larger of the sizes before and after, and an index holding the item too', () => {
    const before = row({ gsi1pk: 'G', gsi1sk: '1' });
    const after = { ...before, v: 'small' };
    expect(partWrites({ kind: 'update', key }, before, after, false)).toEqual([
      { index: 'table', key: 'T#a', units: 2, bytes: size(after) },
      { index: 'gsi1', key: 'G', units: 2, bytes: size(after) },
    ]);
  });

  it('bills a changed index key as a delete of the old entry and a put of the new', () => {
    const before = row({ gsi1pk: 'OLD', gsi1sk: '1' });
    const after = row({ gsi1pk: 'NEW', gsi1sk: '1' });
    const writes = partWrites({ kind: 'update', key }, before, after, true);
    expect(writes.map((w) => [w.index, w.key, w.units])).toEqual([
      ['table', 'T#a', 4],
      ['gsi1', 'OLD', 4],
      ['gsi1', 'NEW', 4],
    ]);
  });

  it('bills a put of an item without index keys to the table only, and a condition check as one write', () => {
    expect(partWrites({ kind: 'put', key, item: row() }, undefined, undefined, false)).toEqual([
      { index: 'table', key: 'T#a', units: 2, bytes: size(row()) },
    ]);
    expect(partWrites({ kind: 'check', key }, undefined, undefined, true)).toEqual([
      { index: 'table', key: 'T#a', units: 2, bytes: 0 },
    ]);
  });

  it('bills a delete at the size of the item removed, in the table and its index', () => {
    const before = row({ gsi2pk: 'H', gsi2sk: '1' });
    expect(partWrites({ kind: 'delete', key }, before, undefined, false).map((w) => [w.index, w.key, w.units])).toEqual(
      [
        ['table', 'T#a', 2],
        ['gsi2', 'H', 2],
      ],
    );
  });
});

describe('attributeValues', () => {
  it('sizes a row read back through the document client as DynamoDB stored it', () => {
    const row = { pk: 'T#a', n: 1200, ok: true, none: null, tags: new Set(['a', 'bc']), m: { l: [1, 'x'] } };
    expect(itemSize(attributeValues(row))).toBe(
      itemSize({
        pk: { S: 'T#a' },
        n: { N: '1200' },
        ok: { BOOL: true },
        none: { NULL: true },
        tags: { SS: ['a', 'bc'] },
        m: { M: { l: { L: [{ N: '1' }, { S: 'x' }] } } },
      }),
    );
  });
});
