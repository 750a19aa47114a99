import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiJson, createTenant, launch, snapshot, type E2eTenant } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

let browser: Browser;
const contexts: BrowserContext[] = [];
let tenant: E2eTenant;

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

const rows = (page: Page) => page.getByRole('table', { name: 'Inventory items' }).locator('tbody tr');
const itemNumbers = async (page: Page) =>
  rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-item-number')));

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Fairway Carts');
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('inventory: a manager builds the fleet, an employee only looks', () => {
  it('creates a type with two rates and a variant, bulk-adds 10, filters, sorts, changes a status, bulk-deletes 3 and reads the log', async () => {
    const page = await newPage();
    await page.goto(tenant.loginUrl);
    await page.waitForURL(`${tenant.origin}/dashboard`);
    await page.goto(`${tenant.origin}/inventory`);
    await page.getByText('Manage your inventory items and product types').waitFor();
    await page.getByText('Welcome to Your Inventory System').waitFor();
    expect(await page.getByRole('button', { name: 'Add Item' }).isDisabled()).toBe(true);

    // A product type with two rates and a variant.
    await page.getByRole('button', { name: 'Create Your First Product Type' }).click();
    const typeForm = page.getByRole('dialog', { name: 'Create New Product Type' });
    await typeForm.getByRole('button', { name: 'Create Product Type' }).click();
    await typeForm.getByText('Name is required').waitFor();
    await typeForm.getByLabel('Name').fill('Golf Cart');
    await typeForm.getByLabel('Category').fill('Carts');
    await typeForm.getByLabel('Rate 1 amount').fill('25');
    expect(await typeForm.getByRole('button', { name: 'Remove rate 1' }).isDisabled()).toBe(true);
    await typeForm.getByRole('button', { name: 'Add Rate' }).click();
    await typeForm.getByLabel('Rate 2 amount').fill('120');
    await typeForm.getByLabel('Rate 2 type').selectOption('daily');
    await typeForm.getByRole('button', { name: 'Add Variant' }).click();
    await typeForm.getByLabel('Variant 1 name').fill('4-seater');
    await typeForm.getByRole('button', { name: 'Create Product Type' }).click();
    await page.getByText('Product type created successfully').waitFor();
    await typeForm.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: /Product Types/ }).click();
    const card = page.getByRole('article', { name: 'Golf Cart' });
    await card.getByText('$25.00 per hour').waitFor();
    await card.getByText('$120.00 per day').waitFor();
    await card.getByText('Variants: 4-seater').waitFor();

    // Bulk add 10 with generated ids.
    await page.getByRole('button', { name: 'Add Item' }).click();
    const itemForm = page.getByRole('dialog', { name: 'Add New Inventory Item' });
    await itemForm.getByText('Bulk Add Mode').click();
    const create = itemForm.getByRole('button', { name: /^Create .*Items$/ });
    expect(await create.isDisabled()).toBe(true);
    await itemForm.getByLabel('Quantity').fill('150');
    await itemForm.getByText('Maximum 100 items per batch').waitFor();
    await itemForm.getByLabel('Quantity').fill('10');
    await itemForm.getByRole('button', { name: 'Generate IDs' }).click();
    await itemForm.getByText('GC-010').waitFor();
    await itemForm.getByRole('button', { name: 'Create 10 Items' }).click();
    await page.getByText('10 items created successfully').waitFor();

    await page.getByRole('tab', { name: /Inventory Items/ }).click();
    await page.getByRole('tab', { name: /Inventory Items.*10/ }).waitFor();
    expect(await itemNumbers(page)).toEqual([
      'GC-001',
      'GC-002',
      'GC-003',
      'GC-004',
      'GC-005',
      'GC-006',
      'GC-007',
      'GC-008',
      'GC-009',
      'GC-010',
    ]);

    // Sort by item descending, then filter by search.
    await page.getByRole('button', { name: /^Item/ }).first().click();
    await expect
      .poll(() => itemNumbers(page))
      .toEqual(['GC-010', 'GC-009', 'GC-008', 'GC-007', 'GC-006', 'GC-005', 'GC-004', 'GC-003', 'GC-002', 'GC-001']);
    await page.getByRole('button', { name: /^Item/ }).first().click();
    await page.getByLabel('Search items').fill('GC-01');
    await expect.poll(() => itemNumbers(page)).toEqual(['GC-010']);
    await page.getByLabel('Search items').fill('');

    // A status change, counted by its chip.
    await page.getByLabel('Status of GC-002').selectOption('MAINTENANCE');
    await page.getByRole('button', { name: 'MAINTENANCE (1)' }).waitFor();
    await page.getByRole('button', { name: 'MAINTENANCE (1)' }).click();
    await expect.poll(() => itemNumbers(page)).toEqual(['GC-002']);
    await page.getByRole('button', { name: /^All \(/ }).click();

    // Bulk delete three.
    // Chakra draws its checkbox over the (visually hidden) labelled input, so the click lands on the
    // drawn box exactly as a user's does; force only skips Playwright's "something covers it" check.
    for (const n of ['GC-001', 'GC-002', 'GC-003']) await page.getByLabel(`Select ${n}`).check({ force: true });
    await page.getByText('3 items selected').waitFor();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('3 items deleted successfully').waitFor();
    await expect
      .poll(() => itemNumbers(page))
      .toEqual(['GC-004', 'GC-005', 'GC-006', 'GC-007', 'GC-008', 'GC-009', 'GC-010']);

    // The log: one BULK DELETED entry listing the three.
    await page.getByRole('tab', { name: 'Activity Log' }).click();
    await page.getByRole('button', { name: 'View details of BULK DELETED Multiple (3)' }).click();
    const details = page.getByRole('dialog', { name: 'Activity Log Details' });
    const affected = details.getByRole('table', { name: 'Affected items' });
    for (const n of ['GC-001', 'GC-002', 'GC-003']) await affected.getByText(n).waitFor();
    await snapshot(page, 'inventory-bulk-deleted-details');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
  });

  it('shows an employee without the permission the read-only page, and the API refuses their writes', async () => {
    // The employees area (users API) is not built yet: the employee is written with the product's
    // own store functions, into the same table, and then signs in through the real sign-in API.
    Object.assign(process.env, inject('e2eStoreEnv'));
    const [{ userPuts }, { hashPassword }, { db }, { TransactWriteCommand }] = await Promise.all([
      import('../../functions/auth/store.js'),
      import('../../functions/lib/passwords.js'),
      import('../../functions/lib/db.js'),
      import('@aws-sdk/lib-dynamodb'),
    ]);
    const owner = await apiJson<{ token: string; user: { organizationId: string } }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: tenant.owner.email, password: tenant.owner.password },
    });
    const email = `employee-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Employee-Pass-2024';
    await db().send(
      new TransactWriteCommand({
        TransactItems: userPuts({
          id: randomUUID(),
          username: email,
          email,
          firstName: 'Erin',
          lastName: 'Employee',
          role: 'EMPLOYEE',
          accessLevel: 'EMPLOYEE',
          organizationId: owner.user.organizationId,
          passwordHash: await hashPassword(password),
          isActive: true,
          createdAt: new Date().toISOString(),
        }),
      }),
    );

    const signIn = await apiJson<{ token: string; redirectUrl: string }>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: email, password },
    });
    const page = await newPage();
    await page.goto(signIn.redirectUrl);
    await page.waitForURL(`${tenant.origin}/dashboard`);
    await page.goto(`${tenant.origin}/inventory`);
    await page.getByText('View inventory items').waitFor();
    await page.getByRole('tab', { name: /Inventory Items.*7/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Item' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Activity Log' }).count()).toBe(0);
    expect(await page.getByLabel('Status of GC-004').count()).toBe(0);
    expect(await page.getByLabel('Select GC-004').count()).toBe(0);
    await snapshot(page, 'inventory-employee-read-only');

    const items = await apiJson<{ items: { id: string; productTypeId: string }[] }>(baseUrl, '/api/inventory/items', {
      token: signIn.token,
    });
    const [first] = items.items;
    const attempts: [string, string, unknown?][] = [
      ['POST', '/api/inventory/items', { productTypeId: first!.productTypeId, itemNumber: 'EMP-1' }],
      ['PATCH', `/api/inventory/items/${first!.id}/status`, { status: 'DAMAGED' }],
      ['DELETE', '/api/inventory/bulk/delete', { itemIds: [first!.id] }],
      ['POST', '/api/inventory/product-types', { name: 'Sneaky', category: 'x' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${signIn.token}` },
        body: JSON.stringify(body),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});
