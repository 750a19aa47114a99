import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { subdomainFromName } from '../../shared/domain/subdomain.js';
import { apiJson, launch, snapshot } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

const stamp = Date.now().toString(36);
const owner = {
  firstName: 'Olive',
  lastName: 'Owner',
  email: `olive-${stamp}@example.com`,
  organizationName: `Olive's Carts ${stamp}`,
  phone: '(555) 201-3344',
  password: 'Sunny-Carts-42',
};
const subdomain = subdomainFromName(owner.organizationName);
const tenantOrigin = `http://${subdomain}.localhost:${port}`;

let browser: Browser;
const contexts: BrowserContext[] = [];

async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('browser journeys against the local runtime', () => {
  it('a platform admin signs in and lands on /platform/dashboard, then sends an invitation', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/platform/dashboard`);
    await page.getByRole('heading', { name: 'Platform Administration' }).waitFor();
    await page.getByText('Super Admin', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Client Invitations' }).click();
    await page.getByText('Invite a new client').waitFor();
    await page.getByRole('button', { name: 'Send Invitation', exact: true }).click();
    await page.getByText('First name is required').waitFor();
    const form = page.getByRole('form', { name: 'Send invitation' });
    await form.getByLabel('First name').fill('Uma');
    await form.getByLabel('Last name').fill('Ui');
    await form.getByLabel('Email').fill(`uma-${stamp}@example.com`);
    await page.getByRole('button', { name: 'Send Invitation', exact: true }).click();
    await page.getByTestId('invite-url').waitFor();
    await page
      .locator('td')
      .filter({ hasText: `uma-${stamp}@example.com` })
      .waitFor();
    await page.locator('td').getByText('Pending', { exact: true }).first().waitFor();
    await snapshot(page, 'e2e-platform-admin');

    await page.getByRole('button', { name: `Revoke invitation to Uma Ui` }).click();
    await page.getByText('Are you sure you want to revoke this invitation?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Invitation revoked').waitFor();
    await page
      .locator('td')
      .filter({ hasText: `uma-${stamp}@example.com` })
      .waitFor({ state: 'detached' });
  });

  it('an invited owner completes /signup and lands signed in on their tenant dashboard', async () => {
    const { token } = await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: admin.email, password: admin.password },
    });
    const { invitation } = await apiJson<{ invitation: { inviteUrl: string } }>(baseUrl, '/api/platform/invitations', {
      method: 'POST',
      token,
      body: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
    });
    expect(invitation.inviteUrl).toContain('token=');

    const page = await newPage();
    await page.goto(invitation.inviteUrl);
    await page.getByRole('heading', { name: 'Create Your Organization' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(owner.email);
    expect(await page.getByLabel('First name').inputValue()).toBe(owner.firstName);

    await page.getByRole('button', { name: 'Create Organization Account' }).click();
    await page.getByText('Organization name is required').waitFor();
    await page.getByText('Phone number is required').waitFor();

    await page.getByLabel('Phone').fill(owner.phone);
    await page.getByLabel('Organization name').fill(owner.organizationName);
    await page.getByTestId('subdomain-preview').getByText(`${subdomain}.localhost:${port}`).waitFor();
    await page.locator('input[name=password]').fill(owner.password);
    await page.getByText('Strong').waitFor();
    await page.locator('input[name=confirmPassword]').fill('Sunny');
    await page.getByText('Passwords do not match').waitFor();
    await page.locator('input[name=confirmPassword]').fill(owner.password);
    await page.getByRole('button', { name: 'Show password', exact: true }).click();
    expect(await page.locator('input[name=password]').getAttribute('type')).toBe('text');

    await snapshot(page, 'e2e-signup-form');
    await page.getByRole('button', { name: 'Create Organization Account' }).click();
    await page.getByText('Account Created Successfully!').waitFor();
    await page.getByText('Signing you in and opening your dashboard...').waitFor();

    await page.waitForURL(`${tenantOrigin}/dashboard`, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Welcome to your management system').waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.has('auth')).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await snapshot(page, 'e2e-owner-signup');
  });

  it('an anonymous deep link shows the sign-in screen, on the platform host and on a tenant host', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/platform/dashboard`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/platform/dashboard');

    await page.goto(`${tenantOrigin}/reports`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor();

    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByRole('heading', { name: /run your whole rental business/i }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto(`${tenantOrigin}/reports`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await snapshot(page, 'e2e-anonymous-deep-link');
  });

  it('the owner signs in on their host; the drawer and the user menu work (phone width)', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${tenantOrigin}/login`);
    await page.getByLabel('Username').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${tenantOrigin}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // Escape closes the drawer.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByText('Rental Management', { exact: true }).waitFor();
    await nav.waitFor();
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    // The close button closes it.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.waitFor();
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await nav.waitFor({ state: 'hidden' });
    // A click on the backdrop closes it.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.waitFor();
    // On a phone the drawer takes the whole width (no backdrop to click): its close button closes it.
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await nav.waitFor({ state: 'hidden' });
    // Navigating closes it.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const labels = await nav.getByRole('link').allTextContents();
    expect(labels).toEqual(['Dashboard', 'Inventory', 'Customers', 'Reservations', 'Reports', 'Employees', 'Settings']);
    await nav.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(`${tenantOrigin}/reports`);
    await nav.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Generate Report' }).waitFor();

    await page.getByRole('button', { name: /user menu/i }).click();
    const details = page.getByTestId('user-menu-details');
    await details.waitFor();
    const text = await details.textContent();
    expect(text).toContain(`${owner.firstName} ${owner.lastName}`);
    expect(text).toContain('Business Admin');
    expect(text).toContain(owner.organizationName);
    await snapshot(page, 'e2e-shell-user-menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByText('Logged out successfully').waitFor();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await snapshot(page, 'e2e-shell-signed-out');
  });

  it('a visitor books a demo: the scheduling page opens in a new tab and a thank-you shows', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Book a Demo' }).first().click();
    await page.waitForURL(`${baseUrl}/book-demo`);
    await page.getByRole('heading', { name: 'Book a Demo' }).waitFor();
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Visitor');
    await page.getByLabel('Work email').fill('vera@example.com');
    await page.locator('input[name=company]').fill('Vera Boats');
    await page.getByLabel('Industry').selectOption('equipment-rental');
    await page.getByLabel('Company size').selectOption('11-50');
    await page.getByLabel('Preferred time').selectOption('morning');
    // No internet here: the scheduling site is answered locally so the new tab keeps its address.
    await page
      .context()
      .route(/^https:\/\/calendly\.com\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Scheduling</title>' }),
      );
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Schedule My Demo' }).click();
    const scheduling = await popup;
    await scheduling.waitForLoadState();
    expect(scheduling.url()).toBe('https://calendly.com/');
    await scheduling.close();
    await page.getByText('Thank you, Vera!').waitFor();
    await snapshot(page, 'e2e-book-demo');
  });
});
