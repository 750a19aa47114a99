/**
 * A real PDF of a report (pdf-lib, loaded only when asked for): A4, 20 mm margins, the business's
 * name, the title and range, totals on page 1, then the table over as many pages as needed (the
 * header row repeats), page numbers. No text is ever cut (R-REP-10): a cell wraps onto as many lines
 * as it needs, columns are as wide as their content asks within the page, and a table of more than
 * six columns is printed landscape.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { cellText, type ReportTable } from './table.js';

const MM = 72 / 25.4;
const A4: [number, number] = [210 * MM, 297 * MM];
const MARGIN = 20 * MM;
const PAD = 2;
const INK = rgb(0.1, 0.1, 0.1);

/** Standard fonts encode WinAnsi only: other characters become '?'. */
const safe = (s: string) => s.replace(/[–—]/g, '-').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** `text` broken into lines no wider than `width`: at spaces where it can, inside a word where it must. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of safe(text).split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (!fits(line) && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  return line || !lines.length ? [...lines, line] : lines;
}

/**
 * Column widths summing to `width`: each column asks for its widest text (header or cell), at most
 * half the table; columns that ask for little get it, and what is left is shared by the others in
 * proportion to what they ask.
 */
export function columnWidths(asked: number[], width: number): number[] {
  const want = asked.map((w) => Math.min(w + 2 * PAD, width / 2));
  const total = want.reduce((a, b) => a + b, 0);
  if (total <= width) return want.map((w) => w + (width - total) / want.length);
  const fair = width / want.length;
  const small = want.filter((w) => w <= fair);
  const smallSum = small.reduce((a, b) => a + b, 0);
  const bigSum = total - smallSum;
  return want.map((w) => (w <= fair ? w : ((width - smallSum) * w) / bigSum));
}

export async function reportPdf(t: ReportTable, business: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title} - ${t.range}`);
  doc.setAuthor(business);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const cols = t.columns;
  const pageSize: [number, number] = cols.length > 6 ? [A4[1], A4[0]] : A4;
  const width = pageSize[0] - 2 * MARGIN;
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage(pageSize);
    pages.push(page);
    y = pageSize[1] - MARGIN;
  };
  /** Writes `s` wrapped to `w` from (x, y) downwards; returns the height used. */
  const block = (s: string, x: number, w: number, size: number, f = font, top = y) => {
    const lines = wrapText(s, f, size, w);
    lines.forEach((l, i) => page.drawText(l, { x, y: top - i * (size + 2), size, font: f, color: INK }));
    return lines.length * (size + 2);
  };

  newPage();
  y -= 14;
  y -= block(business, MARGIN, width, 14, bold) + 8;
  y -= block(t.title, MARGIN, width, 18, bold) - 2;
  y -= block(t.range, MARGIN, width, 11) + 13;
  block('Totals', MARGIN, width, 12, bold);
  for (const x of t.totals) {
    y -= 15;
    const used = Math.max(
      block(x.label, MARGIN, width / 2 - 4, 10),
      block(cellText(x.value, x.type, t.zone), MARGIN + width / 2, width / 2, 10, bold),
    );
    y -= used - 12;
  }
  y -= 28;

  const size = cols.length > 6 ? 7.5 : 9;
  const lineH = size + 2;
  const cells = t.rows.map((r) => cols.map((c) => cellText(r[c.key] ?? null, c.type, t.zone)));
  const asked = cols.map((c, i) =>
    Math.max(
      bold.widthOfTextAtSize(safe(c.label), size),
      ...cells.map((r) => font.widthOfTextAtSize(safe(r[i]!), size)),
    ),
  );
  const widths = columnWidths(asked, width);
  const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const rowHeight = (texts: string[], f: PDFFont) =>
    Math.max(...texts.map((s, i) => wrapText(s, f, size, widths[i]! - 2 * PAD).length)) * lineH + 4;
  const row = (texts: string[], f: PDFFont, shade: boolean) => {
    const h = rowHeight(texts, f);
    if (y - h < MARGIN) {
      newPage();
      if (!shade) header();
    }
    if (shade) page.drawRectangle({ x: MARGIN, y: y - h + lineH - 1, width, height: h, color: rgb(0.92, 0.93, 0.95) });
    texts.forEach((s, i) => block(s, lefts[i]! + PAD, widths[i]! - 2 * PAD, size, f));
    y -= h;
  };
  const header = () =>
    row(
      cols.map((c) => c.label),
      bold,
      true,
    );
  if (!t.rows.length) block('No rows for this period.', MARGIN, width, 10);
  else {
    header();
    for (const r of cells) row(r, font, false);
  }
  pages.forEach((p, i) =>
    p.drawText(`Page ${i + 1} of ${pages.length}`, {
      x: pageSize[0] - MARGIN - 60,
      y: MARGIN / 2,
      size: 8,
      font,
      color: rgb(0.4, 0.4, 0.4),
    }),
  );
  return doc.save();
}
