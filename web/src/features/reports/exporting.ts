/**
 * Export actions of the Reports screen. PDF and Excel load pdf-lib and exceljs only when asked for
 * (dynamic import), so the page's first load stays small.
 */
import { notify } from '../../components/toaster.js';
import { type ExportFormat, fileName, formatError, type ReportData, type ReportTable, toCsv, toHtml } from './model.js';

const EXPORT_TEXT = {
  validation: 'Export validation failed',
  popup: 'Unable to open print window - popup may be blocked',
} as const;

function download(data: BlobPart, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The export file of a format (bytes, MIME type and name); null with a toast when the format is not allowed. */
async function exportFile(
  format: ExportFormat,
  report: ReportData,
  table: ReportTable,
  business: string,
): Promise<{ data: BlobPart; type: string; name: string } | null> {
  const refused = formatError(report.type, format);
  if (refused) {
    notify.error(EXPORT_TEXT.validation, refused);
    return null;
  }
  switch (format) {
    case 'csv':
      return { data: toCsv(table), type: 'text/csv;charset=utf-8', name: fileName(table, report.type, 'csv') };
    case 'html':
      return {
        data: toHtml(table, business),
        type: 'text/html;charset=utf-8',
        name: fileName(table, report.type, 'html'),
      };
    case 'json':
      return {
        data: JSON.stringify(report.data, null, 2),
        type: 'application/json',
        name: fileName(table, report.type, 'json'),
      };
    case 'pdf': {
      const { reportPdf } = await import('../../../../shared/reports/pdf.js');
      return {
        data: (await reportPdf(table, business)) as BlobPart,
        type: 'application/pdf',
        name: fileName(table, report.type, 'pdf'),
      };
    }
    case 'excel': {
      const { reportXlsx } = await import('../../../../shared/reports/xlsx.js');
      return {
        data: await reportXlsx(table, business),
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        name: fileName(table, report.type, 'xlsx'),
      };
    }
  }
}

export async function runExport(
  format: ExportFormat,
  report: ReportData,
  table: ReportTable,
  business: string,
): Promise<void> {
  try {
    const f = await exportFile(format, report, table, business);
    if (f) download(f.data, f.type, f.name);
  } catch (e) {
    notify.error(EXPORT_TEXT.validation, e instanceof Error ? e.message : String(e));
  }
}

export function printReport(table: ReportTable, business: string): void {
  const w = window.open('', '_blank');
  if (!w) {
    notify.error(EXPORT_TEXT.popup);
    return;
  }
  w.document.open();
  w.document.write(toHtml(table, business));
  w.document.close();
  w.focus();
  w.print();
}
