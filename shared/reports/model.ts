/**
 * Reports logic without React or AWS (R-REP-1, R-REP-2; docs/decisions/reports-definitions.md): the report types, their
 * parameters and defaults, each report as one table (columns typed for the exports), the formats a
 * report allows, CSV (quoted, formula-injection safe) and HTML. Shared by the Reports screen and the
 * scheduled-report sweep (functions/reports/schedule-runs.ts), so an e-mailed file is the same file
 * the screen downloads. The PDF (./pdf.ts) and Excel (./xlsx.ts) builders sit beside it; the web
 * imports them only with import() so pdf-lib and exceljs stay out of the page's first load.
 */
import type {
  CartUtilizationReport,
  CustomerActivityReport,
  DailyLogReport,
  EmployeePerformanceReport,
  ReportType,
  RevenueReport,
} from '../contract/report-models.js';
import { toCsvLines } from '../domain/csv.js';
import { fromCents, roundDollars, sumCents, toCents } from '../domain/money.js';
import { todayIn } from '../domain/time.js';
import { formatDateTimeIn, formatIn } from '../domain/time-text.js';

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
  'cart-utilization': 'Cart Utilization',
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

// ---------------------------------------------------------------- tables

export type CellType = 'text' | 'money' | 'number' | 'percent' | 'date' | 'datetime' | 'hours';
export interface TableColumn {
  key: string;
  label: string;
  type: CellType;
}
export type Cell = string | number | null;
export interface ReportTable {
  title: string;
  /** The period it covers, as text. */
  range: string;
  columns: TableColumn[];
  rows: Record<string, Cell>[];
  /** Totals under the table (label, value, type). */
  totals: { label: string; value: Cell; type: CellType }[];
  /** The IANA zone datetimes are shown in. */
  zone: string;
}

const dayText = (day: string) => formatIn(new Date(`${day}T12:00:00Z`), 'UTC', 'MMM d, yyyy');
const rangeText = (a: string, b: string) => (a === b ? dayText(a) : `${dayText(a)} – ${dayText(b)}`);

