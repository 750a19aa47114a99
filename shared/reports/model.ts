/**
 * Reports logic without React or AWS (R-REP-1, R-REP-2; docs/decisions/0202-reports-definitions.md): the report types,
 * their parameters and defaults and the formats a report allows. Each report as one table (columns typed for the
 * exports) is ./table.ts; CSV (quoted, formula-injection safe) and HTML ./text-exports.ts. Shared by the Reports screen
 * and the scheduled-report sweep (functions/reports/schedule-runs.ts), so an e-mailed file is the same file the screen
 * downloads. The PDF (./pdf.ts) and Excel (./xlsx.ts) builders sit beside them; the web imports those only with
 * import() so pdf-lib and exceljs stay out of the page's first load.
 */
import type {
  CartUtilizationReport,
  CustomerActivityReport,
  DailyLogReport,
  EmployeePerformanceReport,
  ReportType,
  RevenueReport,
} from '../contract/report-models.js';
import { todayIn } from '../domain/time.js';

export type { ReportType };
export type ReportData =
  | { type: 'daily-log'; data: DailyLogReport }
  | { type: 'revenue'; data: RevenueReport }
  | { type: 'employee-performance'; data: EmployeePerformanceReport }
  | { type: 'cart-utilization'; data: CartUtilizationReport }
  | { type: 'customer-activity'; data: CustomerActivityReport };

/** The report types (the contract's REPORT_TYPES, repeated here so the page does not load zod for a list). */
export const REPORT_TYPES: readonly ReportType[] = [
  'daily-log',
  'revenue',
  'employee-performance',
  'cart-utilization',
  'customer-activity',
];

export const REPORT_LABELS: Record<ReportType, string> = {
  'daily-log': 'Daily Log',
  revenue: 'Revenue Report',
  'employee-performance': 'Employee Performance',
  // Neutral words: a kayak or bike business reads it too, not only golf carts (R-INV-11).
  'cart-utilization': 'Item Utilization',
  'customer-activity': 'Customer Activity',
};

export const EMPTY_TEXT: Partial<Record<ReportType, string>> = {
  'daily-log': 'No reservations found for this date.',
  'employee-performance': 'No employee data found for this period.',
  'customer-activity': 'No customer data found for this period.',
  'cart-utilization': 'No item reservations found for this period.',
};

export interface ReportParams {
  date: string;
  startDate: string;
  endDate: string;
}

/** R-REP-2: daily-log date is today; range start is the first of the month, end is today (organization's zone). */
export function defaultParams(zone: string, now: number = Date.now()): ReportParams {
  const today = todayIn(zone, now);
  return { date: today, startDate: `${today.slice(0, 8)}01`, endDate: today };
}

export type ExportFormat = 'html' | 'pdf' | 'csv' | 'excel' | 'json';
export const FORMAT_LABELS: Record<ExportFormat, string> = {
  html: 'HTML',
  pdf: 'PDF',
  csv: 'CSV',
  excel: 'Excel',
  json: 'JSON',
};

/** R-REP-4: daily-log HTML, PDF, CSV; the others HTML, PDF, Excel; JSON (the data as served) for every report. */
export function supportedFormats(type: ReportType): ExportFormat[] {
  return type === 'daily-log' ? ['html', 'pdf', 'csv', 'json'] : ['html', 'pdf', 'excel', 'json'];
}
export function formatError(type: ReportType, format: ExportFormat): string | null {
  return supportedFormats(type).includes(format) ? null : `Format ${format} not supported for report type ${type}`;
}
