import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { animationsDone, createTenant, launch, snapshot, type E2eTenant } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');
const inboxUrl = inject('e2eInboxUrl');

let browser: Browser;
const contexts: BrowserContext[] = [];
let tenant: E2eTenant;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function newPage(width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 800 : 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

/** Whether the tenant's navigation (a slide-in drawer) offers `name`, once it shows Inventory (which stays on). */
async function navHas(page: Page, name: string): Promise<boolean> {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Inventory' }).waitFor();
  const has = (await nav.getByRole('link', { name }).count()) > 0;
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'hidden' });
  return has;
}

async function signInAdmin(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/platform/dashboard`);
}

type Mail = { destination: { to: string[] }; subject: string; body: { html: string; text: string } };
async function mailTo(email: string): Promise<Mail> {
  for (let i = 0; i < 40; i++) {
    const inbox = (await (await fetch(inboxUrl)).json()) as { emails: Mail[] };
    const mine = inbox.emails.filter((m) => m.destination.to.includes(email));
    if (mine.length) return mine[mine.length - 1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail for ${email}`);
}

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Lagoon Rentals');
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('platform portal: modules, templates', () => {
  it('the operator finds a tenant and disables Reservations (not Inventory while Reservations is on); the tenant navigation loses it', async () => {
    const owner = await newPage();
    await owner.goto(tenant.loginUrl);
    await owner.waitForURL(`${tenant.origin}/dashboard`);
    expect(await navHas(owner, 'Reservations')).toBe(true);

    const page = await newPage();
    await signInAdmin(page);
    await page.getByText('Health summary').waitFor();
    await snapshot(page, 'platform-overview-1366');
    await page.getByRole('tab', { name: 'Tenant Management' }).click();
    await page.getByLabel('Search tenants').fill(tenant.subdomain.toUpperCase());
    await page.getByRole('button', { name: /^Details of Lagoon Rentals/ }).click();
    await page.getByRole('tab', { name: 'Feature Management' }).click();
    await page.getByTestId('module-inventory').waitFor();
    await snapshot(page, 'platform-features-1366');

    await page.getByTestId('module-inventory').click();
    await page.getByText('Cannot disable. Required by: Reservations, Reports').waitFor();
    for (const [id, name] of [
      ['reports', 'Reports'],
      ['payments', 'Payments'],
      ['reservations', 'Reservations'],
    ] as const) {
      await page.getByTestId(`module-${id}`).click();
      await page.getByText(`${name} disabled successfully`).waitFor();
    }
    expect(await page.getByTestId('module-reservations').locator('input').isChecked()).toBe(false);

    // within 60 s (the gate caches 30 s per warm function; the nav re-reads every minute or on load)
    const deadline = Date.now() + 65_000;
    for (;;) {
      await owner.reload();
      await owner.waitForLoadState('networkidle');
      if (!(await navHas(owner, 'Reservations'))) break;
      if (Date.now() > deadline) throw new Error('Reservations still in the navigation after 60 s');
      await owner.waitForTimeout(3000);
    }
    await owner.getByRole('button', { name: 'Open navigation' }).click();
    await snapshot(owner, 'platform-tenant-nav-without-reservations');
    // Its dashboard drops the module's cards and actions, and the module's address shows a calm page (docs/decisions/0001-modules-and-live-stream.md).
    await owner.keyboard.press('Escape');
    await owner.goto(`${tenant.origin}/dashboard`);
    await owner.getByTestId('stat-Customers').waitFor();
    expect(await owner.getByTestId('stat-Active Reservations').count()).toBe(0);
    expect(await owner.getByRole('link', { name: 'New Reservation' }).count()).toBe(0);
    expect(await owner.getByText(/not enabled/).count()).toBe(0);
    await owner.goto(`${tenant.origin}/reservations`);
    await owner.getByText('This feature is not enabled for your organization').waitFor();

    const narrow = await newPage(375);
    await signInAdmin(narrow);
    await narrow.getByText('Health summary').waitFor();
    await snapshot(narrow, 'platform-overview-375');
    await narrow.getByRole('tab', { name: 'Tenant Management' }).click();
    await narrow.getByLabel('Search tenants').fill(tenant.subdomain);
    await narrow.getByRole('button', { name: /^Details of Lagoon Rentals/ }).click();
    await narrow.getByRole('tab', { name: 'Feature Management' }).click();
    await narrow.getByTestId('module-inventory').waitFor();
    await snapshot(narrow, 'platform-features-375');
  }, 180_000);

  it('edits the invitation template, previews it, and the next invitation carries the new text', async () => {
    const page = await newPage();
    await signInAdmin(page);
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByRole('tab', { name: /Invitations \(2\)/ }).waitFor();
    await snapshot(page, 'platform-templates-1366');
    const card = page.getByTestId('template-organization-invitation');
    await card.getByRole('button', { name: 'Edit' }).click();
    const text = `Welcome aboard ${stamp()}`;
    const box = page.getByLabel('Template content');
    await box.fill(`<p>Hello {{firstName}}, {{nosuch}}</p>`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/Unknown variable: nosuch/)
      .first()
      .waitFor();
    await box.fill(
      `<p>${text}, {{firstName}}!</p><p><a href="{{inviteUrl}}">Create your organization account</a></p><p>{{inviteUrl}}</p>`,
    );
    await snapshot(page, 'platform-template-edit-1366');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Template updated successfully').waitFor();
    await box.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Preview' }).click();
    const frame = page.locator('iframe[title="Template preview"]');
    await frame.waitFor({ state: 'visible' });
    // The preview's text arrives with its answer: wait for it rather than a fixed pause.
    await expect.poll(() => frame.getAttribute('srcdoc')).toContain(`${text}, [firstName]!`);
    await snapshot(page, 'platform-template-preview-1366');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await frame.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Client Invitations' }).click();
    const email = `nia-${stamp()}@example.com`;
    const form = page.getByRole('form', { name: 'Send invitation' });
    await form.getByLabel('First name').fill('Nia');
    await form.getByLabel('Last name').fill('Shore');
    await form.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Invitation', exact: true }).click();
    await page.getByTestId('invite-url').waitFor();
    const mail = await mailTo(email);
    expect(mail.body.html).toContain(`${text}, Nia!`);
    expect(mail.body.text).toContain(`${text}, Nia!`);

    const narrow = await newPage(375);
    await signInAdmin(narrow);
    await narrow.getByRole('tab', { name: 'Templates' }).click();
    await narrow.getByTestId('template-organization-invitation').waitFor();
    await snapshot(narrow, 'platform-templates-375');
  }, 120_000);

  it('the operator suspends a tenant: its owner cannot sign in; reactivated, the owner can', async () => {
    const suspended = await createTenant(baseUrl, port, admin, 'Cove Boats');
    const signInOwner = async (page: Page) => {
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Username').fill(suspended.owner.email);
      await page.getByLabel('Password').fill(suspended.owner.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
    };
    const owner = await newPage();
    await signInOwner(owner);
    await owner.waitForURL(`${suspended.origin}/dashboard`);

    const page = await newPage();
    await signInAdmin(page);
    await page.getByRole('tab', { name: 'Tenant Management' }).click();
    await page.getByLabel('Search tenants').fill(suspended.subdomain);
    await page.getByRole('button', { name: /^Details of Cove Boats/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Suspend tenant' }).click();
    await page.getByText(/^Suspend Cove Boats .*\?$/).waitFor();
    await animationsDone(page); // the dialog's opening animation
    await snapshot(page, 'platform-suspend-confirm-1366');
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    await page.getByText(/Cove Boats .* suspended$/).waitFor();
    await page.getByRole('button', { name: 'Reactivate tenant' }).waitFor();
    await animationsDone(page); // the dialog's opening animation
    await snapshot(page, 'platform-tenant-suspended-1366');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page
      .getByRole('row', { name: /Cove Boats/ })
      .getByText('SUSPENDED')
      .waitFor();
    await snapshot(page, 'platform-tenants-1366');

    // the owner's open session ends (its next call is refused), and signing in again is refused with the reason
    const deadline = Date.now() + 65_000;
    for (;;) {
      await owner.goto(`${suspended.origin}/inventory`);
      await owner.waitForLoadState('networkidle');
      // signed out: the app's address shows the sign-in form
      if (await owner.getByLabel('Username').isVisible()) break;
      if (Date.now() > deadline) throw new Error('The suspended owner was still signed in after 60 s');
      await owner.waitForTimeout(3000);
    }
    await snapshot(owner, 'platform-suspended-session-ended-1366');
    const again = await newPage();
    await signInOwner(again);
    await again
      .getByRole('form', { name: 'Sign in' })
      .getByText('Your organization has been suspended. Please contact support.')
      .waitFor();
    await snapshot(again, 'platform-suspended-sign-in-1366');

    const narrow = await newPage(375);
    await signInAdmin(narrow);
    await narrow.getByRole('tab', { name: 'Tenant Management' }).click();
    await narrow.getByLabel('Search tenants').fill(suspended.subdomain);
    await narrow.getByRole('button', { name: /^Details of Cove Boats/ }).waitFor();
    await snapshot(narrow, 'platform-tenants-375');
    await narrow.getByRole('button', { name: /^Details of Cove Boats/ }).click();
    await narrow.getByRole('button', { name: 'Reactivate tenant' }).waitFor();
    await animationsDone(narrow); // the dialog's opening animation
    await snapshot(narrow, 'platform-tenant-suspended-375');
    await narrow.getByRole('button', { name: 'Reactivate tenant' }).click();
    await narrow.getByRole('button', { name: 'Reactivate', exact: true }).click();
    await narrow.getByText(/Cove Boats .* reactivated$/).waitFor();
    await narrow.getByRole('button', { name: 'Suspend tenant' }).waitFor();

    const back = await newPage();
    await signInOwner(back);
    await back.waitForURL(`${suspended.origin}/dashboard`);

    // every health check, listed (sweeps with their last success; queues not configured locally)
    await page.getByRole('tab', { name: 'Platform Overview' }).click();
    await page.getByRole('button', { name: /more checks$/ }).click();
    await page.getByTestId('health-queues').waitFor();
    await snapshot(page, 'platform-health-1366');
    await narrow.getByRole('button', { name: 'Close', exact: true }).click();
    await narrow.getByRole('tab', { name: 'Platform Overview' }).click();
    await narrow.getByRole('button', { name: /more checks$/ }).click();
    await narrow.getByTestId('health-queues').waitFor();
    await snapshot(narrow, 'platform-health-375');

    // Feature Flags name the tenants that have each feature
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByTestId('feature-orgs-reservations').waitFor();
    expect(await page.getByTestId('feature-orgs-reservations').textContent()).toMatch(
      /^On for \d+ of \d+ tenants · off for Lagoon Rentals|^On for all/,
    );
    await snapshot(page, 'platform-configuration-1366');
    await narrow.getByRole('tab', { name: 'Configuration' }).click();
    await narrow.getByTestId('feature-orgs-reservations').waitFor();
    await snapshot(narrow, 'platform-configuration-375');
  }, 180_000);
});
