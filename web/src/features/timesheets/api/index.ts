import useSWR from 'swr';
import type { AdminEmployees, Performance, Timesheet } from '../../../../../shared/contract/timesheet-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

export type {
  AdminEmployees,
  EmployeeMetrics,
  Performance,
  Timesheet,
} from '../../../../../shared/contract/timesheet-models.js';

/** Cache resources of this area (one prefix, so a clock call revalidates them all). */
export const TIMESHEETS = 'timesheets';
export const MY_TIMESHEETS = 'timesheets.list';
export const MY_ACTIVE = 'timesheets.active';
export const ADMIN_EMPLOYEES = 'timesheets.adminEmployees';
export const PERFORMANCE = 'timesheets.performance';

export function useMyTimesheets() {
  return useSWR(apiKey(MY_TIMESHEETS), () => api('timesheets.list'));
}

export function useActiveTimesheet() {
  return useSWR(apiKey(MY_ACTIVE), () => api('timesheets.active').then((r) => r.timesheet as Timesheet | null));
}

export function useAdminEmployees() {
  return useSWR(apiKey(ADMIN_EMPLOYEES), () => api('timesheets.adminEmployees') as Promise<AdminEmployees>);
}

export function usePerformance(id: string | undefined) {
  return useSWR(
    id ? apiKey(PERFORMANCE, id) : null,
    () => api('timesheets.performance', { params: { id: id! } }) as Promise<Performance>,
  );
}

export interface ClockInput {
  notes?: string | null;
  latitude?: number;
  longitude?: number;
}

export const timesheetsApi = {
  clockIn: (body: ClockInput, idempotencyKey: string) => api('timesheets.clockIn', { body, idempotencyKey }),
  clockOut: (body: ClockInput) => api('timesheets.clockOut', { body }),
};
