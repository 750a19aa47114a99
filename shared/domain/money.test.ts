import { describe, expect, it } from 'vitest';
import {
  type Cents,
  cents,
  decimalText,
  formatCents,
  formatPercent,
  fromCents,
  multiplyCents,
  percentOf,
  percentText,
  percentToThousandths,
  roundDollars,
  roundHalfAwayFromZero,
  sumCents,
  thousandthsToPercent,
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

  // R-MONEY-2, R-SET-4: tax rates to 3 decimals, worked out in whole numbers (no floating-point drift).
  it('takes a percentage to 3 decimals in integer arithmetic, rounded once per line', () => {
    // 8.875 % of $19.99 = 1999 x 8875 / 100000 = 177.41125 cents -> 177
    expect(percentOf(1999, 8.875)).toBe(177);
    // 8.875 % of $100.00 = 887.5 cents -> 888 (half away from zero)
    expect(percentOf(10000, 8.875)).toBe(888);
    // 8.875 % of $0.04 = 0.355 cents -> 0
    expect(percentOf(4, 8.875)).toBe(0);
    // 8.875 % of $1,234.56 = 123456 x 8875 / 100000 = 10956.72 cents -> 10957
    expect(percentOf(123456, 8.875)).toBe(10957);
    // 4.005 % of $100.00 = 400.5 cents -> 401; 4.005 is not exact in binary, its thousandths (4005) are
    expect(percentOf(10000, 4.005)).toBe(401);
    expect(percentOf(1000, 4.005)).toBe(40);
    // 1.005 % of $50.00 = 50.25 cents -> 50; 0.125 % of $2.00 = 0.25 cents -> 0; of $4.00 = 0.5 -> 1
    expect(percentOf(5000, 1.005)).toBe(50);
    expect(percentOf(200, 0.125)).toBe(0);
    expect(percentOf(400, 0.125)).toBe(1);
    // 2-decimal rates as before: 8.25 % of $19.99 = 164.9175 cents -> 165
    expect(percentOf(1999, 8.25)).toBe(165);
    // A refund line: -8.875 % halves round away from zero too (-887.5 -> -888)
    expect(percentOf(-10000, 8.875)).toBe(-888);
    // 99.999 % of $999,999.99 = 99999999 x 99999 / 100000 = 99998999.00001 cents -> 99998999
    expect(percentOf(99_999_999, 99.999)).toBe(99_998_999);
    expect(percentOf(1999, 0)).toBe(0);
    expect(percentOf(1999, Number.NaN)).toBe(0);
  });

  it('holds a rate as thousandths of a percent and prints it without trailing zeros', () => {
    expect(percentToThousandths(8.875)).toBe(8875);
    expect(percentToThousandths(8.25)).toBe(8250);
    expect(percentToThousandths(4.005)).toBe(4005);
    expect(percentToThousandths(0.001)).toBe(1);
    expect(percentToThousandths(Number.NaN)).toBe(0);
    expect(thousandthsToPercent(8875)).toBe(8.875);
    expect(thousandthsToPercent(825 * 10)).toBe(8.25);
    expect(formatPercent(8.875)).toBe('8.875%');
    expect(formatPercent(8)).toBe('8%');
    expect(formatPercent(8.25)).toBe('8.25%');
    expect(formatPercent(8.5)).toBe('8.5%');
    expect(percentText(8.875)).toBe('8.875');
    expect(percentText(8)).toBe('8');
    expect(formatPercent(8.87500000001)).toBe('8.875%');
    expect(formatPercent(0.1 + 0.2)).toBe('0.3%');
  });
});
