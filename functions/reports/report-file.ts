/** A scheduled run's report and its file, built as the API and the Reports screen build them. */
import {
  cartUtilizationResponse,
  customerActivityResponse,
  dailyLogResponse,
  employeePerformanceResponse,
  revenueResponse,
} from '../../shared/contract/report-models.js';
import type { ReportSchedule, ScheduleFormat } from '../../shared/contract/report-schedule-models.js';
import type { ReportData } from '../../shared/reports/model.js';
import { reportTable } from '../../shared/reports/table.js';
import { fileName, toCsv } from '../../shared/reports/text-exports.js';
import type { TenantId } from '../lib/keys.js';
import type { Period } from './period.js';
import { cartUtilizationReport, customerActivityReport, employeePerformanceReport, revenueReport } from './reports.js';
import { dailyLogReport } from './daily-log.js';

/** The report as the API serves it (parsed with the contract's response schema, so the table is the screen's). */
export async function computeReport(
  tenant: TenantId,
  type: ReportSchedule['reportType'],
  p: Period,
): Promise<ReportData> {
  const range = 'date' in p ? { startDate: p.date, endDate: p.date } : p;
  switch (type) {
    case 'daily-log':
      return {
        type,
        data: dailyLogResponse.parse(await dailyLogReport(tenant, { date: 'date' in p ? p.date : p.endDate })),
      };
    case 'revenue':
      return { type, data: revenueResponse.parse(await revenueReport(tenant, range)) };
    case 'employee-performance':
      return { type, data: employeePerformanceResponse.parse(await employeePerformanceReport(tenant, range)) };
    case 'cart-utilization':
      return { type, data: cartUtilizationResponse.parse(await cartUtilizationReport(tenant, range)) };
    case 'customer-activity':
      return { type, data: customerActivityResponse.parse(await customerActivityReport(tenant, range)) };
  }
}

interface ReportFile {
  filename: string;
  contentType: string;
  content: Uint8Array;
  title: string;
  range: string;
}

/** The file of a report in a schedule's format: the same builders (and file names) as the screen's exports. */
export async function renderReportFile(
  report: ReportData,
  format: ScheduleFormat,
  zone: string,
  business: string,
): Promise<ReportFile> {
  const table = reportTable(report, zone);
  const base = { title: table.title, range: table.range };
  switch (format) {
    case 'pdf': {
      const { reportPdf } = await import('../../shared/reports/pdf.js');
      return {
        ...base,
        filename: fileName(table, report.type, 'pdf'),
        contentType: 'application/pdf',
        content: await reportPdf(table, business),
      };
    }
    case 'excel': {
      const { reportXlsx } = await import('../../shared/reports/xlsx.js');
      const bytes = await reportXlsx(table, business);
      return {
        ...base,
        filename: fileName(table, report.type, 'xlsx'),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        content: new Uint8Array(bytes),
      };
    }
    case 'csv':
      return {
        ...base,
        filename: fileName(table, report.type, 'csv'),
        contentType: 'text/csv',
        content: new Uint8Array(Buffer.from(toCsv(table), 'utf8')),
      };
  }
}
