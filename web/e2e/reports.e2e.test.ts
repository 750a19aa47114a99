import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_TIME_ZONE, todayIn, zonedDateTime } from '../../shared/domain/time.js';
import { animationsDone, apiJson, createTenant, launch, snapshot, type E2eTenant } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');
const inboxUrl = inject('e2eInboxUrl');

type Mail = {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
  attachments: { filename?: string; contentType: string; content: string }[];
};
/** The e-mails the SES emulator caught for `to` once there are `count` of them (polled: the send is over before the answer, the store may lag). */
async function mailsTo(to: string, count = 1): Promise<Mail[]> {
  for (let i = 0; i < 40; i++) {
    const inbox = (await (await fetch(inboxUrl)).json()) as { emails: Mail[] };
    const mine = inbox.emails.filter((m) => m.destination.to.includes(to));
    if (mine.length >= count) return mine;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail for ${to}`);
}

let browser: Browser;
const contexts: BrowserContext[] = [];
let tenant: E2eTenant;
let page: Page;

async function newPage(width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  const p = await context.newPage();
  p.setDefaultTimeout(20_000);
  return p;
}

/** The text of page 1 of a PDF (content streams inflated; pdf-lib writes strings as hex). */
async function firstPageText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const one = await PDFDocument.create();
  const [copy] = await one.copyPages(doc, [0]);
  one.addPage(copy);
  const raw = Buffer.from(await one.save({ useObjectStreams: false })).toString('latin1');
  const parts = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
    try {
      return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      return m[1]!;
    }
  });
  return parts.join('\n').replace(/<([0-9A-Fa-f]+)>/g, (_, h: string) => Buffer.from(h, 'hex').toString('latin1'));
}

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Dune Carts');
  const login = await apiJson<{ token: string; user: { organization?: { timeZone?: string } } }>(
    baseUrl,
    '/api/auth/login',
    { method: 'POST', body: { username: tenant.owner.email, password: tenant.owner.password } },
  );
  const token = login.token;
  const zone = login.user.organization?.timeZone || DEFAULT_TIME_ZONE;
  const type = await apiJson<{ id: string }>(baseUrl, '/api/inventory/product-types', {
    method: 'POST',
    token,
    body: { name: 'Dune Cart', category: 'Carts', rates: [{ rate: 40, rateType: 'hourly' }] },
  });
  const item = await apiJson<{ id: string }>(baseUrl, '/api/inventory/items', {
    method: 'POST',
    token,
    body: { productTypeId: type.id, itemNumber: 'DC-1' },
  });
  // today at 09:00 in the organization's zone (inside this month's default range), returned an hour late
  const start = zonedDateTime(todayIn(zone), '09:00', zone);
  const r = await apiJson<{ data: { id: string } }>(baseUrl, '/api/reservations/items/create', {
    method: 'POST',
    token,
    body: {
      customer: { firstName: 'Rita', lastName: 'Rider', phone: '5553330000' },
      reservation: {
        startTime: start.toISOString(),
        reservationDuration: 2,
        inventoryItemId: item.id,
        depositAmount: 0,
      },
    },
  });
  await apiJson(baseUrl, `/api/reservations/processing/${r.data.id}/return`, {
    method: 'POST',
    token,
    body: { actualReturnTime: new Date(start.getTime() + 3 * 36e5).toISOString() },
  });
  page = await newPage();
  await page.goto(tenant.loginUrl);
  await page.waitForURL(`${tenant.origin}/dashboard`);
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('reports', () => {
  it("generates this month's revenue report, exports a real PDF and Excel, and shows insights", async () => {
    await page.goto(`${tenant.origin}/reports`);
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByText('Booked', { exact: true }).first().waitFor();
    // 2 h booked + 1 h overage at $40 = $120
    await page.getByText('$120.00').first().waitFor();
    await snapshot(page, 'reports-revenue-1366');

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF', exact: true }).first().click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^revenue-.*\.pdf$/);
    const pdfBytes = readFileSync((await pdf.path())!);
    expect(Buffer.from(pdfBytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await firstPageText(pdfBytes);
    expect(text).toContain('Booked');
    expect(text).toContain('$120.00');

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel', exact: true }).first().click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await xlsx.path())!) as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(5).values).toEqual([undefined, 'Date', 'Reservations', 'Cancelled', 'Booked']);
    expect(ws.getRow(6).getCell(1).value).toBeInstanceOf(Date);
    expect(ws.getRow(6).getCell(4).value).toBe(120);

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByText('Analysis confidence').waitFor();
    await page.getByText('Based on 1 reservation from').waitFor();
    await page.getByText('Peak hours').waitFor();
    await snapshot(page, 'reports-analytics-1366');

    await page.getByRole('tab', { name: 'Export' }).click();
    // The revenue report offers only the formats it supports: no CSV button, no CSV in the list.
    await page.getByRole('button', { name: 'Export as PDF' }).waitFor();
    expect(await page.getByRole('button', { name: 'CSV', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Export format').locator('option').allTextContents()).not.toContain('CSV');
  }, 120_000);

  it('schedules a weekly report to an outside address, which confirms through its link; Run now mails the PDF with a one-click unsubscribe', async () => {
    const to = `books-${Date.now().toString(36)}@example.com`;
    await page.goto(`${tenant.origin}/reports`);
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await page.getByText('No scheduled reports yet.').waitFor();
    await page.getByRole('button', { name: 'Schedule Report' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Weekly revenue');
    // Weekly on Monday at 08:00, PDF: the form's defaults
    await dialog.getByLabel('Recipients').fill(to);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByText('Report scheduled').waitFor();
    await page.getByText('Weekly on Mon at 08:00').first().waitFor();
    await page
      .locator('span')
      .filter({ hasText: /^Active$/ })
      .first()
      .waitFor(); // the badge (the status filter has an option too)
    await page.getByText('Never').first().waitFor();
    await snapshot(page, 'reports-schedule-1366');

    // docs/decisions/0002-report-mail-recipients.md: an outside address gets only a confirmation until it says yes, in a browser.
    const [confirmation] = await mailsTo(to);
    expect(confirmation!.attachments ?? []).toHaveLength(0);
    const confirmUrl = /https?:\/\/\S+\/report-mail\/confirm\/[A-Za-z0-9_-]+/.exec(
      JSON.stringify(confirmation!.body),
    )?.[0];
    expect(confirmUrl).toBeTruthy();
    const visitor = await newPage(1366);
    await visitor.goto(confirmUrl!);
    await visitor.getByRole('button', { name: 'Yes, send me this report' }).click();
    await visitor.getByRole('status').waitFor();
    await visitor.close();

    await page.getByRole('button', { name: 'Run now' }).first().click();
    await page.getByText('Report sent to 1 recipient').waitFor();
    await page.getByText('Sent (1/1)').first().waitFor();
    await page.getByText('1 ok').first().waitFor();

    const [, mail, ...more] = await mailsTo(to, 2);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain('Revenue Report');
    expect(mail!.subject).toContain('Dune Carts');
    expect(mail!.body.text).toContain('Weekly revenue');
    expect(mail!.attachments).toHaveLength(1);
    const file = mail!.attachments[0]!;
    expect(file.filename).toMatch(/^revenue-.*\.pdf$/);
    expect(file.contentType).toBe('application/pdf');
    const text = await firstPageText(Buffer.from(file.content, 'base64'));
    expect(text).toContain('Dune Carts');
    expect(text).toContain('Booked');
    await snapshot(page, 'reports-schedule-sent-1366');

    // Disable: the badge says so and there is no next run.
    await page.getByRole('button', { name: 'Disable' }).first().click();
    await page
      .locator('span')
      .filter({ hasText: /^Disabled$/ })
      .first()
      .waitFor();
  }, 120_000);

  it('fits 375 px', async () => {
    const mobile = await newPage(375);
    await mobile.goto(tenant.loginUrl);
    await mobile.waitForURL(`${tenant.origin}/dashboard`);
    await mobile.goto(`${tenant.origin}/reports`);
    await mobile.getByRole('button', { name: 'Generate Report' }).click();
    await mobile.getByText('Booked', { exact: true }).first().waitFor();
    const overflow = await mobile.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(mobile, 'reports-revenue-375');
    await mobile.getByRole('tab', { name: 'Analytics' }).click();
    await mobile.getByText('Analysis confidence').waitFor();
    await snapshot(mobile, 'reports-analytics-375');
    await mobile.getByRole('tab', { name: 'Schedule' }).click();
    await mobile.getByText('Weekly revenue').first().waitFor();
    const scheduleOverflow = await mobile.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(scheduleOverflow).toBeLessThanOrEqual(0);
    await snapshot(mobile, 'reports-schedule-375');
    await mobile.getByRole('button', { name: 'Schedule Report' }).click();
    await mobile.getByRole('dialog').getByLabel('Recipients').waitFor();
    await animationsDone(mobile); // the dialog's opening animation
    await snapshot(mobile, 'reports-schedule-form-375');
  }, 60_000);
});
