import useSWR from 'swr';
// From the domain module, not the contract: the contract's zod schemas stay out of the page's first load.
import { LOG_ACTIONS, type LogAction } from '../../../../../shared/domain/reservations.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { LOG_PAGE_SIZE } from '../rules.js';
import { RESERVATIONS_LOGS } from './keys.js';

interface LogQuery {
  page: number;
  /** The filter's value: '' (all actions) or one of the log's actions. */
  action?: string;
  employeeId?: string;
  reservationNumber?: string;
}

const isLogAction = (a: string | undefined): a is LogAction => (LOG_ACTIONS as readonly string[]).includes(a ?? '');

const getReservationLogs = (q: LogQuery) =>
  api('reservations.logs', {
    query: {
      page: q.page,
      limit: LOG_PAGE_SIZE,
      action: isLogAction(q.action) ? q.action : undefined,
      employeeId: q.employeeId || undefined,
      reservationNumber: q.reservationNumber || undefined,
    },
  });

/** One page of the Reservations Log, read once its tab is open. */
export function useReservationLogs(q: LogQuery, enabled: boolean) {
  return useSWR(enabled ? apiKey(RESERVATIONS_LOGS, q) : null, () => getReservationLogs(q));
}
