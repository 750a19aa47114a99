/**
 * Service prices (R-BOOK-4, R-MONEY-3). The public page previews a total with `quote` and
 * the booking operation charges the total `quote` computes on the server: one function, one answer.
 */
import { type Cents, formatUsd, fromCents, multiplyCents, sumCents, toCents } from './money.js';
import { clampParticipants } from './party.js';
import { DEFAULT_TIME_ZONE, endOfDayIn, isRealDate, isValidTimeZone, startOfDayIn } from './time.js';

export const SERVICE_RATE_TYPES = ['PER_PERSON', 'HOURLY', 'FIXED'] as const;
export const TIER_RATE_TYPES = ['HOURLY', 'FIXED', 'PER_PERSON', 'PER_ITEM'] as const;
export const ADDON_RATE_TYPES = ['FIXED', 'PER_PERSON', 'PER_ITEM'] as const;
type ServiceRateType = (typeof SERVICE_RATE_TYPES)[number];
type AnyRateType = ServiceRateType | 'PER_ITEM';

/** Staff lists: "Rate: $rate / rateType" with these words (R-BOOK-4). */
const STAFF_RATE_SUFFIX: Record<string, string> = {
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

interface PricingTier {
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
    ticketTypes?: readonly unknown[] | null;
  },
  at: Date,
  zone?: string | null,
): { rate: number; rateType: string; tier?: string } {
  const on = service.enableTieredPricing === true || service.enableTieredPricing === 'true';
  const tiers = service.pricingTiers ?? [];
  const z = isValidTimeZone(zone) ? zone : isValidTimeZone(service.timeZone) ? service.timeZone : DEFAULT_TIME_ZONE;
  // R-SVC-13: ticket types carry their own prices; tiers price only services without them (docs/decisions/0272-ticket-types.md).
  if (on && tiers.length && !service.ticketTypes?.length) {
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

interface QuoteInput {
  rate: number;
  rateType: string;
  /** People in the booking; 1 when absent. */
  participants?: number;
  /** Slot length, for HOURLY. */
  hours?: number;
  addons?: readonly Addon[];
}

interface Quote {
  base: number;
  addons: { name: string; amount: number }[];
  addonsTotal: number;
  total: number;
}

interface QuoteCents {
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
  const people = clampParticipants(input.participants ?? 1, Number.POSITIVE_INFINITY);
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
