import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import type { ReportData, ReportParams, ReportType } from '../model.js';
import { REPORTS } from './keys.js';

/** R-REP-2: report cache 10 minutes. */
const REPORT_CACHE_MS = 600_000;

export interface ReportRequest extends ReportParams {
  type: ReportType;
}

/** One report: the daily log for a day, the others for a date range. */
async function getReport(r: ReportRequest): Promise<ReportData> {
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
  return useSWR(key, () => getReport(req!), {
    dedupingInterval: REPORT_CACHE_MS,
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}
