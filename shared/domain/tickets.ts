/**
 * Ticket types (R-SVC-13, beyond the spec): a service may sell its places as named tickets (Adult,
 * Child...) each with its own price. A booking then says how many of each; its party is the sum of the
 * counts and its base price the sum of count × price (shared/domain/pricing.ts quoteCents). Seasonal
 * tiers (R-SVC-3) replace the base rate only of services without ticket types
 * (docs/decisions/0272-ticket-types.md). Both sides import these rules; the server loads them with a booking
 * (admission.ts), not at cold start (the contract keeps its own limit, MAX_TICKET_TYPES).
 */
import { type Cents, fromCents, multiplyCents, sumCents, toCents } from './money.js';

/** A booking's participants are its tickets: a body saying otherwise is refused (400). */
export const TICKETS_MISMATCH = 'Participants must equal the number of tickets';

interface TicketType {
  id?: string;
  name: string;
  /** Dollars, as every rate of the service (cents inside the sums). */
  rate: number;
}
export interface TicketCount {
  typeId: string;
  count: number;
}
export interface TicketLine {
  typeId: string;
  name: string;
  rate: number;
  count: number;
  amountCents: Cents;
}

export const hasTicketTypes = (s: { ticketTypes?: readonly TicketType[] | null }): boolean =>
  (s.ticketTypes?.length ?? 0) > 0;

/** The people a booking's tickets bring. */
export const ticketCount = (tickets: readonly { count: number }[] | null | undefined): number =>
  (tickets ?? []).reduce((n, t) => n + Math.max(0, Math.floor(t.count) || 0), 0);

/** Each type asked for (count above 0) at the service's own price, in the service's order. */
export function ticketLines(types: readonly TicketType[], tickets: readonly TicketCount[]): TicketLine[] {
  return types.flatMap((t) => {
    const count = ticketCount(tickets.filter((x) => x.typeId === t.id));
    return count > 0
      ? [{ typeId: t.id ?? '', name: t.name, rate: t.rate, count, amountCents: multiplyCents(toCents(t.rate), count) }]
      : [];
  });
}

const ticketsCents = (lines: readonly Pick<TicketLine, 'amountCents'>[]): Cents =>
  sumCents(lines.map((l) => l.amountCents));

/**
 * The price input of a ticketed booking for quoteCents (pricing.ts): the tickets' sum as one fixed base,
 * their count as the party (a per-person add-on is charged per ticket).
 */
export const ticketPrice = (lines: readonly Pick<TicketLine, 'amountCents' | 'count'>[]) => ({
  rate: fromCents(ticketsCents(lines)),
  rateType: 'FIXED',
  participants: ticketCount(lines),
});

/**
 * Why a booking's tickets are refused on this service, null when they fit (R-SVC-13). `participants`, the
 * body's participantCount, must be the tickets' sum.
 */
export function ticketsRefusal(
  types: readonly TicketType[] | null | undefined,
  tickets: readonly TicketCount[] | null | undefined,
  participants?: number,
): string | null {
  const own = types ?? [];
  const asked = (tickets ?? []).filter((t) => t.count > 0);
  if (own.length === 0) return asked.length ? 'This service has no ticket types' : null;
  if (asked.length === 0) return 'Choose at least one ticket';
  if (asked.some((t) => !own.some((o) => o.id === t.typeId))) return 'Unknown ticket type';
  if (new Set(asked.map((t) => t.typeId)).size !== asked.length) return 'Each ticket type may appear once';
  if (participants !== undefined && participants !== ticketCount(asked)) return TICKETS_MISMATCH;
  return null;
}

/** "2 × Adult, 1 × Child": the tickets as the staff details and the confirmation mail print them. */
export const ticketsText = (lines: readonly Pick<TicketLine, 'name' | 'count'>[]): string =>
  lines.map((l) => `${l.count} × ${l.name}`).join(', ');
