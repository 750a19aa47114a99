import { describe, expect, it } from 'vitest';
import * as z from '../../shared/zod.js';
import { counter, optionalText, RowShapeError, rowParser } from './rows.js';

const parse = rowParser('example', z.object({ id: z.string(), visits: counter(), note: optionalText() }));

describe('rowParser', () => {
  it('keeps the named attributes, drops the keys, and gives absent counters 0 and absent text null', () => {
    expect(parse({ pk: 'T#a', sk: 'EX#1', gsi1pk: 'x', id: '1' })).toEqual({ id: '1', visits: 0, note: null });
    expect(parse({ id: '1', visits: 3, note: 'hi' })).toEqual({ id: '1', visits: 3, note: 'hi' });
  });

  it('a row that does not match throws a RowShapeError naming the entity, keys and attributes (no coercion)', () => {
    let caught: unknown;
    try {
      parse({ pk: 'T#a', sk: 'EX#1', id: '1', visits: '3' });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(RowShapeError);
    const e = caught as RowShapeError;
    expect(e.entity).toBe('example');
    expect(e.key).toEqual({ pk: 'T#a', sk: 'EX#1' });
    expect(e.problems).toHaveLength(1);
    expect(e.problems[0]).toMatch(/^visits: /);
    expect(() => parse({ id: '1', visits: -1 })).toThrow(RowShapeError);
  });
});
