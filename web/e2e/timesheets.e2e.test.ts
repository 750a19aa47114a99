import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiJson, createTenant, launch, snapshot, type E2eTenant } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');
const inboxUrl = inject('e2eInboxUrl');

let browser: Browser;
const contexts: BrowserContext[] = [];
let tenant: E2eTenant;
let ownerToken: string;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newPage(width: number, geo: 'granted' | 'denied'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 800 : 900 },
    ...(geo === 'granted'
      ? { permissions: ['geolocation'], geolocation: { latitude: 40.7128, longitude: -74.006 } }
      : { permissions: [] }),
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

type Mail = { destination: { to: string[] }; body: { text: string } };
async function setupToken(email: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const inbox = (await (await fetch(inboxUrl)).json()) as { emails: Mail[] };
    const mine = inbox.emails.filter((m) => m.destination.to.includes(email));
    const m = mine.length ? /\/setup-account\/([A-Za-z0-9_-]+)/.exec(mine[mine.length - 1]!.body.text) : null;
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no setup mail for ${email}`);
}

/** An active employee through the real invitation and setup (API), signed in on a page. */
async function employee(first: string, last: string) {
  const email = `${first.toLowerCase()}-${stamp()}@example.com`;
  const password = 'Clock-Secret-2024';
  await apiJson(baseUrl, '/api/users/invite', {
    method: 'POST',
    token: ownerToken,
    body: { firstName: first, lastName: last, email },
  });
  const token = await setupToken(email);
  await apiJson(baseUrl, '/api/users/complete-signup', {
    method: 'POST',
    body: { token, firstName: first, lastName: last, email, password, termsAccepted: true },
  });
  return { email, password };
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${tenant.origin}/login`);
  await page.getByLabel('Username').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${tenant.origin}/dashboard`);
}

const clockText = async (page: Page) => (await page.getByTestId('active-clock').textContent())?.trim() ?? '';

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Clockwork Rentals');
  ownerToken = (
    await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: tenant.owner.email, password: tenant.owner.password },
    })
  ).token;
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('timesheets: clock in and out with and without location; the admin sees the session and hours', () => {
  it('an employee with location granted clocks in, sees the Active badge and the clock tick, clocks out; the admin Metrics tab shows it', async () => {
    const worker = await employee('Robin', 'Clock');
    const page = await newPage(1366, 'granted');
    await signIn(page, worker);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Timesheets' }).click();
    await page.getByText('No Timesheets Found').waitFor();
    await snapshot(page, 'timesheets-empty-1366');

    await page.getByLabel('Notes (optional)').fill('Opening shift');
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('Successfully clocked in! (Location captured)').waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    const first = await clockText(page);
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="active-clock"]')?.textContent?.trim() !== before,
      first,
      { timeout: 5_000 },
    );
    expect(await clockText(page)).not.toBe(first);
    await snapshot(page, 'timesheets-active-1366');
    // the success message goes after 3 s
    await page.getByText('Successfully clocked in! (Location captured)').waitFor({ state: 'hidden', timeout: 6_000 });

    // the admin's Metrics tab while the session is open
    const adminPage = await newPage(1366, 'denied');
    await adminPage.goto(tenant.loginUrl);
    await adminPage.waitForURL(`${tenant.origin}/dashboard`);
    await adminPage.goto(`${tenant.origin}/employees`);
    await adminPage.getByRole('tab', { name: /Metrics/ }).click();
    await adminPage.getByText('Currently Clocked In').waitFor();
    const card = adminPage.getByTestId('employee-metrics').filter({ hasText: 'Robin Clock' });
    await card.getByText('Clocked In', { exact: true }).waitFor();
    await card.getByText('Current session').waitFor();
    await snapshot(adminPage, 'employees-metrics-1366');

    await page.getByRole('button', { name: 'Clock Out' }).click();
    await page.getByText('Successfully clocked out! (Location captured)').waitFor();
    await page.getByText('Clocked Out', { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Opening shift' });
    await row.getByText('Robin Clock').waitFor();
    expect(await row.getByText('Active', { exact: true }).count()).toBe(0);
    await snapshot(page, 'timesheets-history-1366');

    await adminPage.reload();
    await adminPage.getByRole('tab', { name: /Metrics/ }).click();
    const after = adminPage.getByTestId('employee-metrics').filter({ hasText: 'Robin Clock' });
    await after.getByText('Clocked Out', { exact: true }).waitFor();
    const figures = (await after.textContent()) ?? '';
    expect(figures).toMatch(/Total sessions\s*1/);
    expect(figures).toMatch(/Completed sessions\s*1/);
    expect(figures).toMatch(/Total hours\s*0\.0\d/);
    expect(figures).toMatch(/Sessions with location\s*1/);
    // the performance tab of that employee reads real figures
    const list = await apiJson<{ employees: { id: string; firstName: string }[] }>(
      baseUrl,
      '/api/timesheets/admin/employees',
      { token: ownerToken },
    );
    const id = list.employees.find((e) => e.firstName === 'Robin')!.id;
    await adminPage.goto(`${tenant.origin}/employees/${id}`);
    await adminPage.getByRole('tab', { name: 'Performance' }).click();
    await adminPage.getByText('Total Shifts').waitFor();
    expect(await adminPage.getByText(/sample figures/).count()).toBe(0);
    await snapshot(adminPage, 'employee-performance-1366');
  }, 180_000);

  it('with location denied the clock still works and says why (375 px)', async () => {
    const worker = await employee('Sasha', 'Nolocation');
    const page = await newPage(375, 'denied');
    await signIn(page, worker);
    await page.goto(`${tenant.origin}/timesheets`);
    await page.getByText('No Timesheets Found').waitFor();
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('Successfully clocked in!', { exact: true }).waitFor();
    await page
      .getByText(
        /Location permission denied\. Please enable location services\.|Location information is unavailable\.|Location request timed out\./,
      )
      .waitFor();
    await page.getByTestId('active-clock').waitFor();
    await snapshot(page, 'timesheets-active-375');
    await page.getByRole('button', { name: 'Clock Out' }).click();
    await page.getByText('Successfully clocked out!', { exact: true }).waitFor();
    await snapshot(page, 'timesheets-history-375');
    const adminPage = await newPage(375, 'denied');
    await adminPage.goto(tenant.loginUrl);
    await adminPage.waitForURL(`${tenant.origin}/dashboard`);
    await adminPage.goto(`${tenant.origin}/employees`);
    await adminPage.getByRole('tab', { name: /Metrics/ }).click();
    await adminPage
      .getByTestId('employee-metrics')
      .filter({ hasText: 'Sasha Nolocation' })
      .getByText(/Sessions with location\s*0/)
      .waitFor();
    await snapshot(adminPage, 'employees-metrics-375');
  }, 180_000);
});
