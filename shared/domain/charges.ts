/**
 * Reservation charges (R-MONEY-3, R-RES-6): the hourly rate, overage, refunds, tax and the money
 * movements of a return, in cents. Service prices (what a booking costs before these) are pricing.ts.
 */

import {
  type Cents,
  cents,
  formatCents,
  multiplyCents,
  percentOf,
  percentToThousandths,
  sumCents,
  thousandthsToPercent,
  toCents,
} from './money.js';

/** R-RES-6: refund hours step and range (the minimum return time is MIN_RETURN_AFTER_START_MS, reservations.ts). */
export const REFUND_HOURS_STEP = 0.25;
export const REFUND_HOURS_MAX = 24;

interface RateSources {
  /** The rate stored on the reservation when it was booked. */
  rateAtBooking?: number | null;
  variantHourlyRate?: number | null;
  itemHourlyRate?: number | null;
  productTypeDefaultHourlyRate?: number | null;
  cartHourlyRate?: number | null;
  serviceRate?: number | null;
}

/**
 * R-RES-6: the hourly rate for item pricing and refunds: rate at booking, then variant, item,
 * product-type default, cart, or service rate, else 0. A source counts when it is a number above 0.
 */
export function hourlyRateCents(src: RateSources): Cents {
  return firstRateCents([
    src.rateAtBooking,
    src.variantHourlyRate,
    src.itemHourlyRate,
    src.productTypeDefaultHourlyRate,
    src.cartHourlyRate,
    src.serviceRate,
  ]);
}

/** The first source that is a number above 0 (dollars, or a numeric string), in cents; else 0. */
export function firstRateCents(sources: readonly (number | string | null | undefined)[]): Cents {
  for (const v of sources) {
    const n = typeof v === 'string' ? Number(v) : v;
    if (typeof n === 'number' && Number.isFinite(n) && n > 0) return toCents(n);
  }
  return cents(0);
}

/** R-RES-15: the rates a rental is priced by, in cents; 0 or absent means the item has no such rate. */
export interface RentalRates {
  hourlyCents: number;
  dailyCents?: number | null;
  weeklyCents?: number | null;
}

/** R-RES-15: which rate set the price ('hourly' also when the item has no other). */
export type RentalBasis = 'hourly' | 'daily' | 'weekly';

/**
 * R-RES-15: the base price of a rental of `hours`, the cheapest of: every hour at the hourly rate;
 * whole days at the daily rate plus the rest at the hourly rate, that rest never above one more day;
 * whole weeks at the weekly rate plus the rest priced the cheapest way by days and hours, never above one
 * more week. A rate the item lacks is no option (no hourly rate: a started day is a day). Worked unrounded
 * and rounded once. `perDay` prices every started day at the daily rate, when the staff chose so.
 */
export function rentalPrice(hours: number, rates: RentalRates, perDay = false): { cents: Cents; basis: RentalBasis } {
  const h = Math.max(0, Number(hours) || 0);
  const hourly = Math.max(0, rates.hourlyCents || 0);
  const daily = Math.max(0, rates.dailyCents || 0);
  const weekly = Math.max(0, rates.weeklyCents || 0);
  if (perDay && daily) return { cents: cents(Math.ceil(h / 24 - 1e-9) * daily), basis: 'daily' };
  const byHours = (x: number) => (x <= 0 ? 0 : hourly ? hourly * x : Number.POSITIVE_INFINITY);
  // Days and the rest: the rest by the hour, capped at one more day.
  const byDays = (x: number) => {
    if (!daily) return byHours(x);
    const d = Math.floor(x / 24 + 1e-9);
    return Math.min(byHours(x), d * daily + Math.min(daily, byHours(x - d * 24)));
  };
  let best = byDays(h);
  let basis: RentalBasis = !daily || best === byHours(h) ? 'hourly' : 'daily';
  if (weekly) {
    const w = Math.floor(h / 168 + 1e-9);
    const byWeeks = w * weekly + Math.min(weekly, byDays(h - w * 168));
    if (byWeeks < best) {
      best = byWeeks;
      basis = 'weekly';
    }
  }
  return { cents: cents(Number.isFinite(best) ? best : 0), basis };
}

/**
 * R-RES-15: a late return's overage by the rates at booking: the price of the hours kept less the price of
 * the hours booked (so a late day never costs more than a day). With only an hourly rate this is hours x rate.
 */
export function rentalOverageCents(bookedHours: number, overageHours: number, rates: RentalRates): Cents {
  if (overageHours <= 0) return cents(0);
  if (!rates.dailyCents && !rates.weeklyCents) return multiplyCents(rates.hourlyCents, overageHours);
  return cents(
    Math.max(0, rentalPrice(bookedHours + overageHours, rates).cents - rentalPrice(bookedHours, rates).cents),
  );
}

/** Hours between two instants, to 2 decimals (R-RES-8: a 36e5 ms divisor). */
export function hoursBetween(fromMs: number, toMs: number): number {
  const h = (toMs - fromMs) / 36e5;
  return Number.isFinite(h) ? Math.round(h * 100) / 100 : 0;
}

