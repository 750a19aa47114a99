import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiJson, createTenant, launch, snapshot } from './browser.js';

// docs/decisions/README.md#web-house: the built screens at 375 px and 1366 px, for a person to look at.

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('screens at phone and desktop widths', () => {
  it('inventory tabs, item form, activity log and the public page', async () => {
    const t = await createTenant(baseUrl, port, admin, 'Screens Co');
    const { token } = await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: t.owner.email, password: t.owner.password },
    });
    const type = await apiJson<{ id: string }>(baseUrl, '/api/inventory/product-types', {
      method: 'POST',
      token,
      body: {
        name: 'Electric Golf Cart With A Remarkably Long Product Type Name For Testing',
        category: 'Carts',
        rates: [{ rate: 30, rateType: 'hourly' }],
      },
    });
    await apiJson(baseUrl, '/api/inventory/items', {
      method: 'POST',
      token,
      body: {
        productTypeId: type.id,
        itemNumber: 'GC-0001-WITH-A-LONG-IDENTIFIER-123',
        condition: 'GOOD',
        location: 'The far north storage shed behind the clubhouse',
      },
    });
    const d = new Date(Date.now() + 5 * 86400_000);
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const svc = await apiJson<{ id: string }>(baseUrl, '/api/inventory/services', {
      method: 'POST',
      token,
      body: {
        name: 'Sunset Kayak Tour',
        rate: 25,
        rateType: 'PER_PERSON',
        availability: JSON.stringify([{ date: day, startTime: '10:00', endTime: '12:00', slotsAvailable: 6 }]),
      },
    });
    const share = await apiJson<{ shareToken: string }>(
      baseUrl,
      `/api/inventory/services/${svc.id}/generate-share-link`,
      { method: 'POST', token },
    );
    for (const width of [375, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(t.loginUrl);
      await page.waitForURL(`${t.origin}/dashboard`);
      await page.goto(`${t.origin}/inventory`);
      await page.getByRole('tab', { name: /Inventory Items/ }).waitFor();
      await page.getByText('GC-0001-WITH-A-LONG-IDENTIFIER-123').first().waitFor();
      await snapshot(page, `house-inventory-${width}`);
      await page.getByRole('button', { name: 'Add Item' }).click();
      await page.getByRole('dialog', { name: 'Add New Inventory Item' }).waitFor();
      await snapshot(page, `house-item-form-${width}`);
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Activity Log' }).click();
      await page
        .getByRole('table', { name: 'Activity log' })
        .or(page.getByRole('list', { name: 'Activity log' }))
        .waitFor();
      await snapshot(page, `house-activity-${width}`);
      await page.goto(`${t.origin}/service/${share.shareToken}`);
      await page.getByTestId('slot-button').waitFor();
      await snapshot(page, `house-public-${width}`);
      await context.close();
    }
  });

  it('Escape in the inline new-location box cancels only the new location (docs/decisions/0177-web-web-e2e-form-guard-e2e-test.md), and every inventory tab shows whole at 375 px (point 22)', async () => {
    const t = await createTenant(baseUrl, port, admin, 'Escape Co');
    const { token } = await apiJson<{ token: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: t.owner.email, password: t.owner.password },
    });
    await apiJson(baseUrl, '/api/inventory/product-types', {
      method: 'POST',
      token,
      body: { name: 'Kayak', category: 'Boats', rates: [{ rate: 30, rateType: 'hourly' }] },
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(t.loginUrl);
    await page.waitForURL(`${t.origin}/dashboard`);
    await page.goto(`${t.origin}/inventory`);
    const tabs = page.getByRole('tablist');
    await tabs.getByRole('tab', { name: /Inventory Items/ }).waitFor();
    // Every tab's name shows whole at 375 px: the tabs wrap rather than run off the edge (R-RES-13,
    // docs/decisions/0267-controls-follow-permissions.md).
    for (const tab of await tabs.getByRole('tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }

    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Inventory Item' });
    await dialog.waitFor();
    await dialog.getByLabel('Location').selectOption('__add_new__');
    const box = dialog.getByLabel('New location name');
    await box.fill('North shed');
    await box.press('Escape');
    // The box is gone, the select is back, and the dialog stays open with nothing to confirm.
    await dialog.getByLabel('Location').waitFor();
    expect(await box.count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    // A second Escape (the select focused or not) now belongs to the dialog: a clean form just closes.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});
