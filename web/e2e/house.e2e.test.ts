import { describe, expect, inject, it } from 'vitest';
import { apiJson, createTenant, browserForFile, snapshot } from './browser.js';

// The web house's journeys (docs/decisions/0165-web-cache-keys-name-tenant-and-user.md): cache isolation between tenants in one tab, and the
// unsaved-changes guard of a form on browser Back and on reload.

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

const { newPage } = browserForFile({ timeout: 30_000 });

describe('web house journeys', () => {
  it('signs in as tenant A, then as tenant B in the same tab (path mode), and never shows A’s data', async () => {
    const a = await createTenant(baseUrl, port, admin, 'Alpha Boats');
    const b = await createTenant(baseUrl, port, admin, 'Bravo Bikes');
    const secret = `Alpha-Only-${Date.now().toString(36)}`;
    const signInA = await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: a.owner.email, password: a.owner.password },
    });
    await apiJson(baseUrl, '/api/inventory/product-types', {
      method: 'POST',
      token: signInA.token,
      body: { name: secret, category: 'Boats', rates: [{ rate: 30, rateType: 'hourly' }] },
    });

    const page = await newPage();
    // Path mode (no tenant domain): the sign-in answer carries no redirect, so the SPA stays in this tab.
    await page.route('**/api/auth/login', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      delete body.redirectUrl;
      await route.fulfill({ response: res, json: body });
    });
    // Records whether A's product type is ever drawn, however briefly.
    await page.addInitScript((text) => {
      (window as unknown as { __sawSecret: boolean }).__sawSecret = false;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes(text))
          (window as unknown as { __sawSecret: boolean }).__sawSecret = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, secret);

    // In-app navigation without a reload (what a nav link does).
    const goInApp = (path: string) =>
      page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);

    const signIn = async (email: string, password: string) => {
      await page.getByLabel('Username').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
    };

    await page.goto(`${baseUrl}/login`);
    await signIn(a.owner.email, a.owner.password);
    await page.waitForURL(`${baseUrl}/${a.subdomain}/dashboard`);
    await goInApp(`/${a.subdomain}/inventory`);
    await page.getByRole('tab', { name: /Product Types/ }).click();
    await page.getByRole('article', { name: secret }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sawSecret: boolean }).__sawSecret)).toBe(true);

    // Sign out and in as B without reloading the page.
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByText('Logged out successfully').waitFor();
    await page.evaluate(() => {
      (window as unknown as { __sawSecret: boolean }).__sawSecret = false;
    });
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await signIn(b.owner.email, b.owner.password);
    await page.waitForURL(`${baseUrl}/${b.subdomain}/dashboard`);
    await goInApp(`/${b.subdomain}/inventory`);
    await page.waitForURL(`${baseUrl}/${b.subdomain}/inventory`);
    await snapshot(page, 'e2e-house-b-inventory');
    await page.getByText('Welcome to Your Inventory System').waitFor();
    await page.getByRole('tab', { name: /Product Types/ }).click();
    await page.getByText('No product types yet').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sawSecret: boolean }).__sawSecret)).toBe(false);
    // Every cached key names its tenant and user: nothing of A's is kept.
    await snapshot(page, 'e2e-house-tenant-b');
  });

  it('guards a dirty service form on browser Back and on reload', async () => {
    const t = await createTenant(baseUrl, port, admin, 'Guarded Tours');
    const page = await newPage();
    await page.goto(t.loginUrl);
    await page.waitForURL(`${t.origin}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // Back must have somewhere to go inside the app: dashboard, then inventory by its nav link.
    if (!(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()))
      await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inventory' }).click();
    await page.waitForURL(`${t.origin}/inventory`);
    await page.getByRole('tab', { name: /Services/ }).click();
    await page.getByRole('button', { name: 'Add Service' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add New Service or Event' });
    await form.locator('input[name=name]').fill('Half-typed tour');

    // Browser Back asks first; Stay keeps the form and what was typed.
    // (page.goBack would wait for a navigation that the guard holds back.)
    await page.evaluate(() => window.history.back());
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Your changes have not been saved - are you sure you want to leave this page?').waitFor();
    await snapshot(page, 'e2e-house-guard-back');
    await confirm.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/inventory');
    expect(await form.locator('input[name=name]').inputValue()).toBe('Half-typed tour');

    // Reload: the browser's own leave-page prompt.
    let prompted = '';
    page.once('dialog', (d) => {
      prompted = d.type();
      void d.dismiss();
    });
    await page.locator('input[name=name]').click();
    await page.keyboard.type('!');
    await page.reload({ timeout: 5000 }).catch(() => undefined);
    expect(prompted).toBe('beforeunload');
    expect(await form.locator('input[name=name]').inputValue()).toBe('Half-typed tour!');
  });
});
