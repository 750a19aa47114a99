/**
 * CSV as every export writes it (reports, the platform's usage analytics): RFC 4180 fields joined by
 * commas, lines ended by CRLF, and formula injection defused (docs/requirements/reports.md R-REP-4).
 */

type CsvValue = string | number | null | undefined;

/**
 * One field. A text starting with = + - @, tab or carriage return gets a leading ' so a spreadsheet
 * shows it instead of running it as a formula; numbers are left alone (-2 is a number, not a formula).
 * A field holding the delimiter, a quote or a line break is quoted, quotes doubled.
 */
export function csvField(v: CsvValue, delimiter = ','): string {
  if (v == null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return s.includes(delimiter) || s.includes('"') || s.includes('\n') || s.includes('\r')
    ? `"${s.replace(/"/g, '""')}"`
    : s;
}

/** Whole lines: fields joined by commas, every line (the last too) ended by CRLF. */
export function toCsvLines(lines: readonly (readonly CsvValue[])[]): string {
  return lines.map((l) => `${l.map((v) => csvField(v)).join(',')}\r\n`).join('');
}
