import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiJson, createTenant, launch, snapshot } from './browser.js';

// docs/decisions/0024-words-and-states.md ("Words and states") in a real browser at 375 and 1366 px.
const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

let browser: Browser;
const contexts: BrowserContext[] = [];
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 800 : 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe.each([375, 1366])('at %i px', (width) => {
  it('footer pages are real pages, and /signup without an invitation explains the rule', async () => {
    const page = await newPage(width);
    for (const [path, section] of [
      ['/security', 'One business, one space'],
      ['/privacy', 'For customers of a business'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 2, name: section }).waitFor();
      expect(await page.getByText(/being written/).count()).toBe(0);
      expect(await overflows(page)).toBe(false);
    }
    await snapshot(page, `words-security-${width}`);
    await page.goto(`${baseUrl}/signup`);
    await page.getByRole('heading', { name: 'Accounts are opened by invitation' }).waitFor();
    expect(await page.getByRole('link', { name: 'Book a Demo' }).count()).toBeGreaterThan(0);
    expect(await overflows(page)).toBe(false);
    await snapshot(page, `words-signup-no-token-${width}`);
  });

  it('a sign-up names the address it really gets, before and after, and signs in with one message', async () => {
    // createTenant adds a stamp to the name: its subdomain, typed as a name, asks for that very address.
    const taken = (await createTenant(baseUrl, port, admin, 'Words Carts')).subdomain;
    const { token } = await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: admin.email, password: admin.password },
    });
    const { invitation } = await apiJson<{ invitation: { inviteUrl: string } }>(baseUrl, '/api/platform/invitations', {
      method: 'POST',
      token,
      body: { firstName: 'Wren', lastName: 'Words', email: `wren-${stamp()}@example.com` },
    });
    const page = await newPage(width);
    await page.goto(`${baseUrl}${new URL(invitation.inviteUrl).pathname}${new URL(invitation.inviteUrl).search}`);
    await page.getByLabel(/phone/i).fill('(555) 201-3344');
    await page.getByLabel(/organization name/i).fill(taken);
    await page
      .getByTestId('subdomain-preview')
      .getByText(/is taken/)
      .waitFor();
    expect(await overflows(page)).toBe(false);
    await snapshot(page, `words-signup-taken-${width}`);
    await page.locator('input[name=password]').fill('Sunny-Carts-42');
    await page.locator('input[name=confirmPassword]').fill('Sunny-Carts-42');
    await page.getByRole('button', { name: 'Create Organization Account' }).click();
    await page.getByText('Signing you in and opening your dashboard...').waitFor();
    await page.getByText(/was already taken/).waitFor();
    await snapshot(page, `words-signup-done-${width}`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 20_000 });
    await page.getByText('Login successful!').waitFor();
    expect(await page.getByText('Your session has ended').count()).toBe(0);
  });

  it('the platform turns non-core features on and off for every tenant; a fresh sweep is not a fault', async () => {
    const page = await newPage(width);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/platform/dashboard`);
    await page.getByText(/Overall:/).waitFor();
    await snapshot(page, `words-platform-overview-${width}`);
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByLabel('Payments globally enabled').waitFor({ state: 'attached' });
    expect(await page.getByLabel('Payments globally enabled').isDisabled()).toBe(false);
    expect(await page.getByLabel('Settings globally enabled').isDisabled()).toBe(true);
    expect(await overflows(page)).toBe(false);
    await snapshot(page, `words-feature-flags-${width}`);
  });
});