export function reportTable(r: ReportData, zone: string): ReportTable {
  const title = REPORT_LABELS[r.type];
  switch (r.type) {
    case 'daily-log': {
      const d = r.data;
      const rows = d.reservations.map((x) => ({
        number: x.reservationNumber,
        start: x.startTime,
        customer: `${x.customer.firstName} ${x.customer.lastName}`.trim(),
        what:
          x.kind === 'SERVICE'
            ? (x.service?.name ?? 'Service')
            : x.inventoryItem
              ? `${x.inventoryItem.name} #${x.inventoryItem.itemNumber}`
              : 'Item',
        status: x.status,
        total: x.totalAmount,
      }));
      const booked = d.reservations.filter((x) => x.status !== 'CANCELLED');
      return {
        title,
        range: dayText(d.date),
        zone: d.timeZone,
        columns: [
          { key: 'number', label: 'Reservation', type: 'text' },
          { key: 'start', label: 'Start', type: 'datetime' },
          { key: 'customer', label: 'Customer', type: 'text' },
          { key: 'what', label: 'Item / Service', type: 'text' },
          { key: 'status', label: 'Status', type: 'text' },
          { key: 'total', label: 'Total', type: 'money' },
        ],
        rows,
        totals: [
          { label: 'Reservations', value: d.reservations.length, type: 'number' },
          { label: 'Cancelled', value: d.reservations.length - booked.length, type: 'number' },
          { label: 'Total (not cancelled)', value: sumDollars(booked.map((x) => x.totalAmount)), type: 'money' },
        ],
      };
    }
    case 'revenue': {
      const d = r.data;
      return {
        title,
        range: rangeText(d.startDate, d.endDate),
        zone,
        columns: [
          { key: 'date', label: 'Date', type: 'date' },
          { key: 'reservations', label: 'Reservations', type: 'number' },
          { key: 'cancelled', label: 'Cancelled', type: 'number' },
          { key: 'revenue', label: 'Revenue', type: 'money' },
        ],
        rows: d.daily.map((x) => ({ ...x })),
        totals: [
          { label: 'Total Revenue', value: d.totalRevenue, type: 'money' },
          { label: 'Overage Revenue', value: d.overageRevenue, type: 'money' },
          { label: 'Total Reservations', value: d.totalReservations, type: 'number' },
          { label: 'Average Revenue', value: d.averageRevenue, type: 'money' },
          { label: 'Refunds', value: d.refundTotal, type: 'money' },
          { label: 'Cancelled', value: d.cancelledReservations, type: 'number' },
        ],
      };
    }
    case 'employee-performance': {
      const d = r.data;
      return {
        title,
        range: rangeText(d.startDate, d.endDate),
        zone,
        columns: [
          { key: 'employeeName', label: 'Employee', type: 'text' },
          { key: 'totalReservations', label: 'Reservations', type: 'number' },
          { key: 'completedReservations', label: 'Completed', type: 'number' },
          { key: 'totalRevenue', label: 'Revenue', type: 'money' },
          { key: 'averageRevenue', label: 'Average', type: 'money' },
          { key: 'completionRate', label: 'Completion', type: 'percent' },
        ],
        rows: d.performanceData.map((x) => ({ ...x })),
        totals: [
          { label: 'Employees', value: d.performanceData.length, type: 'number' },
          {
            label: 'Reservations',
            value: d.performanceData.reduce((s, x) => s + x.totalReservations, 0),
            type: 'number',
          },
          { label: 'Revenue', value: sumDollars(d.performanceData.map((x) => x.totalRevenue)), type: 'money' },
        ],
      };
    }
    case 'customer-activity': {
      const d = r.data;
      return {
        title,
        range: rangeText(d.startDate, d.endDate),
        zone,
        columns: [
          { key: 'name', label: 'Customer', type: 'text' },
          { key: 'phone', label: 'Phone', type: 'text' },
          { key: 'reservationCount', label: 'Reservations', type: 'number' },
          { key: 'noShows', label: 'No-shows', type: 'number' },
          { key: 'totalSpent', label: 'Total Spent', type: 'money' },
        ],
        rows: d.topCustomers.map((x) => ({ ...x, noShows: x.noShows ?? 0 })),
        totals: [
          { label: 'Customers', value: d.totalCustomers, type: 'number' },
          { label: 'Returning', value: d.returningCustomers, type: 'number' },
          { label: 'No-shows', value: d.noShows ?? 0, type: 'number' },
          { label: 'Total Spent', value: d.totalSpent, type: 'money' },
        ],
      };
    }
    case 'cart-utilization': {
      const d = r.data;
      return {
        title,
        range: rangeText(d.startDate, d.endDate),
        zone,
        columns: [
          { key: 'name', label: 'Item', type: 'text' },
          { key: 'itemNumber', label: 'Number', type: 'text' },
          { key: 'productType', label: 'Product type', type: 'text' },
          { key: 'reservations', label: 'Reservations', type: 'number' },
          { key: 'hoursReserved', label: 'Hours reserved', type: 'hours' },
          { key: 'hoursOpen', label: 'Hours open', type: 'hours' },
          { key: 'utilizationRate', label: 'Utilization', type: 'percent' },
          { key: 'revenue', label: 'Revenue', type: 'money' },
        ],
        rows: d.items.map((x) => ({ ...x })),
        totals: [
          { label: 'Hours reserved', value: d.totalHoursReserved, type: 'hours' },
          { label: 'Hours open per item', value: d.hoursOpenPerItem, type: 'hours' },
          { label: 'Average utilization', value: d.averageUtilization, type: 'percent' },
          { label: 'Revenue', value: d.totalRevenue, type: 'money' },
        ],
      };
    }
  }
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Dollars from the wire as money text ($1,234.50), through whole cents. */
export const money = (dollars: number) => USD.format(roundDollars(dollars));
const sumDollars = (xs: number[]) => fromCents(sumCents(xs.map(toCents)));

/** A cell as text (screen, CSV, HTML, PDF). */
export function cellText(v: Cell, type: CellType, zone: string): string {
  if (v == null || v === '') return '';
  switch (type) {
    case 'money':
      return money(Number(v));
    case 'percent':
      return `${Number(v).toFixed(1)}%`;
    case 'hours':
      return `${Number(v).toFixed(2)} h`;
    case 'number':
      return String(v);
    case 'date':
      return dayText(String(v));
    case 'datetime': {
      // Named: a report read elsewhere (a mailed PDF, a spreadsheet) must not leave the clock in doubt.
      return formatDateTimeIn(String(v), zone, { zoneName: true }) || String(v);
    }
    default:
      return String(v);
  }
}

// ---------------------------------------------------------------- CSV and HTML

export function toCsv(t: ReportTable): string {
  return toCsvLines([
    t.columns.map((c) => c.label),
    ...t.rows.map((row) =>
      t.columns.map((c) => (c.type === 'text' ? (row[c.key] ?? '') : cellText(row[c.key] ?? null, c.type, t.zone))),
    ),
    [],
    ...t.totals.map((x) => [x.label, cellText(x.value, x.type, t.zone)]),
  ]);
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function toHtml(t: ReportTable, business: string): string {
  const head = t.columns.map((c) => `<th>${esc(c.label)}</th>`).join('');
  const body = t.rows
    .map(
      (r) => `<tr>${t.columns.map((c) => `<td>${esc(cellText(r[c.key] ?? null, c.type, t.zone))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const totals = t.totals
    .map((x) => `<tr><th>${esc(x.label)}</th><td>${esc(cellText(x.value, x.type, t.zone))}</td></tr>`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(t.title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:20mm}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left}@page{size:A4;margin:20mm}</style>
</head><body><h1>${esc(business)}</h1><h2>${esc(t.title)}</h2><p>${esc(t.range)}</p>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table><h3>Totals</h3><table>${totals}</table></body></html>`;
}

export function fileName(t: ReportTable, type: ReportType, ext: string): string {
  return `${type}-${t.range
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}.${ext}`;
}
