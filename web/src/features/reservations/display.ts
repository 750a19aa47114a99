/**
 * Display helpers of this page: times in the organization's zone (shared/domain/time.ts), money from
 * the wire's dollars through cents (shared/domain/money.ts), labels of rows.
 */
import { formatCents, sumCents, toCents } from '../../../../shared/domain/money.js';
import { MONEY_FIGURES } from '../../../../shared/domain/revenue.js';
import { pluralize } from '../../../../shared/domain/words.js';
import { formatDateTimeIn, formatTimeIn, type ZoneTextOptions } from '../../../../shared/domain/time-text.js';
import { useOrgTimeZone, zoneDiffersFromBrowser, zoneOf } from '../../app/time-zone.js';
import type { Reservation } from './types.js';

/** The zone the page shows and takes times in: the organization's (app/time-zone.ts). */
export { zoneOf };
export const usePageZone = useOrgTimeZone;

/** Times in `zone`, named when this browser's clock is another (docs/decisions/0008-one-time-zone.md). */
export function fmtDateTime(
  iso: string | null | undefined,
  zone: string,
  o: ZoneTextOptions = { zoneName: zoneDiffersFromBrowser(zone) },
): string {
  return formatDateTimeIn(iso, zone, o) || '-';
}

export function fmtTime(
  iso: string | null | undefined,
  zone: string,
  o: ZoneTextOptions = { zoneName: zoneDiffersFromBrowser(zone) },
): string {
  return formatTimeIn(iso, zone, o) || '-';
}

/** Dollars on the wire to "$12.34". */
export const money = (dollars: number | string | null | undefined) => formatCents(toCents(dollars ?? 0));

export function customerName(r: Pick<Reservation, 'customer'>): string {
  const c = r.customer;
  return c ? `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim() || '-' : '-';
}

export function employeeName(
  e: { firstName?: string | null; lastName?: string | null } | string | null | undefined,
): string {
  if (!e) return '-';
  if (typeof e === 'string') return e;
  return `${e.firstName ?? ''} ${e.lastName ?? ''}`.trim() || '-';
}

/** A service booking's party: "2 participants" (none for item rows). */
export function participantsText(r: Pick<Reservation, 'kind' | 'participantCount'>): string | null {
  return r.kind === 'SERVICE' && r.participantCount ? pluralize(r.participantCount, 'participant') : null;
}

/**
 * The totals line under a list's rows: how many are shown, the participants of the service bookings
 * among them, and what they are booked for (R-REP-9 Booked: the rows' totals, summed in cents).
 */
export function listTotalsText(
  rows: readonly Pick<Reservation, 'kind' | 'participantCount' | 'totalAmount'>[],
): string {
  const participants = rows.reduce((t, r) => t + (r.kind === 'SERVICE' ? (r.participantCount ?? 0) : 0), 0);
  const booked = sumCents(rows.map((r) => toCents(r.totalAmount ?? 0)));
  return [
    `Total of ${pluralize(rows.length, 'row')} shown`,
    rows.some((r) => r.kind === 'SERVICE') ? pluralize(participants, 'participant') : null,
    `${MONEY_FIGURES.booked} ${formatCents(booked)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** What was booked: the service name, or the item number with its type and variant. */
export function bookedLabel(r: Pick<Reservation, 'service' | 'inventoryItem'>): string {
  if (r.service?.name) return r.service.name;
  const i = r.inventoryItem;
  if (i) return i.name ? `${i.itemNumber} (${i.name})` : i.itemNumber;
  return '-';
}

export function hoursOf(r: Pick<Reservation, 'reservationDuration' | 'startTime' | 'endTime'>): number | null {
  const d = Number(r.reservationDuration);
  if (Number.isFinite(d) && d > 0) return Math.round(d * 100) / 100;
  const s = Date.parse(r.startTime);
  const e = Date.parse(r.endTime ?? '');
  if (Number.isFinite(s) && Number.isFinite(e) && e > s) return Math.round(((e - s) / 36e5) * 100) / 100;
  return null;
}

export const STATUS_COLOUR: Record<string, string> = { ACTIVE: 'green', COMPLETED: 'blue', CANCELLED: 'gray' };

/** The status chip that lists the no-shows (the list query's `noShow=true`, R-RES-12). */
export const NO_SHOW_FILTER = 'NO_SHOW';

/**
 * The page header's counts say what they count (docs/decisions/0225-layout-at-375-and-1366.md): on the Reservations and Services
 * tabs the counts of that tab's kind (the list answer's, kept on write), on the log both kinds, named.
 */
export function headerCounts(
  tab: 'items' | 'services' | 'log',
  kindCounts: { all: number; active: number; overdue: number } | undefined,
  both: { total: number; active: number; overdue: number } | undefined,
): string | null {
  if (tab === 'log' || !kindCounts) {
    if (!both) return null;
    return `${pluralize(both.total, 'reservation')} of items and services · ${both.active} active · ${both.overdue} overdue`;
  }
  const what = tab === 'services' ? 'service booking' : 'item reservation';
  return `${pluralize(kindCounts.all, what)} · ${kindCounts.active} active · ${kindCounts.overdue} overdue`;
}
