/**
 * Money in integer cents (docs/decisions/0106-reservations-money.md). Every amount the server stores or adds up is a
 * whole number of cents; dollars appear only at the edges (forms, the wire where the spec shows dollars).
 *
 * Rounding rule (docs/decisions/0106-reservations-money.md): a product of cents and a non-integer factor
 * (hours x hourly rate, a percentage) is rounded ONCE, to the nearest cent, half away from zero.
 * Sums of cents are exact and never rounded again.
 */

declare const centsBrand: unique symbol;

/**
 * A whole number of cents. Branded so a dollar amount cannot pass for cents: a plain number becomes
 * `Cents` only through this module (`cents`, `toCents`, the arithmetic below). A `Cents` is still a
 * number (comparisons, `+` of two amounts, JSON), so reading code does not need to unwrap it.
 */
export type Cents = number & { readonly [centsBrand]: 'Cents' };

/** A count of cents (a stored `…Cents` attribute, a sum) as `Cents`: rounded once, non-finite becomes 0. */
export function cents(n: number): Cents {
  return roundHalfAwayFromZero(n) as Cents;
}

/** Half away from zero, to an integer; a few ulps of binary noise (x.4999999) do not flip a half. */
export function roundHalfAwayFromZero(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const a = Math.abs(n);
  // 1e-9 absorbs float noise such as 1.005 * 100 = 100.49999999999999; real amounts are far coarser.
  const r = Math.floor(a + 0.5 + 1e-9);
  return r === 0 ? 0 : Math.sign(n) * r;
}

/** Dollars (a number or a numeric string) to cents; NaN and blanks become 0. */
export function toCents(dollars: number | string | null | undefined): Cents {
  const v = typeof dollars === 'string' ? (dollars.trim() === '' ? 0 : Number(dollars)) : (dollars ?? 0);
  if (!Number.isFinite(v)) return 0 as Cents;
  return cents(v * 100);
}

// Inputs are typed `number`, not `Cents`: a `Cents` passes as it is, and amounts read from rows that are
// not yet typed as `Cents` need no cast. The brand guards the other direction (a number becomes cents only here).

/** Cents to dollars (a number with at most two decimals), for the wire and form fields. */
export function fromCents(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  return Math.round(amount) / 100;
}

/** cents x factor (hours, people, a quantity), rounded once. */
export function multiplyCents(amount: number, factor: number): Cents {
  return cents(amount * factor);
}

/**
 * A percentage (a tax rate) as a whole number of thousandths of a percent: 8.875 % is 8875, 8.25 % is 8250
 * (R-SET-4, R-MONEY-6: rates carry at most 3 decimals). Finer digits are rounded off; non-finite becomes 0.
 */
export function percentToThousandths(percent: number): number {
  return Number.isFinite(percent) ? roundHalfAwayFromZero(percent * 1000) : 0;
}

/** Thousandths of a percent back to the percent number (8875 -> 8.875, the nearest double to the decimal). */
export function thousandthsToPercent(thousandths: number): number {
  return Number.isFinite(thousandths) ? Math.round(thousandths) / 1000 : 0;
}

/**
 * The percentage of an amount (8.875 means 8.875 %), rounded once, half away from zero (R-MONEY-2, R-MONEY-6). Worked
 * in whole numbers: cents x thousandths-of-a-percent / 100000, so a 3-decimal rate such as 8.875 or 4.005
 * never drifts in binary floating point (docs/decisions/0255-tax-rate-three-decimals.md). Exact while
 * |cents| x 100000 stays below 2^53 (amounts up to $900 million).
 */
export function percentOf(amount: number, percent: number): Cents {
  const product = (Number.isFinite(amount) ? Math.round(amount) : 0) * percentToThousandths(percent);
  const whole = Math.floor((Math.abs(product) + 50_000) / 100_000);
  return (whole === 0 ? 0 : Math.sign(product) * whole) as Cents;
}

/** A rate's number as people read it, at most 3 decimals and no trailing zeros: "8.875", "8.25", "8". */
export function percentText(percent: number): string {
  return String(thousandthsToPercent(percentToThousandths(percent)));
}

/** A rate with its sign, no trailing zeros: "8.875%", "8.25%", "8%" (R-MONEY-3). */
export function formatPercent(percent: number): string {
  return `${percentText(percent)}%`;
}

export function sumCents(values: readonly number[]): Cents {
  let s = 0;
  for (const v of values) s += Math.round(v);
  return s as Cents;
}

/** Dollars rounded to whole cents (half away from zero, once): a form's or the wire's amount. */
export function roundDollars(dollars: number): number {
  return fromCents(toCents(dollars));
}

/** "12.34" (negative: "-12.34"): the decimal a payment link or a form field carries. */
export function decimalText(amount: number): string {
  const c = Number.isFinite(amount) ? Math.round(amount) : 0;
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$12.34" (negative: "-$12.34"). */
export function formatCents(amount: number): string {
  const text = decimalText(amount);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Dollars (a number or a numeric string) as "$12.34", through whole cents. */
export function formatUsd(dollars: number | string | null | undefined): string {
  return formatCents(toCents(dollars));
}
