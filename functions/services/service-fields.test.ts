import { describe, expect, it } from 'vitest';
import { mergeAvailability } from './service-fields.js';

const when = { date: '2030-01-05', startTime: '10:00', endTime: '12:00' };

describe('a slot edited as its capacity (R-SVC-12)', () => {
  it('keeps the places already taken when the capacity changes', () => {
    const stored = [{ ...when, slotsAvailable: 3, originalSlotsAvailable: 5 }];
    expect(mergeAvailability(stored, [{ ...when, slotsAvailable: 9, originalSlotsAvailable: 9 }])).toEqual([
      { ...when, slotsAvailable: 7, originalSlotsAvailable: 9 },
    ]);
    expect(mergeAvailability(stored, [{ ...when, slotsAvailable: 1, originalSlotsAvailable: 1 }])).toEqual([
      { ...when, slotsAvailable: 0, originalSlotsAvailable: 1 },
    ]);
  });
  it('keeps the live count when the capacity comes back unchanged, and opens a new slot whole', () => {
    const stored = [{ ...when, slotsAvailable: 3, originalSlotsAvailable: 5 }];
    expect(mergeAvailability(stored, [{ ...when, slotsAvailable: 5, originalSlotsAvailable: 5 }])).toEqual(stored);
    const later = { ...when, date: '2030-01-06', slotsAvailable: 4, originalSlotsAvailable: 4 };
    expect(mergeAvailability(stored, [later])).toEqual([later]);
  });
});
