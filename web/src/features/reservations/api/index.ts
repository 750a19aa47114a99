import useSWR from 'swr';
import type { InventoryItem, ItemPage } from '../../../../../shared/contract/inventory-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { LOG_PAGE_SIZE, PAGE_SIZE } from '../rules.js';
import type { Charges, LogPage, Reservation, ReservationPage, ReservationStats, Tracking } from '../types.js';

/** Cache resources of this area (for useMutationAction's `revalidate`). */
export const RESERVATIONS = 'reservations';
export const RESERVATIONS_LIST = 'reservations.list';
export const RESERVATIONS_STATS = 'reservations.stats';
export const RESERVATIONS_LOGS = 'reservations.logs';
export const RESERVATION_ONE = 'reservations.one';
export const TRACKING = 'reservations.tracking';
export const RENTABLE_ITEMS = 'reservations.items';
export const TAX_RATE = 'reservations.taxRate';
/** Writes here change inventory (IN_USE), customers and the dashboard too. */
export const AFFECTED_BY_WRITES = [RESERVATIONS, 'inventory', 'customers', 'dashboard'];

export interface ListQuery {
  kind: 'ITEM' | 'SERVICE';
  status?: string;
  search?: string;
  service?: string;
  customer?: string;
  startDate?: string;
  endDate?: string;
  cursor?: string;
}

type Query = Record<string, string | number | undefined>;
const call = <T,>(id: string, input: { params?: Record<string, string>; query?: Query; body?: unknown } = {}) =>
  // The route ids and shapes are the contract's; the answers are typed by this feature's types.
  api<T>(id as never, input as never);

/** One server page (25) of reservations or service bookings for the current filters. */
export function useReservationPage(q: ListQuery) {
  return useSWR(apiKey(RESERVATIONS_LIST, q), () =>
    call<ReservationPage>('reservations.list', { query: { ...q, limit: PAGE_SIZE } as Query }),
  );
}

/** Chip counts, kept on write by the server (one read whatever the volume). */
export function useReservationStats() {
  return useSWR(apiKey(RESERVATIONS_STATS), () => call<ReservationStats>('reservations.statsOverview'));
}

export function useReservation(id: string | null) {
  return useSWR(id ? apiKey(RESERVATION_ONE, id) : null, async () => {
    const res = await call<{ data?: Reservation } & Partial<Reservation>>('reservations.get', { params: { id: id! } });
    return (res.data ?? res) as Reservation;
  });
}

export interface LogQuery {
  page: number;
  action?: string;
  employeeId?: string;
  reservationId?: string;
}

export function useReservationLogs(q: LogQuery, enabled: boolean) {
  return useSWR(enabled ? apiKey(RESERVATIONS_LOGS, q) : null, () => call<LogPage>('reservations.logs', { query: { ...q, limit: LOG_PAGE_SIZE } as Query }));
}

/** Paid?, Amount and Source of the service rows shown (document 3 §7): a failure resets all to unpaid. */
export function useTracking(ids: string[]) {
  return useSWR(ids.length ? apiKey(TRACKING, ids.join(',')) : null, async () => {
    try {
      return await call<Record<string, Tracking>>('payments.trackingBatch', { body: { reservationIds: ids } });
    } catch {
      return {} as Record<string, Tracking>;
    }
  });
}

/** Items a new reservation may take (document 3 §7: GET /api/inventory/items?status=AVAILABLE). */
export function useRentableItems(enabled: boolean) {
  return useSWR(enabled ? apiKey(RENTABLE_ITEMS) : null, async () => {
    const items: InventoryItem[] = [];
    let cursor: string | undefined;
    do {
      const page = await call<ItemPage>('inventory.listItems', { query: { status: 'AVAILABLE', limit: 1000, cursor } });
      items.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return items.sort((a, b) => a.itemNumber.localeCompare(b.itemNumber, undefined, { numeric: true }));
  });
}

/** The organisation's tax rate in percent; a failure is only logged (document 3 §8) and reads as 0. */
export function useTaxRate(enabled: boolean) {
  return useSWR(enabled ? apiKey(TAX_RATE) : null, async () => {
    try {
      const res = await call<{ value?: number | string } | number>('settings.taxRate');
      const v = typeof res === 'number' ? res : Number(res?.value ?? 0);
      return Number.isFinite(v) ? v : 0;
    } catch (e) {
      console.warn('Tax rate load failed', e);
      return 0;
    }
  });
}

export interface CreateBody {
  customer: { firstName: string; lastName: string; phone: string; address?: string; email?: string };
  reservation: Record<string, unknown>;
}

export const reservationsApi = {
  createItem: (body: CreateBody) => call<Reservation | { reservation: Reservation }>('reservations.createItem', { body }),
  createService: (body: CreateBody) => call<Reservation | { reservation: Reservation }>('reservations.createService', { body }),
  processReturn: (id: string, body: unknown) => call<Charges | { charges: Charges }>('reservations.processReturn', { params: { id }, body }),
  cancel: (id: string) => call('reservations.cancel', { params: { id } }),
  reprocess: (id: string) => call('reservations.reprocess', { params: { id } }),
  restore: (id: string, notes?: string) => call('reservations.restore', { params: { id }, body: { notes: notes ?? null } }),
  remove: (id: string) => call('reservations.delete', { params: { id } }),
  setTracking: (id: string, t: Tracking) => call('payments.trackingUpdate', { params: { reservationId: id }, body: t }),
};
