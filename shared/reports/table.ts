/**
 * Each report as one table (R-REP-3): typed columns, rows and totals, the same for the screen, the CSV,
 * HTML, PDF and Excel files (./text-exports.ts, ./pdf.ts, ./xlsx.ts), and a cell as text.
 */
import { fromCents, roundDollars, sumCents, toCents } from '../domain/money.js';
import { reservationStatusLabel } from '../domain/reservations.js';
import { MONEY_FIGURES } from '../domain/revenue.js';
import { pluralize } from '../domain/words.js';
import { formatDateTimeIn, formatIn } from '../domain/time-text.js';
import { REPORT_LABELS, type ReportData } from './model.js';

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
            ? `${x.service?.name ?? 'Service'}${x.participantCount ? ` (${pluralize(x.participantCount, 'participant')})` : ''}`
            : x.inventoryItem
              ? `${x.inventoryItem.name} #${x.inventoryItem.itemNumber}`
              : 'Item',
        status: reservationStatusLabel(x.status),
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
          { label: MONEY_FIGURES.booked, value: sumDollars(booked.map((x) => x.totalAmount)), type: 'money' },
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
          { key: 'revenue', label: MONEY_FIGURES.booked, type: 'money' },
        ],
        rows: d.daily.map((x) => ({ ...x })),
        totals: [
          { label: MONEY_FIGURES.booked, value: d.totalRevenue, type: 'money' },
          { label: MONEY_FIGURES.overage, value: d.overageRevenue, type: 'money' },
          { label: 'Total Reservations', value: d.totalReservations, type: 'number' },
          { label: MONEY_FIGURES.averageBooked, value: d.averageRevenue, type: 'money' },
          { label: MONEY_FIGURES.refunded, value: d.refundTotal, type: 'money' },
          { label: MONEY_FIGURES.taxCollected, value: d.taxCollected, type: 'money' },
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
          { key: 'totalRevenue', label: MONEY_FIGURES.booked, type: 'money' },
          { key: 'completedRevenue', label: MONEY_FIGURES.bookedCompleted, type: 'money' },
          { key: 'averageRevenue', label: MONEY_FIGURES.averageBooked, type: 'money' },
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
          {
            label: MONEY_FIGURES.booked,
            value: sumDollars(d.performanceData.map((x) => x.totalRevenue)),
            type: 'money',
          },
          {
            label: MONEY_FIGURES.bookedCompleted,
            value: sumDollars(d.performanceData.map((x) => x.completedRevenue)),
            type: 'money',
          },
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
          { key: 'totalSpent', label: `${MONEY_FIGURES.booked} (total spent)`, type: 'money' },
        ],
        rows: d.topCustomers.map((x) => ({ ...x, noShows: x.noShows ?? 0 })),
        totals: [
          { label: 'Customers', value: d.totalCustomers, type: 'number' },
          { label: 'Returning', value: d.returningCustomers, type: 'number' },
          { label: 'No-shows', value: d.noShows ?? 0, type: 'number' },
          { label: `${MONEY_FIGURES.booked} (total spent)`, value: d.totalSpent, type: 'money' },
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
          { key: 'revenue', label: MONEY_FIGURES.booked, type: 'money' },
        ],
        rows: d.items.map((x) => ({ ...x })),
        totals: [
          { label: 'Hours reserved', value: d.totalHoursReserved, type: 'hours' },
          { label: 'Hours open per item', value: d.hoursOpenPerItem, type: 'hours' },
          { label: 'Average utilization', value: d.averageUtilization, type: 'percent' },
          { label: MONEY_FIGURES.booked, value: d.totalRevenue, type: 'money' },
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
