import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiJson, createTenant, launch, snapshot, type E2eTenant } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

let browser: Browser;
const contexts: BrowserContext[] = [];
let tenant: E2eTenant;
let employeeId = '';

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 800 : 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Picture Tours');
  const { token } = await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { username: tenant.owner.email, password: tenant.owner.password },
  });
  const invited = await apiJson<{ employee: { id: string } }>(baseUrl, '/api/users/invite', {
    method: 'POST',
    token,
    body: { firstName: 'Pat', lastName: 'Rivera', email: `pat-${Date.now()}@example.com`, accessLevel: 'EMPLOYEE' },
  });
  employeeId = invited.employee.id;
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('employee picture (document 3 §7, R-EMP-8)', () => {
  it.each([1366, 375])(
    'at %i px: a file that is not an image is refused, an image becomes the picture',
    async (width) => {
      const page = await newPage(width);
      await page.goto(tenant.loginUrl);
      await page.waitForURL(`${tenant.origin}/dashboard`);
      await page.goto(`${tenant.origin}/employees/${employeeId}`);
      await page.getByRole('heading', { name: 'Pat Rivera' }).waitFor();
      const input = page.getByLabel('Picture file');
      await input.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
      await page.getByText('Please select an image file.').waitFor();

      const png = await sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      await input.setInputFiles({ name: 'pat.png', mimeType: 'image/png', buffer: png });
      const img = page.getByAltText('Pat Rivera');
      await page.waitForFunction(() => {
        const el = document.querySelector('img[alt="Pat Rivera"]') as HTMLImageElement | null;
        return !!el && el.complete && el.naturalWidth > 0;
      });
      expect(await img.getAttribute('src')).toContain('/photos/medium/');
      await page.getByText('Please select an image file.').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Change picture' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await snapshot(page, `employee-picture-${width}`);
    },
  );
});
