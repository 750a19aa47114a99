/**
 * Service prices (R-BOOK-4, R-MONEY-3). The public page previews a total with `quote` and
 * the booking operation charges the total `quote` computes on the server: one function, one answer.
 */

import {
  type Cents,
  cents,
  formatCents,
  formatUsd,
  fromCents,
  multiplyCents,
  percentOf,
  sumCents,
  toCents,
} from './money.js';
import { DEFAULT_TIME_ZONE, endOfDayIn, isRealDate, isValidTimeZone, startOfDayIn } from './time.js';

export const SERVICE_RATE_TYPES = ['PER_PERSON', 'HOURLY', 'FIXED'] as const;
export const TIER_RATE_TYPES = ['HOURLY', 'FIXED', 'PER_PERSON', 'PER_ITEM'] as const;
export const ADDON_RATE_TYPES = ['FIXED', 'PER_PERSON', 'PER_ITEM'] as const;
export type ServiceRateType = (typeof SERVICE_RATE_TYPES)[number];
export type AnyRateType = ServiceRateType | 'PER_ITEM';

/** Staff lists: "Rate: $rate / rateType" with these words (R-BOOK-4). */
export const STAFF_RATE_SUFFIX: Record<string, string> = {
  PER_PERSON: '/person',
  HOURLY: '/hour',
  FIXED: '(fixed)',
  PER_ITEM: '/item',
};
/** A price as staff screens print it (R-BOOK-4): "$55.00/person", "$40.00/hour", "$50.00 (fixed)". */
export function staffPriceText(rate: number, rateType: string): string {
  const suffix = STAFF_RATE_SUFFIX[rateType] ?? '';
  return `${formatUsd(rate)}${suffix.startsWith('/') ? suffix : suffix ? ` ${suffix}` : ''}`;
}
/** A rate type as a select or a heading names it: the public labels (R-BOOK-4) as words that start a line. */
export const RATE_TYPE_LABEL: Record<AnyRateType, string> = {
  PER_PERSON: 'Per person',
  HOURLY: 'Per hour',
  FIXED: 'Fixed price',
  PER_ITEM: 'Per item',
};
/** Public page labels (R-BOOK-4). */
export const PUBLIC_RATE_LABEL: Record<string, string> = {
  PER_PERSON: 'per person',
  HOURLY: 'per hour',
  FIXED: 'fixed price',
  PER_ITEM: 'per item',
};

export interface PricingTier {
  id?: string;
  name?: string;
  rate: number;
  rateType: string;
  validFrom?: string | null;
  validTo?: string | null;
}

export interface Addon {
  id?: string;
  name: string;
  rate: number;
  rateType?: string;
}

export { formatUsd };

/**
 * R-SVC-3: with tiered pricing on, the tier whose validFrom..validTo contains the date
 * (validFrom's first instant to validTo's 23:59:59.999, both days in `zone`) replaces rate and rate
 * type; tiers sorted by start, first match wins. `zone` is the service's (else the organization's)
 * zone: the answer does not depend on the machine's zone. Without a zone, America/New_York.
 */
export function effectiveRate(
  service: {
    rate: number;
    rateType: string;
    enableTieredPricing?: boolean | string | null;
    pricingTiers?: readonly PricingTier[] | null;
    timeZone?: string | null;
  },
  at: Date,
  zone?: string | null,
): { rate: number; rateType: string; tier?: string } {
  const on = service.enableTieredPricing === true || service.enableTieredPricing === 'true';
  const tiers = service.pricingTiers ?? [];
  const z = isValidTimeZone(zone) ? zone : isValidTimeZone(service.timeZone) ? service.timeZone : DEFAULT_TIME_ZONE;
  if (on && tiers.length) {
    const t = at.getTime();
    const bound = (d: string | null | undefined, end: boolean) => {
      if (!d) return end ? Infinity : -Infinity;
      const day = d.slice(0, 10);
      if (!isRealDate(day)) return NaN;
      return (end ? endOfDayIn(day, z) : startOfDayIn(day, z)).getTime();
    };
    const sorted = tiers
      .map((tier) => ({ tier, from: bound(tier.validFrom, false), to: bound(tier.validTo, true) }))
      .filter((x) => !Number.isNaN(x.from) && !Number.isNaN(x.to))
      .sort((a, b) => a.from - b.from);
    for (const { tier, from, to } of sorted) {
      if (t >= from && t <= to && Number.isFinite(Number(tier.rate)))
        return { rate: Number(tier.rate), rateType: tier.rateType, tier: tier.name };
    }
  }
  return { rate: Number(service.rate) || 0, rateType: service.rateType };
}

export interface QuoteInput {
  rate: number;
  rateType: string;
  /** People in the booking; 1 when absent. */
  participants?: number;
  /** Slot length, for HOURLY. */
  hours?: number;
  addons?: readonly Addon[];
}

export interface Quote {
  base: number;
  addons: { name: string; amount: number }[];
  addonsTotal: number;
  total: number;
}

export interface QuoteCents {
  baseCents: Cents;
  addons: { name: string; cents: Cents }[];
  addonsCents: Cents;
  totalCents: Cents;
}

/**
 * R-BOOK-4 and R-BOOK-4, in cents: PER_PERSON rate times the participants; HOURLY times
 * the hours (rounded once); FIXED and PER_ITEM once. Each add-on once, or times the participants when
 * its own type is PER_PERSON (R-BOOK-4; the public page and the staff dialog agree). The total is
 * the service price plus all add-ons.
 */
