import useSWR from 'swr';
import type { z } from 'zod';
import type {
  availableItemsResponse,
  ItemReservationInput,
  reservationDetailEnvelope,
  reservationEnvelope,
  reservationListResponse,
  reservationLogResponse,
  reservationStatsResponse,
  returnResponse,
  ReturnInput,
  ServiceReservationInput,
  TrackingView,
} from '../../../../../shared/contract/reservation-models.js';
import { api } from '../../../api/client.js';
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

export type ListAnswer = z.output<typeof reservationListResponse>;
export type LogAnswer = z.output<typeof reservationLogResponse>;
export type DetailAnswer = z.output<typeof reservationDetailEnvelope>;
export type ReservationAnswer = z.output<typeof reservationEnvelope>;
export type ReturnAnswer = z.output<typeof returnResponse>;
export type FreeItems = z.output<typeof availableItemsResponse>;

export interface ListQuery {
  kind: 'ITEM' | 'SERVICE';
  status?: 'ACTIVE' | 'COMPLETED' | 'CANCELLED';
  search?: string;
  serviceId?: string;
  customer?: string;
  startDate?: string;
  endDate?: string;
  order?: 'asc' | 'desc';
  cursor?: string;
}

/** One server page (25) of item reservations or service bookings, with the chip counts of that kind. */
export function useReservationPage(q: ListQuery) {
  return useSWR(
    apiKey(RESERVATIONS_LIST, q),
    () => api<ListAnswer>('reservations.list', { query: { ...q, limit: PAGE_SIZE } }),
    { keepPreviousData: true },
  );
}

/** Counts for both kinds (kept on write by the server). */
export function useReservationStats() {
  return useSWR(apiKey(RESERVATIONS_STATS), () =>
    api<z.output<typeof reservationStatsResponse>>('reservations.statsOverview'),
  );
}

export function useReservation(id: string | null) {
  return useSWR(
    id ? apiKey(RESERVATION_ONE, id) : null,
    async () => (await api<DetailAnswer>('reservations.get', { params: { id: id! } })).data,
    {
      shouldRetryOnError: false,
    },
  );
}

export interface LogQuery {
  page: number;
  action?: string;
  employeeId?: string;
  reservationNumber?: string;
}

export function useReservationLogs(q: LogQuery, enabled: boolean) {
  return useSWR(enabled ? apiKey(RESERVATIONS_LOGS, q) : null, () =>
    api<LogAnswer>('reservations.logs', {
      query: {
        page: q.page,
        limit: LOG_PAGE_SIZE,
        action: (q.action || undefined) as never,
        employeeId: q.employeeId || undefined,
        reservationNumber: q.reservationNumber || undefined,
      },
    }),
  );
}

/** Paid?, Amount and Source of the service rows shown (document 3 §7): a load failure resets all to unpaid. */
export function useTracking(ids: string[]) {
  return useSWR(ids.length ? apiKey(TRACKING, ids.join(',')) : null, async () => {
    try {
      return await api<Record<string, TrackingView>>('payments.trackingBatch', { body: { reservationIds: ids } });
    } catch {
      return {} as Record<string, TrackingView>;
    }
  });
}

/** Items free for the whole chosen time (the server knows future bookings; a plain status filter cannot). */
export function useFreeItems(startTime: string | null, hours: 1 | 2) {
  return useSWR(
    startTime ? apiKey(FREE_ITEMS, startTime, hours) : null,
    async () =>
      (await api<FreeItems>('reservations.availableItems', { query: { startTime: startTime!, hours } })).items,
  );
}

/** The organisation's tax rate in percent; a failure is only logged (document 3 §8) and reads as 0. */
export function useTaxRate(enabled: boolean) {
  return useSWR(enabled ? apiKey(TAX_RATE) : null, async () => {
    try {
      const res = await api<{ value?: number | string } | number>('settings.taxRate');
      const v = typeof res === 'number' ? res : Number(res?.value ?? 0);
      return Number.isFinite(v) ? v : 0;
    } catch (e) {
      console.warn('Tax rate load failed', e);
      return 0;
    }
  });
}

export const reservationsApi = {
  createItem: (body: ItemReservationInput, idempotencyKey: string) =>
    api<ReservationAnswer>('reservations.createItem', { body, idempotencyKey }),
  createService: (body: ServiceReservationInput, idempotencyKey: string) =>
    api<ReservationAnswer>('reservations.createService', { body, idempotencyKey }),
  processReturn: (id: string, body: ReturnInput, idempotencyKey: string) =>
    api<ReturnAnswer>('reservations.processReturn', { params: { id }, body, idempotencyKey }),
  cancel: (id: string) => api<ReservationAnswer>('reservations.cancel', { params: { id } }),
  reprocess: (id: string) => api<ReservationAnswer>('reservations.reprocess', { params: { id } }),
  restore: (id: string, notes?: string) =>
    api<ReservationAnswer>('reservations.restore', { params: { id }, body: { notes: notes ?? null } }),
  remove: (id: string) => api<{ success: true; message: string }>('reservations.delete', { params: { id } }),
  setTracking: (id: string, t: TrackingView, idempotencyKey: string) =>
    api<TrackingView>('payments.trackingUpdate', { params: { reservationId: id }, body: t, idempotencyKey }),
};
