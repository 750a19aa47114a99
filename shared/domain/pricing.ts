/**
 * Service prices (document 2 §9, document 3 §5). The public page previews a total with `quote` and
 * the booking operation charges the total `quote` computes on the server: one function, one answer.
 */

export const SERVICE_RATE_TYPES = ['PER_PERSON', 'HOURLY', 'FIXED'] as const;
export const TIER_RATE_TYPES = ['HOURLY', 'FIXED', 'PER_PERSON', 'PER_ITEM'] as const;
export const ADDON_RATE_TYPES = ['FIXED', 'PER_PERSON', 'PER_ITEM'] as const;
export type ServiceRateType = (typeof SERVICE_RATE_TYPES)[number];
export type AnyRateType = ServiceRateType | 'PER_ITEM';

/** Staff lists: "Rate: $rate / rateType" with these words (document 2 §9). */
export const STAFF_RATE_SUFFIX: Record<string, string> = { PER_PERSON: '/person', HOURLY: '/hour', FIXED: '(fixed)', PER_ITEM: '/item' };
/** Public page labels (document 2 §9). */
export const PUBLIC_RATE_LABEL: Record<string, string> = { PER_PERSON: 'per person', HOURLY: 'per hour', FIXED: 'fixed price', PER_ITEM: 'per item' };

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

/** Cents, half away from zero, without binary fractions leaking into totals. */
export function roundMoney(n: number): number {
  if (!Number.isFinite(n)) return 0;
  // toPrecision drops the binary noise (1.005 * 100 = 100.49999...) before rounding.
  return (Math.sign(n) * Math.round(Number((Math.abs(n) * 100).toPrecision(12)))) / 100;
}

export function formatUsd(n: number | string | null | undefined): string {
  const v = typeof n === 'string' ? Number(n) : n ?? 0;
  return `$${(Number.isFinite(v) ? v : 0).toFixed(2)}`;
}

const dayStart = (d: string) => new Date(`${d.slice(0, 10)}T00:00:00`).getTime();
const dayEnd = (d: string) => new Date(`${d.slice(0, 10)}T23:59:59.999`).getTime();

/**
 * Document 3 §5: with tiered pricing on, the tier whose validFrom..validTo (the end day inclusive to
 * 23:59:59) contains the booking date replaces rate and rate type; tiers sorted by start, first wins.
 */
export function effectiveRate(
  service: { rate: number; rateType: string; enableTieredPricing?: boolean | string | null; pricingTiers?: readonly PricingTier[] | null },
  at: Date,
): { rate: number; rateType: string; tier?: string } {
  const on = service.enableTieredPricing === true || service.enableTieredPricing === 'true';
  if (on && service.pricingTiers?.length) {
    const t = at.getTime();
    const sorted = [...service.pricingTiers].sort((a, b) => (a.validFrom ? dayStart(a.validFrom) : -Infinity) - (b.validFrom ? dayStart(b.validFrom) : -Infinity));
    for (const tier of sorted) {
      const from = tier.validFrom ? dayStart(tier.validFrom) : -Infinity;
      const to = tier.validTo ? dayEnd(tier.validTo) : Infinity;
      if (t >= from && t <= to && Number.isFinite(Number(tier.rate))) return { rate: Number(tier.rate), rateType: tier.rateType, tier: tier.name };
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

/**
 * Document 2 §9: a PER_PERSON rate times the participants; HOURLY times the hours; FIXED and
 * PER_ITEM once. Each add-on once, or times the participants when its own type is PER_PERSON.
 * The total is the service price plus all add-ons.
 */
export function quote(input: QuoteInput): Quote {
  const people = Math.max(1, Math.floor(input.participants ?? 1) || 1);
  const rate = Number(input.rate) || 0;
  let base: number;
  switch (input.rateType) {
    case 'PER_PERSON':
      base = rate * people;
      break;
    case 'HOURLY':
      base = rate * Math.max(0, input.hours ?? 0);
      break;
    default:
      base = rate;
  }
  const addons = (input.addons ?? []).map((a) => ({
    name: a.name,
    amount: roundMoney((Number(a.rate) || 0) * (a.rateType === 'PER_PERSON' ? people : 1)),
  }));
  const addonsTotal = roundMoney(addons.reduce((s, a) => s + a.amount, 0));
  base = roundMoney(base);
  return { base, addons, addonsTotal, total: roundMoney(base + addonsTotal) };
}

/**
 * Document 3 §3: service bookings keep participants and add-ons as text inside notes, a line
 * 'Participants: N' and 'Selected Add-ons:' followed by one add-on name per line. The add-on block
 * comes last so that a reader can take every line after its heading.
 */
export function bookingNotes(opts: { participants: number; addonNames: readonly string[]; notes?: string | null; allergies?: string | null }): string {
  const lines: string[] = [];
  if (opts.notes?.trim()) lines.push(opts.notes.trim());
  if (opts.allergies?.trim()) lines.push(`Allergies: ${opts.allergies.trim()}`);
  lines.push(`Participants: ${opts.participants}`);
  if (opts.addonNames.length) lines.push('Selected Add-ons:', ...opts.addonNames);
  return lines.join('\n');
}

/** The reverse of bookingNotes, for the reservations view: participants (1 if absent) and add-on names. */
export function parseBookingNotes(notes: string | null | undefined): { participants: number; addonNames: string[] } {
  const text = notes ?? '';
  const m = /^Participants:\s*(\d+)\s*$/m.exec(text);
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.trim() === 'Selected Add-ons:');
  return {
    participants: m ? Math.max(1, Number(m[1])) : 1,
    addonNames: at >= 0 ? lines.slice(at + 1).map((l) => l.trim()).filter(Boolean) : [],
  };
}
