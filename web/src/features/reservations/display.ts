/**
 * Display helpers of this page: times in the organization's zone (shared/domain/time.ts), money from
 * the wire's dollars through cents (shared/domain/money.ts), labels of rows.
 */
import { formatCents, toCents } from '../../../../shared/domain/money.js';
import { formatDateTimeIn, formatTimeIn, type ZoneTextOptions } from '../../../../shared/domain/time-text.js';
import { useOrgTimeZone, zoneDiffersFromBrowser, zoneOf } from '../../app/time-zone.js';
import type { Reservation } from './types.js';

/** The zone the page shows and takes times in: the organization's (app/time-zone.ts). */
export { zoneOf };
export const usePageZone = useOrgTimeZone;

/** Times in `zone`, named when this browser's clock is another (issue 23 item 2). */
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
