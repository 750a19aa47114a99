import { describe, expect, it } from 'vitest';
import {
  type Cents,
  cents,
  decimalText,
  formatCents,
  formatWholeDollars,
  fromCents,
  multiplyCents,
  percentOf,
  roundDollars,
  roundHalfAwayFromZero,
  sumCents,
  toCents,
} from './money.js';

describe('money in cents', () => {
  it('converts dollars to cents and back without binary noise', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('')).toBe(0);
    expect(toCents(Number.NaN)).toBe(0);
    expect(toCents(-2.675)).toBe(-268);
    expect(fromCents(1999)).toBe(19.99);
    expect(fromCents(-5)).toBe(-0.05);
  });

  it('rounds half away from zero, once', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(roundHalfAwayFromZero(-0.4)).toBe(0);
    expect(Object.is(roundHalfAwayFromZero(-0.4), 0)).toBe(true);
    // 1.25 h x $10.01 = $12.5125 -> $12.51; 0.25 h x $0.10 = 2.5 cents -> 3 cents
    expect(multiplyCents(1001, 1.25)).toBe(1251);
    expect(multiplyCents(10, 0.25)).toBe(3);
    // 8.25 % of $10.10 = 83.325 cents -> 83
    expect(percentOf(1010, 8.25)).toBe(83);
    // 7.5 % of $1.00 = 7.5 cents -> 8
    expect(percentOf(100, 7.5)).toBe(8);
    expect(sumCents([101, 202, -3])).toBe(300);
  });

  it('formats cents as dollars', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(9500)).toBe('$95.00');
    expect(formatCents(-1205)).toBe('-$12.05');
    expect(decimalText(1250)).toBe('12.50');
    expect(decimalText(-5)).toBe('-0.05');
    expect(formatWholeDollars(1850)).toBe('$19');
    expect(formatWholeDollars(1849)).toBe('$18');
    expect(formatWholeDollars(-250)).toBe('-$3');
    expect(roundDollars(2.675)).toBe(2.68);
  });

  it('makes Cents only through the money module', () => {
    expect(cents(1999)).toBe(1999);
    expect(cents(12.5)).toBe(13);
    expect(cents(-12.5)).toBe(-13);
    expect(cents(Number.NaN)).toBe(0);
    const total: Cents = sumCents([cents(250), toCents(1.5)]);
    expect(total).toBe(400);
    // @ts-expect-error a plain number (it could be dollars) is not Cents
    const dollars: Cents = 19.99;
    expect(dollars).toBe(19.99);
  });
});
