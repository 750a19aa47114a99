import { describe, expect, it } from 'vitest';
import { noun, pluralize } from './words.js';

describe('pluralize', () => {
  it('says one for exactly one and many otherwise', () => {
    expect(pluralize(1, 'user')).toBe('1 user');
    expect(pluralize(0, 'user')).toBe('0 users');
    expect(pluralize(2, 'active reservation')).toBe('2 active reservations');
    expect(pluralize(1, 'active reservation')).toBe('1 active reservation');
    expect(pluralize(1200, 'person', 'people')).toBe('1,200 people');
  });
  it('prints the number with the given formatter and keeps the noun on the real count', () => {
    expect(pluralize(1500, 'item', undefined, () => '1.5K')).toBe('1.5K items');
    expect(pluralize(1, 'item', undefined, String)).toBe('1 item');
  });
  it('gives the noun alone', () => {
    expect(noun(1, 'hour')).toBe('hour');
    expect(noun(2.5, 'hour')).toBe('hours');
  });
});