interface ChargesInput {
  /** Base price in cents: item = duration x hourly rate; service = quoteCents(...).totalCents. */
  baseCents: number;
  hasService: boolean;
  hourlyRateCents: number;
  /** Hours past the expected end (0 when on time); ignored with a service. */
  overageHours?: number;
  /** An overage amount that replaces hours x rate (R-RES-2: "overageAmount, else hours x rate"). */
  overageCents?: number | null;
  refundCents?: number;
  /** R-RES-15: the hours booked and the rates at booking; the overage then follows rentalOverageCents. */
  rental?: { bookedHours: number; rates: RentalRates } | null;
  /** Percent with at most 3 decimals (8.875 = 8.875 %): the reservation's rate, else the organization's, else 0. */
  taxRate?: number | null;
}

export interface Charges {
  baseCents: Cents;
  overageHours: number;
  overageCents: Cents;
  refundCents: Cents;
  subtotalCents: Cents;
  taxRate: number;
  taxCents: Cents;
  totalCents: Cents;
}

/**
 * R-MONEY-3: overage only without a service (the amount, else hours x rate); subtotal =
 * max(0, base + overage - refund); tax = subtotal x rate / 100 when both are positive, rounded once
 * (half away from zero) and worked in whole thousandths of a percent (`percentOf`, R-SET-4: 3 decimals);
 * total = subtotal + tax. The rate returned is the one applied, to its 3 decimals.
 */
export function computeCharges(input: ChargesInput): Charges {
  const overageHours = input.hasService ? 0 : Math.max(0, input.overageHours ?? 0);
  const overageCents = input.hasService
    ? cents(0)
    : input.overageCents != null && input.overageCents > 0
      ? cents(input.overageCents)
      : input.rental
        ? rentalOverageCents(input.rental.bookedHours, overageHours, input.rental.rates)
        : multiplyCents(input.hourlyRateCents, overageHours);
  const refundCents = cents(Math.max(0, input.refundCents ?? 0));
  const subtotalCents = cents(Math.max(0, input.baseCents + overageCents - refundCents));
  const taxRate =
    input.taxRate != null && Number.isFinite(input.taxRate) && input.taxRate > 0
      ? thousandthsToPercent(percentToThousandths(input.taxRate))
      : 0;
  const taxCents = subtotalCents > 0 && taxRate > 0 ? percentOf(subtotalCents, taxRate) : cents(0);
  return {
    baseCents: cents(input.baseCents),
    overageHours,
    overageCents,
    refundCents,
    subtotalCents,
    taxRate,
    taxCents,
    totalCents: sumCents([subtotalCents, taxCents]),
  };
}

/**
 * The money movements of a return (docs/decisions/0012-right-about-money.md), each its own payment row: what the rental
 * cost (taxed, before the refund) beyond the deposit already taken, and the refund with its tax share. They add up to
 * the balance `totalCents - depositCents`. `paidBackCents` is what the customer got back (R-REP-9 "Refunded"): the
 * refund with its tax share and a deposit above the rental cost, i.e. the return's REFUND payment rows.
 */
export function returnMovements(input: { unrefundedTotalCents: number; totalCents: number; depositCents: number }): {
  chargeCents: Cents;
  refundCents: Cents;
  paidBackCents: Cents;
} {
  const chargeCents = cents(input.unrefundedTotalCents - input.depositCents);
  const refundCents = cents(Math.max(0, input.unrefundedTotalCents - input.totalCents));
  return { chargeCents, refundCents, paidBackCents: cents(refundCents + Math.max(0, -chargeCents)) };
}

type RefundCheck = { ok: true; refundCents: Cents; refundHours: number } | { ok: false; message: string };

/**
 * R-RES-6 refunds. By hours (step 0.25, 0-24): hours x hourly rate, capped at the total. By
 * amount: refused above the total with the spec's message. The total a refund is capped at is base
 * plus overage (what the customer would pay before the refund). A refund above 0 needs cash or credit.
 */
export function checkRefund(input: {
  hours?: number | null;
  amount?: number | null;
  cash?: boolean;
  credit?: boolean;
  manualEntry?: string | boolean | null;
  hourlyRateCents: number;
  capCents: number;
}): RefundCheck {
  const hours = Math.max(0, Number(input.hours ?? 0) || 0);
  const amountGiven = input.amount != null && Number(input.amount) > 0;
  const byHours = input.manualEntry === 'hours' || (!amountGiven && hours > 0);
  if (hours > REFUND_HOURS_MAX || Math.round(hours / REFUND_HOURS_STEP) * REFUND_HOURS_STEP !== hours) {
    return { ok: false, message: 'Refund hours must be between 0 and 24 in steps of 0.25' };
  }
  let refundCents: Cents;
  let refundHours = 0;
  if (byHours) {
    refundHours = hours;
    refundCents = cents(Math.min(input.capCents, multiplyCents(input.hourlyRateCents, hours)));
  } else {
    refundCents = toCents(input.amount ?? 0);
    if (refundCents > input.capCents) {
      return {
        ok: false,
        message: `Refund amount cannot exceed the total reservation amount (${formatCents(input.capCents)}). Please adjust the refund amount.`,
      };
    }
  }
  if (refundCents > 0 && !input.cash && !input.credit) {
    return { ok: false, message: 'Please select either Cash or Credit (or both) for the refund payment method.' };
  }
  return { ok: true, refundCents: cents(Math.max(0, refundCents)), refundHours };
}
