import type { ModuleId } from '../../../../shared/domain/modules.js';
import type { ReservationKind } from '../../../../shared/domain/reservations.js';
import { pluralize } from '../../../../shared/domain/words.js';
import type { DashboardStats } from './stats.js';
import type { LiveMessage } from './live.js';

/** R-DASH-4. */
export const ACTIVE_REFRESH_MS = 120_000;
export const ACTIVE_FETCH_LIMIT = 10;
const ACTIVE_SHOWN = 5;
const ACTIVE_SHOWN_COMPACT = 3;
export const RECENT_ACTIVITY_MAX = 5;
export const OVERDUE_TEXT = 'This reservation is overdue and may incur additional charges';

export type DashboardLayout = 'default' | 'compact';

/** R-DASH-3 "Active reservation (as read)". */
export interface ActiveReservation {
  id: string;
  reservationNumber: string;
  status: string;
  kind: ReservationKind;
  startTime: string;
  endTime: string | null;
  reservationDuration: number;
  /** Marked overdue by the server's sweep. */
  isOverdue: boolean;
  totalAmount: number;
  customerName: string;
  /** golfCart.cartNumber, inventoryItem.name or service.name. */
  rented: string;
}

type Obj = Record<string, unknown>;
const o = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const n = (v: unknown) => {
  const x = typeof v === 'string' ? Number(v) : v;
  return typeof x === 'number' && Number.isFinite(x) ? x : 0;
};

/** The answer may be a plain array or an object with a reservations array (R-DASH-2). */
export function normaliseActive(answer: unknown): ActiveReservation[] {
  const list = Array.isArray(answer)
    ? answer
    : Array.isArray(o(answer).reservations)
      ? (o(answer).reservations as unknown[])
      : [];
  return list.map((raw) => {
    const r = o(raw);
    const c = o(r.customer);
    const rented = s(o(r.golfCart).cartNumber) || s(o(r.inventoryItem).name) || s(o(r.service).name);
    return {
      id: s(r.id),
      reservationNumber: s(r.reservationNumber),
      status: s(r.status),
      kind: r.kind === 'SERVICE' || (!r.kind && Object.keys(o(r.service)).length > 0) ? 'SERVICE' : 'ITEM',
      startTime: s(r.startTime),
      endTime: s(r.endTime) || null,
      reservationDuration: n(r.reservationDuration),
      totalAmount: n(r.totalAmount),
      isOverdue: r.isOverdue === true,
      customerName: `${s(c.firstName)} ${s(c.lastName)}`.trim(),
      rented,
    };
  });
}

export { isOverdue } from '../../../../shared/domain/reservations.js';

export const activeShown = (layout: DashboardLayout) => (layout === 'compact' ? ACTIVE_SHOWN_COMPACT : ACTIVE_SHOWN);

export interface ActivityItem {
  key: string;
  title: string;
  detail?: string;
  /** App path (without the tenant base). */
  to: string;
  color: 'green' | 'blue' | 'orange' | 'red' | 'purple' | 'gray';
  at?: string;
}

const STATUS_LABEL: Record<string, string> = {
  AVAILABLE: 'available',
  IN_USE: 'in use',
  MAINTENANCE: 'in maintenance',
  OUT_OF_SERVICE: 'out of service',
  DAMAGED: 'damaged',
};
const count = (k: number, one: string, many: string) => pluralize(k, one, many, String);

