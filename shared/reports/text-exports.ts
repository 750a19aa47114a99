/** A report table as CSV (quoted, formula-injection safe) and as an HTML page, and the file's name. */
import { toCsvLines } from '../domain/csv.js';
import type { ReportType } from './model.js';
import { cellText, type ReportTable } from './table.js';

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
