import { describe, expect, it } from 'vitest';
import {
  changedFields,
  chunk,
  clampBulkQuantity,
  itemIdPrefix,
  normaliseItemNumber,
  repeatedItemNumbers,
  suggestItemIds,
} from './inventory.js';
import { decodeCursor, encodeCursor } from '../../functions/inventory/item-list.js';

describe('inventory rules', () => {
  it('compares item numbers without case or surrounding spaces', () => {
    expect(normaliseItemNumber('  GC-001 ')).toBe('gc-001');
    expect(repeatedItemNumbers(['A-1', 'a-1 ', 'B-1'])).toEqual(['a-1']);
  });

  it('clamps the bulk quantity to 1-100', () => {
    expect([
      clampBulkQuantity(0),
      clampBulkQuantity(-5),
      clampBulkQuantity('abc'),
      clampBulkQuantity(7.9),
      clampBulkQuantity(250),
    ]).toEqual([1, 1, 1, 7, 100]);
  });

  it('derives an id prefix from the product type name', () => {
    expect(itemIdPrefix('Golf Cart')).toBe('GC');
    expect(itemIdPrefix('Kayak')).toBe('KAY');
    expect(itemIdPrefix('Stand-up paddle board XL')).toBe('SUPB');
    expect(itemIdPrefix('***')).toBe('ITEM');
  });

  it('suggests ids after the highest taken one, skipping taken ones, widening past 999', () => {
    expect(suggestItemIds('GC', ['gc-001', 'GC-002', 'other'], 2)).toEqual(['GC-003', 'GC-004']);
    expect(suggestItemIds('GC', [], 3)).toEqual(['GC-001', 'GC-002', 'GC-003']);
    expect(suggestItemIds('GC', ['GC-998'], 3)).toEqual(['GC-0999', 'GC-1000', 'GC-1001']);
  });

  it('lists changed fields only, treating blank and missing alike', () => {
    const before = { name: 'A', notes: null as string | null, location: 'Barn', rates: [{ rate: 1 }] };
    expect(
      changedFields(before, { name: 'A', notes: '', location: 'Shed', rates: [{ rate: 2 }] }, [
        'name',
        'notes',
        'location',
        'rates',
      ]),
    ).toEqual([
      { field: 'location', oldValue: 'Barn', newValue: 'Shed' },
      { field: 'rates', oldValue: [{ rate: 1 }], newValue: [{ rate: 2 }] },
    ]);
  });

  it('chunks lists for transactions', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(
      chunk(
        Array.from({ length: 100 }, (_, i) => i),
        49,
      ).map((c) => c.length),
    ).toEqual([49, 49, 2]);
    expect(() => chunk([1], 0)).toThrow();
  });

  it('accepts only item cursors it made: no other rows, no garbage', () => {
    const sk = 'ITEM#0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(decodeCursor(encodeCursor(sk))).toBe(sk);
    for (const bad of ['ORG', 'USER#1', 'ITEM#../../x', '%%%'])
      expect(() => decodeCursor(Buffer.from(bad).toString('base64url'))).toThrow('Invalid cursor');
  });
});
