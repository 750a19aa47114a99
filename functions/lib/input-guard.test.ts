import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { amount } from '../../shared/contract/common.js';
import { ApiError } from './errors.js';
import { guardBodySize, guardInput, INPUT_MESSAGES } from './input-guard.js';

const refusal = (f: () => void) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('not refused');
};
const nested = (n: number): unknown => (n === 0 ? 1 : { a: nested(n - 1) });

describe('guardInput (docs/decisions/0156-hardening-hostile-input.md)', () => {
  it.each([
    ['NUL in text', { name: 'a\u0000b' }, INPUT_MESSAGES.badText, 'body.name'],
    ['a lone surrogate', { list: ['ok', 'a\ud800'] }, INPUT_MESSAGES.badText, 'body.list.1'],
    ['an empty key', { privacySettings: { '': 1 } }, INPUT_MESSAGES.badKey, 'body.privacySettings'],
    ['a constructor key', { hosts: [{ constructor: { prototype: {} } }] }, INPUT_MESSAGES.badKey, 'body.hosts.0'],
    ['a __proto__ key', JSON.parse('{"__proto__":{"isAdmin":true}}'), INPUT_MESSAGES.badKey, 'body'],
    ['41 levels of nesting', { x: nested(41) }, INPUT_MESSAGES.tooDeep, undefined],
    [
      '1 MB of keys',
      { s: Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, 1])) },
      INPUT_MESSAGES.tooWide,
      'body.s',
    ],
  ])('refuses %s with a 400 naming it', (_n, body, message, path) => {
    const e = refusal(() => guardInput({ body }));
    expect(e.statusCode).toBe(400);
    expect(e.details?.[0]?.msg).toBe(message);
    if (path) expect(e.details?.[0]?.path).toBe(path);
  });

  it('refuses NUL in the query and path', () => {
    expect(refusal(() => guardInput({ query: { q: 'a\u0000' } })).details?.[0]?.path).toBe('query.q');
    expect(refusal(() => guardInput({ params: { id: '\u0000' } })).details?.[0]?.path).toBe('params.id');
  });

  it('lets ordinary input through: emoji, accents, right-to-left text, surrogate pairs', () => {
    expect(() =>
      guardInput({ body: { name: 'Café 🙂 \u202eabc', list: [1, 2, { a: null }] }, query: { page: '1' } }),
    ).not.toThrow();
  });

  it('answers 413 for a body over 1 MB before parsing it', () => {
    expect(refusal(() => guardBodySize('x'.repeat(1024 * 1024 + 1))).statusCode).toBe(413);
    expect(() => guardBodySize('x'.repeat(1000))).not.toThrow();
  });
});

describe('amount (money at most 1,000,000.00 in steps of 0.01)', () => {
  const s = z.object({ rate: amount('Rate') });
  it.each([0, 0.01, 12.5, '12.50', 1_000_000, '1000000.00'])('accepts %s', (v) =>
    expect(s.safeParse({ rate: v }).success).toBe(true),
  );
  it.each([
    [1e200, 'Rate must be at most 1,000,000.00'],
    [2 ** 53 + 2, 'Rate must be at most 1,000,000.00'],
    ['9007199254740993', 'Rate must be at most 1,000,000.00'],
    [5e-324, 'Rate must be in steps of 0.01'],
    [1.005, 'Rate must be in steps of 0.01'],
    [-1, 'Rate must be 0 or more'],
  ])('refuses %s: %s', (v, msg) => {
    const r = s.safeParse({ rate: v });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(msg);
  });
  it("refuses '1e200' and other non-decimal text", () => expect(s.safeParse({ rate: '1e200' }).success).toBe(false));
});
