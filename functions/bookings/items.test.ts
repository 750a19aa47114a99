import { describe, expect, it } from 'vitest';
import { overlapping } from './items.js';

const h = 36e5;
describe('overlapping (no double booking)', () => {
  const book = {
    active: { a: { s: 10 * h, e: 12 * h, n: 'RES-000001' }, b: { s: 14 * h, e: 16 * h, n: 'RES-000002' } },
  };
  it('finds an overlap and names it; back-to-back windows do not overlap', () => {
    expect(overlapping(book, 11 * h, 13 * h, 0)?.n).toBe('RES-000001');
    expect(overlapping(book, 13 * h, 15 * h, 0)?.n).toBe('RES-000002');
    expect(overlapping(book, 12 * h, 14 * h, 0)).toBeNull();
    expect(overlapping(book, 8 * h, 10 * h, 0)).toBeNull();
    expect(overlapping(book, 9 * h, 17 * h, 0)?.n).toBe('RES-000001');
  });
  it('ignores the reservation itself (reprocess, restore)', () => {
    expect(overlapping(book, 10 * h, 12 * h, 0, 'a')).toBeNull();
  });
  it('holds an overdue item until now', () => {
    // RES-000001 ended at 12:00 and it is 13:00: a booking from 12:30 is refused, one from 13:30 is fine
    expect(overlapping(book, 12.5 * h, 13.5 * h, 13 * h)?.n).toBe('RES-000001');
    expect(overlapping({ active: { a: book.active.a } }, 13.5 * h, 14 * h, 13 * h)).toBeNull();
  });
});
