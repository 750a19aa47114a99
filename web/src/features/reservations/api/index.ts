import useSWR from 'swr';
import type {
  ItemReservationInput,
  ReturnInput,
  ServiceReservationInput,
  TrackingView,
} from '../../../../../shared/contract/reservation-models.js';
// From the domain module, not the contract: the contract's zod schemas stay out of the page's first load.
import { LOG_ACTIONS, type LogAction } from '../../../../../shared/domain/reservations.js';
import { api, type Answer, type QueryOf } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { LOG_PAGE_SIZE, PAGE_SIZE } from '../rules.js';

/** Cache resources of this area (for useMutationAction's `revalidate`). */
export const RESERVATIONS = 'reservations';
export const RESERVATIONS_LIST = 'reservations.list';
export const RESERVATIONS_STATS = 'reservations.stats';
export const RESERVATIONS_LOGS = 'reservations.logs';
export const RESERVATION_ONE = 'reservations.one';
export const TRACKING = 'reservations.tracking';
export const FREE_ITEMS = 'reservations.freeItems';
export const TAX_RATE = 'reservations.taxRate';
/** A reservation write also changes items (IN_USE), customers and the dashboard's counts. */
export const AFFECTED_BY_WRITES = [RESERVATIONS, 'inventory', 'customers', 'dashboard'];

export type ListAnswer = Answer<'reservations.list'>;
export type LogAnswer = Answer<'reservations.logs'>;
export type DetailAnswer = Answer<'reservations.get'>;
export type ReservationAnswer = Answer<'reservations.cancel'>;
export type ReturnAnswer = Answer<'reservations.processReturn'>;
export type FreeItems = Answer<'reservations.availableItems'>;

/** The list's filters: the route's query without the page size, which is this screen's. */
export type ListQuery = Omit<NonNullable<QueryOf<'reservations.list'>>, 'limit'> & { kind: 'ITEM' | 'SERVICE' };

/** One server page (25) of item reservations or service bookings, with the chip counts of that kind. */
export function useReservationPage(q: ListQuery) {
  return useSWR(apiKey(RESERVATIONS_LIST, q), () => api('reservations.list', { query: { ...q, limit: PAGE_SIZE } }), {
    keepPreviousData: true,
  });
}

/** Counts for both kinds (kept on write by the server). */
export function useReservationStats() {
  return useSWR(apiKey(RESERVATIONS_STATS), () => api('reservations.statsOverview'));
}

export function useReservation(id: string | null) {
  return useSWR(
    id ? apiKey(RESERVATION_ONE, id) : null,
    async () => (await api('reservations.get', { params: { id: id! } })).data,
    {
      shouldRetryOnError: false,
    },
  );
}

export interface LogQuery {
  page: number;
  /** The filter's value: '' (all actions) or one of the log's actions. */
  action?: string;
  employeeId?: string;
  reservationNumber?: string;
}

const isLogAction = (a: string | undefined): a is LogAction => (LOG_ACTIONS as readonly string[]).includes(a ?? '');

export function useReservationLogs(q: LogQuery, enabled: boolean) {
  return useSWR(enabled ? apiKey(RESERVATIONS_LOGS, q) : null, () =>
    api('reservations.logs', {
      query: {
        page: q.page,
        limit: LOG_PAGE_SIZE,
        action: isLogAction(q.action) ? q.action : undefined,
        employeeId: q.employeeId || undefined,
        reservationNumber: q.reservationNumber || undefined,
      },
    }),
  );
}

/** Paid?, Amount and Source of the service rows shown (R-RES-1): a load failure resets all to unpaid. */
export function useTracking(ids: string[]) {
  return useSWR(
    ids.length ? apiKey(TRACKING, ids.join(',')) : null,
    async (): Promise<Answer<'payments.trackingBatch'>> => {
      try {
        return await api('payments.trackingBatch', { body: { reservationIds: ids } });
      } catch {
        return {};
      }
    },
  );
}

/** Items free for the whole chosen time (the server knows future bookings; a plain status filter cannot). */
export function useFreeItems(startTime: string | null, hours: 1 | 2) {
  return useSWR(
    startTime ? apiKey(FREE_ITEMS, startTime, hours) : null,
    async () => (await api('reservations.availableItems', { query: { startTime: startTime!, hours } })).items,
  );
}

/** The organisation's tax rate in percent; a failure is only logged (R-RES-11) and reads as 0. */
export function useTaxRate(enabled: boolean) {
  return useSWR(enabled ? apiKey(TAX_RATE) : null, async () => {
    try {
      return await api('settings.taxRate');
    } catch (e) {
      console.warn('Tax rate load failed', e);
      return 0;
    }
  });
}

export const reservationsApi = {
  createItem: (body: ItemReservationInput, idempotencyKey: string) =>
    api('reservations.createItem', { body, idempotencyKey }),
  createService: (body: ServiceReservationInput, idempotencyKey: string) =>
    api('reservations.createService', { body, idempotencyKey }),
  processReturn: (id: string, body: ReturnInput, idempotencyKey: string) =>
    api('reservations.processReturn', { params: { id }, body, idempotencyKey }),
  cancel: (id: string) => api('reservations.cancel', { params: { id } }),
  /** R-RES-12: an ACTIVE reservation whose start has passed becomes a cancelled no-show. */
  noShow: (id: string) => api('reservations.noShow', { params: { id } }),
  reprocess: (id: string) => api('reservations.reprocess', { params: { id } }),
  restore: (id: string, notes?: string) =>
    api('reservations.restore', { params: { id }, body: { notes: notes ?? null } }),
  remove: (id: string) => api('reservations.delete', { params: { id } }),
  setTracking: (id: string, t: TrackingView, idempotencyKey: string) =>
    api('payments.trackingUpdate', { params: { reservationId: id }, body: t, idempotencyKey }),
};
