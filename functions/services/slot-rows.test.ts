import { describe, expect, it } from 'vitest';
import { mergeAvailability } from './service-fields.js';
import { placesLeft, slotCount, slotTag } from './slot-rows.js';

/** The places a slot has left by its service row and its slot row (docs/decisions/0270-slot-rows.md, R-BOOK-5). */
describe('slot rows', () => {
  const slot = { date: '2099-01-01', startTime: '10:00', endTime: '11:00' };

  it('names a slot by its date and times, as its row key and the waitlist keys do', () => {
    expect(slotTag(slot)).toBe('2099-01-01T10:00-11:00');
  });

  it('counts the stored places less the slot row, never below 0 nor above the capacity', () => {
    const s = { ...slot, slotsAvailable: 5, originalSlotsAvailable: 5 };
    expect(placesLeft(slotCount(s))).toBe(5);
    expect(placesLeft(slotCount(s, 3))).toBe(2);
    expect(placesLeft(slotCount(s, 7))).toBe(0);
    // Places taken before slot rows (stored 3 of 5) given back: at most the capacity.
    expect(placesLeft(slotCount({ ...s, slotsAvailable: 3 }, -2))).toBe(5);
    expect(placesLeft(slotCount({ ...s, slotsAvailable: 3 }, -4))).toBe(5);
    // A slot saved before capacities were kept has no ceiling but its count.
    expect(placesLeft(slotCount({ ...slot, slotsAvailable: 4 }, 1))).toBe(3);
  });

  it('a capacity edit keeps the places taken on the slot row taken (R-SVC-12)', () => {
    // 2 taken before slot rows (stored 3 of 5), 2 on the slot row: 1 left.
    const before = [{ ...slot, slotsAvailable: 3, originalSlotsAvailable: 5 }];
    expect(placesLeft(slotCount(before[0]!, 2))).toBe(1);
    const [raised] = mergeAvailability(before, [{ ...slot, slotsAvailable: 8, originalSlotsAvailable: 8 }]);
    expect(raised).toMatchObject({ slotsAvailable: 6, originalSlotsAvailable: 8 });
    expect(placesLeft(slotCount(raised!, 2))).toBe(4);
    const [lowered] = mergeAvailability(before, [{ ...slot, slotsAvailable: 3, originalSlotsAvailable: 3 }]);
    expect(placesLeft(slotCount(lowered!, 2))).toBe(0);
  });
});
