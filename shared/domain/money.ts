/**
 * Money in integer cents (issue 9 item 4). Every amount the server stores or adds up is a whole
 * number of cents; dollars appear only at the edges (forms, the wire where the spec shows dollars).
 *
 * Rounding rule (docs/decisions.md, "Money and time"): a product of cents and a non-integer factor
 * (hours x hourly rate, a percentage) is rounded ONCE, to the nearest cent, half away from zero.
 * Sums of cents are exact and never rounded again.
 */

export type Cents = number;

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
  if (!Number.isFinite(v)) return 0;
  return roundHalfAwayFromZero(v * 100);
}

/** Cents to dollars (a number with at most two decimals). */
export function fromCents(cents: Cents): number {
  if (!Number.isFinite(cents)) return 0;
  return Math.round(cents) / 100;
}

/** cents x factor (hours, people, a quantity), rounded once. */
export function multiplyCents(cents: Cents, factor: number): Cents {
  return roundHalfAwayFromZero(cents * factor);
}

/** The percentage of an amount (8.25 means 8.25 %), rounded once. */
export function percentOf(cents: Cents, percent: number): Cents {
  return roundHalfAwayFromZero((cents * percent) / 100);
}

export function sumCents(values: readonly Cents[]): Cents {
  let s = 0;
  for (const v of values) s += Math.round(v);
  return s;
}

/** "$12.34" (negative: "-$12.34"). */
export function formatCents(cents: Cents): string {
  const c = Number.isFinite(cents) ? Math.round(cents) : 0;
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
