import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { securityHeaders } from '../../shared/security-headers.js';
import { apiJson, createTenant, launch, type E2eTenant } from './browser.js';

/**
 * docs/decisions/0160-hardening-security-headers.md: the local runtime answers with the same security headers as CloudFront (one
 * definition, shared/security-headers.ts), and that CSP breaks no page: no violation is reported
 * on the landing page, sign-in, sign-up, the dashboard, inventory or a public service page.
 */
const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

let browser: Browser;
let tenant: E2eTenant;
let ownerToken = '';
let shareToken = '';

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Csp Rentals');
  ownerToken = new URL(tenant.loginUrl).searchParams.get('token')!;
  const day = new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10);
  const svc = await apiJson<{ id: string }>(baseUrl, '/api/inventory/services', {
    method: 'POST',
    token: ownerToken,
    body: {
      name: 'Harbor tour',
      rate: '20',
      rateType: 'PER_PERSON',
      availability: JSON.stringify([{ date: day, startTime: '10:00', endTime: '12:00', slotsAvailable: 4 }]),
      rsvpSettings: JSON.stringify({ maxParticipants: 4, enablePublicBookings: true }),
    },
  });
  shareToken = (
    await apiJson<{ shareToken: string }>(baseUrl, `/api/inventory/services/${svc.id}/generate-share-link`, {
      method: 'POST',
      token: ownerToken,
    })
  ).shareToken;
});

afterAll(async () => {
  await browser?.close();
});

/** Opens `url`, waits for the page to settle, returns the CSP violations it reported and the document's headers. */
async function visit(page: Page, url: string, ready: (p: Page) => Promise<unknown>) {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|apply|execute|connect|frame)/i.test(m.text()))
      violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI}`),
    );
  });
  const res = await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  return { violations, headers: res?.headers() ?? {} };
}

describe('security headers and the CSP in the browser', () => {
  const expected = securityHeaders({ uploads: [], https: false });

  it.each([
    [
      'landing',
      '/',
      (p: Page) =>
        p
          .getByRole('link', { name: /sign in|log in/i })
          .first()
          .waitFor(),
    ],
    ['sign-in', '/login', (p: Page) => p.getByLabel('Username').waitFor()],
    ['sign-up', '/signup?token=not-a-real-token', (p: Page) => p.locator('body').waitFor()],
  ])('%s page: headers present, no CSP violation', async (_n, path, ready) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { violations, headers } = await visit(page, `${baseUrl}${path}`, ready);
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'])
      expect(headers[name], name).toBeTruthy();
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBe(expected['x-frame-options']);
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['strict-transport-security']).toBeUndefined(); // plain http: no HSTS
    expect(violations).toEqual([]);
    await context.close();
  });

  it('signed-in dashboard and inventory, and the public service page: no CSP violation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const dash = await visit(page, tenant.loginUrl, (p) => p.waitForURL(/\/dashboard/));
    expect(dash.violations).toEqual([]);
    const inv = await visit(page, `${tenant.origin}/inventory`, (p) => p.getByRole('tab').first().waitFor());
    expect(inv.violations).toEqual([]);
    const pub = await visit(page, `${tenant.origin}/service/${shareToken}`, (p) =>
      p.getByText('Harbor tour').first().waitFor(),
    );
    expect(pub.headers['content-security-policy']).toBeTruthy();
    expect(pub.violations).toEqual([]);
    await context.close();
  });

  it('the API answers carry them too', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
