import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { animationsDone, createTenant, browserForFile, snapshot } from './browser.js';

// docs/decisions/0177-web-web-e2e-form-guard-e2e-test.md / docs/decisions/0177-web-web-e2e-form-guard-e2e-test.md: the unsaved-changes guard of a form dialog, in a real
// browser (jsdom cannot tell whether Escape, a backdrop click or the close button reach the dialog
// the way a person's do). A dirty form asks on each; Stay keeps what was typed, Leave closes; a
// clean form closes without asking.

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

const UNSAVED = 'Your changes have not been saved - are you sure you want to leave this page?';

const { newPage } = browserForFile({ timeout: 20_000 });

/** The ways a person closes a dialog. The backdrop is the viewport's top-left corner, outside the centred dialog. */
const closers: Record<string, (page: Page, dialog: Locator) => Promise<void>> = {
  Escape: (page) => page.keyboard.press('Escape'),
  backdrop: (page) => page.mouse.click(8, 8),
  'close button': (_page, dialog) => dialog.getByRole('button', { name: 'Close', exact: true }).click(),
  Cancel: (_page, dialog) => dialog.getByRole('button', { name: 'Cancel', exact: true }).click(),
};

/** Asks, then Stay: the dialog stays open with the typed text. */
async function closeAndStay(page: Page, dialog: Locator, how: string, input: Locator, typed: string) {
  await animationsDone(page);
  await closers[how]!(page, dialog);
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText(UNSAVED).waitFor();
  await confirm.getByRole('button', { name: 'Stay' }).click();
  await confirm.waitFor({ state: 'hidden' });
  expect(await dialog.isVisible(), `${how}: the form stays open after Stay`).toBe(true);
  expect(await input.inputValue(), `${how}: Stay keeps the typed text`).toBe(typed);
}

/** A clean form closes at once, and no confirmation ever shows. */
async function closesWithoutAsking(page: Page, dialog: Locator, how: string) {
  // A person acts on a dialog that has finished opening; on a loaded machine a key or click sent
  // mid-animation can land before the dialog listens for it (CI saw one such miss).
  await animationsDone(page);
  await closers[how]!(page, dialog);
  await dialog.waitFor({ state: 'hidden' });
  expect(await page.getByText(UNSAVED).count(), `${how}: a clean form does not ask`).toBe(0);
}

describe('the unsaved-changes guard of a form dialog, in a browser', () => {
  it('product type form: Escape, backdrop, close button and Cancel each ask while dirty (Stay keeps the text, Leave closes); a clean form closes without asking', async () => {
    const tenant = await createTenant(baseUrl, port, admin, 'Guarded Rentals');
    const page = await newPage();
    await page.goto(tenant.loginUrl);
    await page.waitForURL(`${tenant.origin}/dashboard`);
    await page.goto(`${tenant.origin}/inventory`);
    await page.getByText('Manage your inventory items and product types').waitFor();
    const open = async () => {
      await page.getByRole('button', { name: 'Add Product Type' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Product Type' });
      await dialog.getByLabel('Name').waitFor();
      return dialog;
    };

    // Clean: each way out closes at once.
    for (const how of Object.keys(closers)) await closesWithoutAsking(page, await open(), how);

    // Dirty: a keystroke just before Escape counts too.
    let dialog = await open();
    const name = dialog.getByLabel('Name');
    await name.click();
    await page.keyboard.type('Kayak');
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').getByText(UNSAVED).waitFor();
    // The picture once the confirmation has finished fading in.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await snapshot(page, 'e2e-form-guard-escape');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Stay' }).click();
    expect(await name.inputValue()).toBe('Kayak');

    for (const how of Object.keys(closers)) await closeAndStay(page, dialog, how, name, 'Kayak');

    // A change in a row of the field array counts as well.
    await dialog.getByLabel('Rate 1 amount').fill('25');
    await closeAndStay(page, dialog, 'Escape', dialog.getByLabel('Rate 1 amount'), '25');

    // Leave closes, and the form opens clean the next time.
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
    await dialog.waitFor({ state: 'hidden' });
    dialog = await open();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('');
    await closesWithoutAsking(page, dialog, 'Escape');

    // Typing and deleting it again is clean again.
    dialog = await open();
    await dialog.getByLabel('Name').fill('K');
    await dialog.getByLabel('Name').fill('');
    await closesWithoutAsking(page, dialog, 'backdrop');
  });

  it('service form: the same guard; Escape in its Advanced Settings closes only that dialog', async () => {
    const tenant = await createTenant(baseUrl, port, admin, 'Guarded Tours Two');
    const page = await newPage();
    await page.goto(tenant.loginUrl);
    await page.waitForURL(`${tenant.origin}/dashboard`);
    await page.goto(`${tenant.origin}/inventory`);
    await page.getByRole('tab', { name: /Services/ }).click();
    const open = async () => {
      await page.getByRole('button', { name: 'Add Service' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add New Service or Event' });
      await dialog.locator('input[name=name]').waitFor();
      return dialog;
    };

    for (const how of ['Escape', 'backdrop', 'close button']) await closesWithoutAsking(page, await open(), how);

    const dialog = await open();
    const name = dialog.locator('input[name=name]');
    await name.fill('Half-typed tour');
    for (const how of ['Escape', 'backdrop', 'close button'])
      await closeAndStay(page, dialog, how, name, 'Half-typed tour');

    // The Advanced Settings dialog on top: Escape closes it, the service form stays without asking.
    await dialog.getByRole('button', { name: 'Advanced Settings' }).click();
    const advanced = page.getByRole('dialog', { name: 'Advanced Settings' });
    await advanced.getByRole('tab', { name: 'RSVPs' }).waitFor();
    await page.keyboard.press('Escape');
    await advanced.waitFor({ state: 'hidden' });
    expect(await page.getByText(UNSAVED).count()).toBe(0);
    expect(await name.inputValue()).toBe('Half-typed tour');

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
