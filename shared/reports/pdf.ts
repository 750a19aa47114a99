/**
 * A real PDF of a report (pdf-lib, loaded only when asked for): A4 portrait, 20 mm margins, the
 * business's name, the title and range, totals on page 1, then the table over as many pages as needed
 * (the header row repeats), page numbers.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { cellText, type ReportTable } from './table.js';

const MM = 72 / 25.4;
const A4: [number, number] = [210 * MM, 297 * MM];
const MARGIN = 20 * MM;

/** Standard fonts encode WinAnsi only: other characters become '?'. */
const safe = (s: string) => s.replace(/[–—]/g, '-').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

function fitText(text: string, font: PDFFont, size: number, width: number): string {
  let t = safe(text);
  if (font.widthOfTextAtSize(t, size) <= width) return t;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
  return `${t}...`;
}

export async function reportPdf(t: ReportTable, business: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title} - ${t.range}`);
  doc.setAuthor(business);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage(A4);
    pages.push(page);
    y = A4[1] - MARGIN;
  };
  const text = (s: string, x: number, size: number, f = font) =>
    page.drawText(safe(s), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });

  newPage();
  y -= 14;
  text(business, MARGIN, 14, bold);
  y -= 22;
  text(t.title, MARGIN, 18, bold);
  y -= 16;
  text(t.range, MARGIN, 11);
  y -= 24;
  text('Totals', MARGIN, 12, bold);
  for (const x of t.totals) {
    y -= 15;
    text(x.label, MARGIN, 10);
    text(cellText(x.value, x.type, t.zone), MARGIN + width / 2, 10, bold);
  }
  y -= 28;

  const cols = t.columns;
  const colW = width / Math.max(1, cols.length);
  const size = cols.length > 6 ? 7.5 : 9;
  const rowH = size + 6;
  const header = () => {
    page.drawRectangle({ x: MARGIN, y: y - 3, width, height: rowH, color: rgb(0.92, 0.93, 0.95) });
    cols.forEach((c, i) => text(fitText(c.label, bold, size, colW - 4), MARGIN + i * colW + 2, size, bold));
    y -= rowH;
  };
  if (!t.rows.length) text('No rows for this period.', MARGIN, 10);
  else {
    header();
    for (const r of t.rows) {
      if (y < MARGIN + rowH) {
        newPage();
        header();
      }
      cols.forEach((c, i) =>
        text(fitText(cellText(r[c.key] ?? null, c.type, t.zone), font, size, colW - 4), MARGIN + i * colW + 2, size),
      );
      y -= rowH;
    }
  }
  pages.forEach((p, i) =>
    p.drawText(`Page ${i + 1} of ${pages.length}`, {
      x: A4[0] - MARGIN - 60,
      y: MARGIN / 2,
      size: 8,
      font,
      color: rgb(0.4, 0.4, 0.4),
    }),
  );
  return doc.save();
}
