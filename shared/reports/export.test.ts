import ExcelJS from 'exceljs';
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { columnWidths, reportPdf, wrapText } from './pdf.js';
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

/** The texts of every page's content streams (pdf-lib writes them as hex strings). */
async function pdfTexts(bytes: Uint8Array): Promise<string> {
  const raw = Buffer.from(await (await PDFDocument.load(bytes)).save({ useObjectStreams: false })).toString('latin1');
  const content = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)]
    .map((m) => {
      try {
        return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
      } catch {
        return m[1]!;
      }
    })
    .join('\n');
  return [...content.matchAll(/<([0-9A-F]+)> Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('\n');
}

describe('PDF export never cuts text (R-REP-10)', () => {
  const longName = 'Maximilian Alexander Featherstonehaugh-Wolfeschlegelsteinhausen';
  const longService = 'Sunset Kayak Tour around the Statue of Liberty with Photographer and Hot Chocolate';
  const dailyLog: ReportTable = {
    title: 'Daily Log',
    range: 'Jul 4, 2026',
    zone: 'America/New_York',
    columns: [
      { key: 'number', label: 'Reservation', type: 'text' },
      { key: 'start', label: 'Start', type: 'datetime' },
      { key: 'customer', label: 'Customer', type: 'text' },
      { key: 'what', label: 'Item / Service', type: 'text' },
      { key: 'status', label: 'Status', type: 'text' },
      { key: 'total', label: 'Total', type: 'money' },
    ],
    rows: Array.from({ length: 60 }, (_, i) => ({
      number: `R-2026-${1000 + i}`,
      start: '2026-07-04T14:00:00.000Z',
      customer: longName,
      what: longService,
      status: 'Confirmed',
      total: 1234.5,
    })),
    totals: [{ label: 'Reservations', value: 60, type: 'number' }],
  };

  it('wraps long cells onto more lines, every word printed, nothing replaced by an ellipsis', async () => {
    const texts = await pdfTexts(await reportPdf(dailyLog, 'Hudson River Kayaks and Tours of New York City'));
    expect(texts).not.toContain('...');
    for (const word of [
      ...longName.split(' '),
      ...longService.split(' '),
      'Hudson',
      'City',
      'R-2026-1059',
      '$1,234.50',
    ])
      expect(texts.replace(/\n/g, ''), word).toContain(word);
  });

  it('breaks a word wider than its column inside the word, and keeps short text on one line', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont('Helvetica');
    const lines = wrapText(longName, font, 9, 60);
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(font.widthOfTextAtSize(l, 9)).toBeLessThanOrEqual(60);
    expect(lines.join('').replace(/ /g, '')).toBe(longName.replace(/ /g, ''));
    expect(wrapText('Confirmed', font, 9, 200)).toEqual(['Confirmed']);
    expect(wrapText('', font, 9, 200)).toEqual(['']);
  });

  it('gives narrow columns what they ask and shares the rest among the wide ones', () => {
    const w = columnWidths([20, 30, 100, 120], 250);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(250);
    expect(w[0]).toBeCloseTo(24);
    expect(w[1]).toBeCloseTo(34);
    expect(w[3]!).toBeGreaterThan(w[2]!);
    expect(columnWidths([10, 10], 100)).toEqual([50, 50]);
  });

  it('prints more than six columns landscape', async () => {
    const wide: ReportTable = {
      ...dailyLog,
      columns: [...dailyLog.columns, { key: 'a', label: 'A', type: 'text' }],
    };
    const page = (await PDFDocument.load(await reportPdf(wide, 'Acme'))).getPage(0);
    expect(page.getWidth()).toBeGreaterThan(page.getHeight());
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
