/**
 * A real Excel workbook of a report (exceljs, loaded only when asked for): typed cells (numbers as
 * numbers, money with a currency format, dates as dates, percentages as numbers with a % format), a
 * header row, the totals below, the business, title and range on top.
 */
import ExcelJS from 'exceljs';
import type { CellType, ReportTable } from './table.js';

const FORMATS: Partial<Record<CellType, string>> = {
  money: '"$"#,##0.00;[Red]-"$"#,##0.00',
  percent: '0.0"%"',
  hours: '0.00',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

/** The wall-clock time of an instant in a zone, as a Date whose UTC fields hold it (Excel has no zones). */
function wallClock(iso: string, zone: string): Date | null {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return null;
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(t))
      .map((x) => [x.type, x.value]),
  );
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)));
}

function value(v: string | number | null, type: CellType, zone: string): ExcelJS.CellValue {
  if (v == null || v === '') return null;
  if (type === 'date') return new Date(`${String(v)}T00:00:00Z`);
  if (type === 'datetime') return wallClock(String(v), zone);
  if (type === 'money' || type === 'number' || type === 'percent' || type === 'hours') return Number(v);
  return String(v);
}

export async function reportXlsx(t: ReportTable, business: string): Promise<ArrayBuffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = business;
  const ws = wb.addWorksheet(t.title.slice(0, 31));
  ws.addRow([business]).font = { bold: true, size: 13 };
  ws.addRow([t.title]).font = { bold: true, size: 15 };
  ws.addRow([t.range]);
  ws.addRow([]);
  // Excel cells have no zone: a date-time column names the organization's zone its wall-clock values are in.
  const head = ws.addRow(t.columns.map((c) => (c.type === 'datetime' ? `${c.label} (${t.zone})` : c.label)));
  head.font = { bold: true };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EBF0' } };
  for (const r of t.rows) {
    const row = ws.addRow(t.columns.map((c) => value(r[c.key] ?? null, c.type, t.zone)));
    t.columns.forEach((c, i) => {
      const f = FORMATS[c.type];
      if (f) row.getCell(i + 1).numFmt = f;
    });
  }
  ws.addRow([]);
  ws.addRow(['Totals']).font = { bold: true };
  for (const x of t.totals) {
    const row = ws.addRow([x.label, value(x.value, x.type, t.zone)]);
    const f = FORMATS[x.type];
    if (f) row.getCell(2).numFmt = f;
  }
  t.columns.forEach((c, i) => {
    ws.getColumn(i + 1).width = Math.max(
      12,
      c.label.length + 4,
      ...t.rows.slice(0, 200).map((r) => String(r[c.key] ?? '').length + 2),
    );
  });
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}
