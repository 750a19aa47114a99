import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const repo = fileURLToPath(new URL('../../', import.meta.url));
export const ARTEFACTS = join(repo, 'test-results');

/**
 * The zone every journey's browser runs in: not the organization's (e2e organizations record none, so
 * they are America/New_York). docs/decisions/0008-one-time-zone.md: every screen must read the organization's clock
 * anyway.
 */
export const BROWSER_TIME_ZONE = 'UTC';

export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  // Every context (and browser.newPage's own) starts in BROWSER_TIME_ZONE unless a test asks otherwise.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ timezoneId: BROWSER_TIME_ZONE, ...options });
  return browser;
}

/**
 * One browser for a test file, launched before its tests and closed after them with every context
 * it opened. `newPage` opens a page in a fresh context (its own storage: a new person).
 */
export function browserForFile(defaults: { viewport?: { width: number; height: number }; timeout?: number } = {}) {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });
  return {
    async newPage(viewport = defaults.viewport ?? { width: 1366, height: 900 }): Promise<Page> {
      if (!browser) throw new Error('browserForFile: the browser starts in beforeAll');
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(defaults.timeout ?? 30_000);
      return page;
    },
  };
}

/** Kept as a test artefact (test-results/ is gitignored). */
export async function snapshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTEFACTS, { recursive: true });
  const path = join(ARTEFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export async function apiJson<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export interface E2eTenant {
  /** Signs the owner in on the tenant host (sign-up's answer). */
  loginUrl: string;
  origin: string;
  subdomain: string;
  owner: { email: string; password: string };
}

/** An organization made the way a real one is: a platform invitation, then sign-up completion. */
export async function createTenant(
  baseUrl: string,
  port: number,
  admin: { email: string; password: string },
  name: string,
): Promise<E2eTenant> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const owner = { email: `owner-${stamp}@example.com`, password: 'Owner-Pass-2024' };
  const { token } = await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { username: admin.email, password: admin.password },
  });
  const { invitation } = await apiJson<{ invitation: { inviteUrl: string } }>(baseUrl, '/api/platform/invitations', {
    method: 'POST',
    token,
    body: { firstName: 'Sam', lastName: 'Owner', email: owner.email },
  });
  const inviteToken = new URL(invitation.inviteUrl).searchParams.get('token')!;
  const done = await apiJson<{ loginUrl: string; organization: { subdomain: string } }>(
    baseUrl,
    '/api/signup/complete',
    {
      method: 'POST',
      body: {
        token: inviteToken,
        organizationName: `${name} ${stamp}`,
        phone: '(555) 300-4000',
        password: owner.password,
        confirmPassword: owner.password,
      },
    },
  );
  const subdomain = done.organization.subdomain;
  return { loginUrl: done.loginUrl, origin: `http://${subdomain}.localhost:${port}`, subdomain, owner };
}

/**
 * Waits until no finite animation runs (a dialog's opening, a drawer sliding in, a tab panel fading
 * in), then for the next painted frame: a picture or a measurement taken now sees the final layout.
 * Endless animations (spinners, pulsing skeletons) are not waited for. A real condition instead of a
 * fixed pause (docs/decisions/0256-a-fast-test-suite.md).
 */
export async function animationsDone(page: Page, timeout = 5_000): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout, polling: 50 },
    )
    .catch(() => {});
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