/** A live event as a Recent Activity line (stats-updated has nothing to say on its own). */
function eventActivity(m: LiveMessage, i: number): ActivityItem | null {
  const p = m.payload;
  const number = s(p.reservationNumber);
  const who = s(p.customerName);
  const what = s(p.serviceName) || s(p.itemLabel) || s(p.itemName);
  const detail = [who, what].filter(Boolean).join(' · ') || undefined;
  const key = `live-${i}-${m.receivedAt}`;
  switch (m.type) {
    case 'reservation-created':
      return {
        key,
        title: `New reservation ${number}`.trim(),
        detail,
        to: '/reservations?status=active',
        color: 'green',
        at: m.receivedAt,
      };
    case 'reservation-updated':
      return {
        key,
        title: `Reservation ${number} updated`.replace('  ', ' '),
        detail,
        to: '/reservations?status=active',
        color: 'blue',
        at: m.receivedAt,
      };
    case 'reservation-cancelled':
      return {
        key,
        title: `Reservation ${number} cancelled`.replace('  ', ' '),
        detail,
        to: '/reservations',
        color: 'gray',
        at: m.receivedAt,
      };
    case 'inventory-status-changed': {
      const status = s(p.newStatus);
      return {
        key,
        title: `Item ${s(p.itemNumber)} is now ${STATUS_LABEL[status] ?? status.toLowerCase()}`.replace('  ', ' '),
        to: status === 'OUT_OF_SERVICE' ? '/inventory?status=out-of-service' : '/inventory',
        color: status === 'OUT_OF_SERVICE' ? 'red' : status === 'AVAILABLE' ? 'green' : 'orange',
        at: m.receivedAt,
      };
    }
    case 'payment-processed':
      return {
        key,
        title: `Payment received ${number}`.trim(),
        detail,
        to: '/reservations',
        color: 'purple',
        at: m.receivedAt,
      };
    case 'waitlist-joined':
      return {
        key,
        title: `${who || 'A customer'} joined the waitlist`,
        detail: what || undefined,
        to: '/inventory',
        color: 'blue',
        at: m.receivedAt,
      };
    case 'waitlist-booked':
      return {
        key,
        title: `Waitlist offer booked ${number}`.trim(),
        detail,
        to: '/reservations?status=active',
        color: 'green',
        at: m.receivedAt,
      };
    default:
      return null;
  }
}

/**
 * Recent Activity (R-DASH-1, max 5): what happened while the page was open (live events,
 * newest first), then the standing facts the counters give, with the spec's links; none of a
 * switched-off module (its counters read zero, its pages are closed).
 */
export function recentActivity(
  stats: DashboardStats | null,
  live: readonly LiveMessage[],
  isOn: (module: ModuleId) => boolean = () => true,
): ActivityItem[] {
  const items: ActivityItem[] = [];
  [...live].reverse().forEach((m, i) => {
    const a = eventActivity(m, i);
    if (a) items.push(a);
  });
  if (stats) {
    const active = stats.reservations.active;
    if (active > 0 && isOn('reservations'))
      items.push({
        key: 'active',
        title: count(active, 'active reservation', 'active reservations'),
        to: '/reservations?status=active',
        color: 'green',
      });
    const available = stats.inventory.statusCounts.AVAILABLE;
    if (isOn('inventory'))
      items.push({
        key: 'available',
        title: count(available, 'item available', 'items available'),
        to: '/inventory',
        color: 'blue',
      });
    const oos = stats.inventory.statusCounts.OUT_OF_SERVICE;
    if (oos > 0 && isOn('inventory'))
      items.push({
        key: 'oos',
        title: count(oos, 'item out of service', 'items out of service'),
        to: '/inventory?status=out-of-service',
        color: 'red',
      });
    const due = stats.inventory.maintenanceDue;
    if (due > 0 && isOn('inventory'))
      items.push({
        key: 'maintenance',
        title: count(due, 'item needs maintenance', 'items need maintenance'),
        to: '/inventory',
        color: 'orange',
      });
  }
  return items.slice(0, RECENT_ACTIVITY_MAX);
}

/**
 * Activity Overview: six tiles in the six stat colours (R-DASH-1, R-DASH-4) and this week's no-shows
 * (R-RES-12), all from counters, each with the module whose counters it shows (a switched-off module's
 * tiles are left out).
 */
export function overviewTiles(stats: DashboardStats) {
  const i = stats.inventory;
  return [
    { key: 'available', label: 'Available', value: i.statusCounts.AVAILABLE, color: 'green', module: 'inventory' },
    { key: 'in-use', label: 'In Use', value: i.statusCounts.IN_USE, color: 'blue', module: 'inventory' },
    {
      key: 'reservations',
      label: 'Total Reservations',
      value: stats.reservations.total,
      color: 'purple',
      module: 'reservations',
    },
    {
      key: 'maintenance',
      label: 'Maintenance',
      value: i.statusCounts.MAINTENANCE_REQUIRED,
      color: 'orange',
      module: 'inventory',
    },
    {
      key: 'out-of-service',
      label: 'Out of Service',
      value: i.statusCounts.OUT_OF_SERVICE,
      color: 'red',
      module: 'inventory',
    },
    { key: 'maintenance-due', label: 'Maintenance Due', value: i.maintenanceDue, color: 'gray', module: 'inventory' },
    {
      key: 'no-shows',
      label: 'No-shows This Week',
      // A browser copy cached before this tile has no such figure.
      value: stats.reservations.noShowsThisWeek ?? 0,
      color: 'orange',
      module: 'reservations',
    },
  ] as const;
}