export function quoteCents(input: QuoteInput): QuoteCents {
  const people = Math.max(1, Math.floor(input.participants ?? 1) || 1);
  const rateCents = toCents(input.rate);
  let baseCents: Cents;
  switch (input.rateType) {
    case 'PER_PERSON':
      baseCents = multiplyCents(rateCents, people);
      break;
    case 'HOURLY':
      baseCents = multiplyCents(rateCents, Math.max(0, input.hours ?? 0));
      break;
    default:
      baseCents = rateCents;
  }
  const addons = (input.addons ?? []).map((a) => ({
    name: a.name,
    cents: multiplyCents(toCents(a.rate), addonQuantity(a.rateType, people)),
  }));
  const addonsCents = sumCents(addons.map((a) => a.cents));
  return { baseCents, addons, addonsCents, totalCents: sumCents([baseCents, addonsCents]) };
}

/** quoteCents in dollars, for screens and the public booking's answer. */
/** How many times an add-on is charged: once per person for a per-person add-on, else once. */
export function addonQuantity(rateType: string | null | undefined, people: number): number {
  return rateType === 'PER_PERSON' ? people : 1;
}

export function quote(input: QuoteInput): Quote {
  const q = quoteCents(input);
  return {
    base: fromCents(q.baseCents),
    addons: q.addons.map((a) => ({ name: a.name, amount: fromCents(a.cents) })),
    addonsTotal: fromCents(q.addonsCents),
    total: fromCents(q.totalCents),
  };
}

// ---------------------------------------------------------------- reservation charges (R-MONEY-3)

/** R-RES-6: refund hours step and range; the minimum return time after the start. */
export const REFUND_HOURS_STEP = 0.25;
export const REFUND_HOURS_MAX = 24;
export const MIN_RETURN_AFTER_START_MS = 5 * 60_000;

export interface RateSources {
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
  for (const v of [
    src.rateAtBooking,
    src.variantHourlyRate,
    src.itemHourlyRate,
    src.productTypeDefaultHourlyRate,
    src.cartHourlyRate,
    src.serviceRate,
  ]) {
    const n = typeof v === 'string' ? Number(v) : v;
    if (typeof n === 'number' && Number.isFinite(n) && n > 0) return toCents(n);
  }
  return cents(0);
}

/** Hours between two instants, to 2 decimals (R-RES-8: a 36e5 ms divisor). */
export function hoursBetween(fromMs: number, toMs: number): number {
  const h = (toMs - fromMs) / 36e5;
  return Number.isFinite(h) ? Math.round(h * 100) / 100 : 0;
}

export interface ChargesInput {
  /** Base price in cents: item = duration x hourly rate; service = quoteCents(...).totalCents. */
  baseCents: number;
  hasService: boolean;
  hourlyRateCents: number;
  /** Hours past the expected end (0 when on time); ignored with a service. */
  overageHours?: number;
  /** An overage amount that replaces hours x rate (R-RES-2: "overageAmount, else hours x rate"). */
  overageCents?: number | null;
  refundCents?: number;
  /** Percent (8.25 = 8.25 %): the reservation's rate, else the organization's, else 0. */
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
 * (half away from zero); total = subtotal + tax.
 */
export function computeCharges(input: ChargesInput): Charges {
  const overageHours = input.hasService ? 0 : Math.max(0, input.overageHours ?? 0);
  const overageCents = input.hasService
    ? cents(0)
    : input.overageCents != null && input.overageCents > 0
      ? cents(input.overageCents)
      : multiplyCents(input.hourlyRateCents, overageHours);
  const refundCents = cents(Math.max(0, input.refundCents ?? 0));
  const subtotalCents = cents(Math.max(0, input.baseCents + overageCents - refundCents));
  const taxRate = input.taxRate != null && Number.isFinite(input.taxRate) && input.taxRate > 0 ? input.taxRate : 0;
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
 * The money movements of a return (docs/decisions/right-about-money.md), each its own payment row: what the rental cost
 * (taxed, before the refund) beyond the deposit already taken, and the refund with its tax share.
 * They add up to the balance `totalCents - depositCents`.
 */
export function returnMovements(input: { unrefundedTotalCents: number; totalCents: number; depositCents: number }): {
  chargeCents: Cents;
  refundCents: Cents;
} {
  return {
    chargeCents: cents(input.unrefundedTotalCents - input.depositCents),
    refundCents: cents(Math.max(0, input.unrefundedTotalCents - input.totalCents)),
  };
}

export type RefundCheck = { ok: true; refundCents: Cents; refundHours: number } | { ok: false; message: string };

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

/** R-RES-2: 'Cash', 'Credit', 'Cash & Credit', or 'Not specified'. */
export function depositTypeLabel(cash: boolean | null | undefined, credit: boolean | null | undefined): string {
  if (cash && credit) return 'Cash & Credit';
  if (cash) return 'Cash';
  if (credit) return 'Credit';
  return 'Not specified';
}

/**
 * R-BOOK-4: a service booking's notes carry, for the people who read them, a line
 * 'Participants: N' and 'Selected Add-ons:' followed by one add-on name per line. The booking stores
 * both as data too (`participantCount`, `selectedAddons`); code reads the data, never these lines.
 */
export function bookingNotes(opts: {
  participants: number;
  addonNames: readonly string[];
  notes?: string | null;
  allergies?: string | null;
}): string {
  const lines: string[] = [];
  if (opts.notes?.trim()) lines.push(opts.notes.trim());
  if (opts.allergies?.trim()) lines.push(`Allergies: ${opts.allergies.trim()}`);
  lines.push(`Participants: ${opts.participants}`);
  if (opts.addonNames.length) lines.push('Selected Add-ons:', ...opts.addonNames);
  return lines.join('\n');
}
