import ExcelJS from 'exceljs';
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { reportPdf } from './pdf.js';
import { reportXlsx } from './xlsx.js';
import { cellText, reportTable, type ReportTable } from './table.js';

const daily = Array.from({ length: 120 }, (_, i) => ({
  date: `2026-0${1 + Math.floor(i / 30)}-${String((i % 28) + 1).padStart(2, '0')}`,
  revenue: 10.5 + i,
  reservations: 2,
  cancelled: 0,
}));
const table = reportTable(
  {
    type: 'revenue',
    data: {
      success: true,
      startDate: '2026-01-01',
      endDate: '2026-04-30',
      totalRevenue: 8400.5,
      overageRevenue: 12.25,
      refundTotal: 0,
      taxCollected: 0,
      totalReservations: 240,
      averageRevenue: 35,
      completedReservations: 200,
      activeReservations: 40,
      cancelledReservations: 3,
      itemReservations: 240,
      serviceReservations: 0,
      averageDurationHours: 2,
      durationSamples: 240,
      reservationsByHour: {},
      daily,
    },
  },
  'America/New_York',
);
const hex = (s: string) => Buffer.from(s, 'latin1').toString('hex').toUpperCase();

describe('PDF export', () => {
  it('is a real A4 PDF with the business, title and totals on page 1 and the table over several pages', async () => {
    const bytes = await reportPdf(table, 'Acme Rentals');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const [w, h] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect(Math.round(w)).toBe(595);
    expect(Math.round(h)).toBe(842);
    expect(doc.getTitle()).toContain('Revenue Report');
    // page 1's content stream holds the texts (pdf-lib writes them as hex strings)
    const first = await PDFDocument.create();
    const [copy] = await first.copyPages(doc, [0]);
    first.addPage(copy);
    const raw = Buffer.from(await first.save({ useObjectStreams: false })).toString('latin1');
    const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
      try {
        return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
      } catch {
        return m[1]!;
      }
    });
    const content = streams.join('\n');
    for (const s of ['Acme Rentals', 'Booked', '$8,400.50'])
      expect(content.includes(hex(s)) || content.includes(`(${s})`), s).toBe(true);
  });
});

describe('Excel export', () => {
  it('is a real workbook with typed cells: dates as dates, money as currency numbers', async () => {
    const buf = await reportXlsx(table, 'Acme Rentals');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A1').value).toBe('Acme Rentals');
    expect(ws.getRow(5).values).toEqual([undefined, 'Date', 'Reservations', 'Cancelled', 'Booked']);
    const first = ws.getRow(6);
    expect(first.getCell(1).value).toBeInstanceOf(Date);
    expect(first.getCell(4).value).toBe(10.5);
    expect(first.getCell(4).numFmt).toContain('$');
    expect(ws.rowCount).toBeGreaterThanOrEqual(5 + 120 + 2 + table.totals.length);
  });
});

describe("times in reports: the organization's zone, named (docs/decisions/0008-one-time-zone.md)", () => {
  it('prints date-times in the zone with its abbreviation, and an Excel date-time column names the zone', async () => {
    expect(cellText('2026-01-15T14:00:00.000Z', 'datetime', 'America/New_York')).toBe('Jan 15, 2026, 9:00 AM EST');
    const t: ReportTable = {
      title: 'Daily Log',
      range: 'Jan 15, 2026',
      zone: 'America/New_York',
      columns: [{ key: 'start', label: 'Start', type: 'datetime' }],
      rows: [{ start: '2026-01-15T14:00:00.000Z' }],
      totals: [],
    };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await reportXlsx(t, 'Acme Rentals'));
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(5).getCell(1).value).toBe('Start (America/New_York)');
    // the wall clock of New York, as Excel has no zones
    expect((ws.getRow(6).getCell(1).value as Date).toISOString()).toBe('2026-01-15T09:00:00.000Z');
  });
});
