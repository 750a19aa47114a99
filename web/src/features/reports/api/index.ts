import useSWR from 'swr';
import { type Answer, api, type CallInput } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import type { ReportData, ReportParams, ReportType } from '../model.js';

export const REPORTS = 'reports';
/** R-REP-2: report cache 10 minutes. */
export const REPORT_CACHE_MS = 600_000;

export interface ReportRequest extends ReportParams {
  type: ReportType;
}

async function fetchReport(r: ReportRequest): Promise<ReportData> {
  const range = { query: { startDate: r.startDate, endDate: r.endDate } };
  switch (r.type) {
    case 'daily-log':
      return { type: r.type, data: await api('reports.dailyLog', { query: { date: r.date } }) };
    case 'revenue':
      return { type: r.type, data: await api('reports.revenue', range) };
    case 'employee-performance':
      return { type: r.type, data: await api('reports.employeePerformance', range) };
    case 'cart-utilization':
      return { type: r.type, data: await api('reports.cartUtilization', range) };
    case 'customer-activity':
      return { type: r.type, data: await api('reports.customerActivity', range) };
  }
}

/** The report asked for by Generate Report (null until then), cached 10 minutes per type and parameters. */
export function useReport(req: ReportRequest | null) {
  const key = req
    ? apiKey(REPORTS, req.type, req.type === 'daily-log' ? req.date : `${req.startDate}..${req.endDate}`)
    : null;
  return useSWR(key, () => fetchReport(req!), {
    dedupingInterval: REPORT_CACHE_MS,
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}

// ---------------------------------------------------------------- scheduled reports

export const SCHEDULES = 'reports-schedules';
export type ReportSchedule = Answer<'reports.schedules.create'>;
export type ScheduleInput = Exclude<NonNullable<CallInput<'reports.schedules.create'>['body']>, FormData>;

/** The organization's scheduled reports (server side: they really run, docs/decisions/reports-scheduled-reports-really-arrive.md). */
export function useSchedules() {
  return useSWR(apiKey(SCHEDULES), () => api('reports.schedules.list'), { revalidateOnFocus: true });
}

export const schedulesApi = {
  create: (body: ScheduleInput) => api('reports.schedules.create', { body }),
  setEnabled: (id: string, enabled: boolean) => api('reports.schedules.update', { params: { id }, body: { enabled } }),
  runNow: (id: string) => api('reports.schedules.run', { params: { id } }),
  remove: (id: string) => api('reports.schedules.delete', { params: { id } }),
};
