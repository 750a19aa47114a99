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

async function newPage(width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 800 : 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

type Mail = { destination: { to: string[] }; subject: string; body: { html: string; text: string } };
async function setupLink(email: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const inbox = (await (await fetch(inboxUrl)).json()) as { emails: Mail[] };
    const mine = inbox.emails.filter((m) => m.destination.to.includes(email));
    const m = mine.length
      ? /(https?:\/\/[^\s"<]+\/setup-account\/[A-Za-z0-9_-]+)/.exec(mine[mine.length - 1]!.body.text)
      : null;
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no setup mail for ${email}`);
}

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

beforeAll(async () => {
  browser = await launch();
  tenant = await createTenant(baseUrl, port, admin, 'Harbor Tours');
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

describe('employees: invite, set up, documents, deactivate; a manager sees the list without Delete', () => {
  const employee = { email: `pat-${stamp()}@example.com`, password: 'Pat-Secret-2024' };
  let employeeId = '';

  it('an admin invites an employee, who sets up the account from the e-mail, signs in and sees the employee navigation', async () => {
    const page = await newPage();
    await page.goto(tenant.loginUrl);
    await page.waitForURL(`${tenant.origin}/dashboard`);
    await page.goto(`${tenant.origin}/employees`);
    await page.getByRole('tab', { name: /User Management \(1\)/ }).waitFor();
    await snapshot(page, 'employees-list-1366');

    await page.getByRole('button', { name: 'Add Employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Employee' });
    await dialog.getByText('The employee will receive an email invitation').waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByLabel('First Name').fill('Pat');
    await dialog.getByLabel('Last Name').fill('Rivera');
    await dialog.getByLabel('Email').fill(employee.email);
    await dialog.getByLabel('Phone Number').fill('5550102030');
    // a new role from the small modal
    await dialog.getByRole('button', { name: 'Add New Role' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Add New Role' });
    await roleDialog.getByRole('button', { name: 'Add' }).click();
    await roleDialog.getByText('This field is required').waitFor();
    await roleDialog.getByLabel('Role name').fill('Tour Guide');
    await roleDialog.getByRole('button', { name: 'Add' }).click();
    await roleDialog.waitFor({ state: 'hidden' });
    expect(await dialog.getByLabel('Role').inputValue()).toBe('Tour Guide');
    await dialog.getByLabel('Wage').fill('18.75');
    await dialog.getByLabel('Start Date').fill('2025-03-01');
    await snapshot(page, 'employees-modal-1366');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Employee created and invitation email sent!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /Pat Rivera/ });
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByText('@pending-setup').waitFor();
    await row.getByText('$18.75').waitFor(); // to the cent (R-EMP-11)
    const users = await apiJson<{ users: { id: string; email: string }[] }>(baseUrl, '/api/users', {
      token: ownerToken,
    });
    employeeId = users.users.find((u) => u.email === employee.email)!.id;

    // the e-mail lands in the local inbox with a link on the tenant host
    const link = await setupLink(employee.email);
    expect(link.startsWith(`${tenant.origin}/setup-account/`)).toBe(true);

    const emp = await newPage();
    await emp.goto(link);
    await emp.getByRole('heading', { name: 'Complete Your Account Setup' }).waitFor();
    const submit = emp.getByRole('button', { name: 'Complete Account Setup' });
    expect(await submit.isDisabled()).toBe(true);
    await emp
      .getByText('You must accept the Terms of Service, Privacy Policy, and User Agreement to continue.')
      .waitFor();
    await emp.getByLabel('First Name').fill('Pat');
    await emp.getByLabel('Last Name').fill('Rivera');
    // the account keeps the invited address: shown, not editable
    expect(await emp.getByLabel('Email Address').inputValue()).toBe(employee.email);
    expect(await emp.getByLabel('Email Address').isEditable()).toBe(false);
    await emp.locator('input[name="password"]').fill(employee.password);
    await emp.getByRole('button', { name: 'Show password' }).click();
    expect(await emp.locator('input[name="password"]').getAttribute('type')).toBe('text');
    await emp.getByText('I accept the').click();
    await snapshot(emp, 'setup-account-1366');
    await submit.click();
    await emp.getByRole('heading', { name: 'Setup Complete!' }).waitFor();
    await emp.getByText('Redirecting you to login...').waitFor();
    await emp.waitForURL(`${tenant.origin}/login`, { timeout: 10_000 });
    await emp
      .getByText('Account setup completed! Please log in with your email address.')
      .waitFor()
      .catch(async (e) => {
        await snapshot(emp, 'debug-login');
        throw e;
      });
    expect(await emp.getByLabel('Username').inputValue()).toBe(employee.email);
    await emp.getByLabel('Password').fill(employee.password);
    await emp.getByRole('button', { name: 'Sign in' }).click();
    await emp.waitForURL(`${tenant.origin}/dashboard`);
    // the employee navigation: Timesheets, no Employees
    await emp.getByRole('button', { name: 'Open navigation' }).click();
    const nav = emp.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Timesheets' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Employees' }).count()).toBe(0);
    await snapshot(emp, 'employee-navigation-1366');
    await emp.getByRole('button', { name: 'Close navigation' }).click();

    // the used link now says so
    const again = await newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'Invalid Setup Link' }).waitFor();
    await again.getByText(/Invalid setup token/).waitFor();
    const bad = await newPage();
    await bad.goto(`${tenant.origin}/setup-account?token=not-a-token`);
    await bad.getByRole('heading', { name: 'Invalid Setup Link' }).waitFor();

    // the admin uploads a PDF to their documents and previews it
    await page.goto(`${tenant.origin}/employees/${employeeId}`);
    await page.getByRole('heading', { name: 'Pat Rivera' }).waitFor();
    await page.getByText('Tour Guide at').waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await snapshot(page, 'employee-detail-1366');
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Please provide both document name and file').waitFor();
    await page.getByLabel('Document Name').fill('Employment contract');
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('row', { name: /Employment contract/ }).waitFor();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Preview Employment contract' }).click();
    const tab = await popup;
    // the tab opens the file's short-lived link: the stored PDF, served inline
    await tab.waitForURL((u) => u.pathname.includes(`/documents/${employeeId}/`));
    const pdf = await fetch(tab.url());
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain('inline');
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);
    await tab.close();
    await snapshot(page, 'employee-documents-1366');

    // deactivate: the employee's open session ends
    await page.goto(`${tenant.origin}/employees`);
    await page.getByRole('button', { name: 'Deactivate Pat Rivera' }).click();
    await page
      .getByText('Are you sure you want to deactivate this employee? They will not be able to log in.')
      .waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('row', { name: /Pat Rivera/ })
      .getByText('Inactive')
      .waitFor();
    // Each area's function keeps a session's facts for up to 30 s (the promise is 60 s): the
    // employee keeps using the app until a request answers 401 and the sign-in form shows.
    const deadline = Date.now() + 65_000;
    let ended = false;
    while (!ended && Date.now() < deadline) {
      await emp.goto(`${tenant.origin}/inventory`);
      ended = await emp
        .getByRole('button', { name: 'Sign in' })
        .waitFor({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
    }
    expect(ended, 'the deactivated employee is still signed in after 65 s').toBe(true);
    await page.goto(`${tenant.origin}/employees/${employeeId}`);
    await page.getByText('Terminated', { exact: true }).waitFor();
  }, 300_000);

  it('a manager sees the team list without Delete (and without Add Employee)', async () => {
    const email = `mia-${stamp()}@example.com`;
    await apiJson(baseUrl, '/api/users/invite', {
      method: 'POST',
      token: ownerToken,
      body: { firstName: 'Mia', lastName: 'Chen', email, accessLevel: 'MANAGER' },
    });
    const token = (await setupLink(email)).split('/setup-account/')[1]!;
    await apiJson(baseUrl, '/api/users/complete-signup', {
      method: 'POST',
      body: { token, firstName: 'Mia', lastName: 'Chen', email, password: 'Mia-Secret-2024', termsAccepted: true },
    });
    for (const width of [1366, 375]) {
      const page = await newPage(width);
      await page.goto(`${tenant.origin}/login`);
      await page
        .getByLabel('Username')
        .waitFor()
        .catch(async (e) => {
          await snapshot(page, `debug-manager-login-${width}`);
          throw e;
        });
      await page.getByLabel('Username').fill(email);
      await page.getByLabel('Password').fill('Mia-Secret-2024');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${tenant.origin}/dashboard`);
      await page.goto(`${tenant.origin}/employees`);
      await page.getByText('Mia Chen').first().waitFor();
      await page.getByText('Pat Rivera').first().waitFor();
      expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add Employee' }).count()).toBe(0);
      await snapshot(page, `employees-manager-${width}`);
      if (width === 375) {
        await page.goto(`${tenant.origin}/employees/${employeeId}`);
        await page.getByRole('heading', { name: 'Pat Rivera' }).waitFor();
        await snapshot(page, 'employee-detail-375');
        await page.goto(`${tenant.origin}/employees`);
        await page.getByRole('tab', { name: /Metrics/ }).click();
        await page
          .getByText(/Total Employees|Error Loading Metrics/)
          .first()
          .waitFor(); // the timesheets area's tab (a manager without timesheets.approve sees the error)
      }
    }
  }, 180_000);

  it('narrow screens (375 px): the list, the modal and the setup page', async () => {
    const page = await newPage(375);
    await page.goto(tenant.loginUrl);
    await page.waitForURL(`${tenant.origin}/dashboard`);
    await page.goto(`${tenant.origin}/employees`);
    await page.getByText('Team Members').waitFor();
    await page.getByText('Sam Owner').first().waitFor();
    await snapshot(page, 'employees-list-375');
    await page.getByRole('button', { name: 'Add Employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Employee' });
    await dialog.getByLabel('First Name').waitFor();
    await snapshot(page, 'employees-modal-375');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const email = `lee-${stamp()}@example.com`;
    await apiJson(baseUrl, '/api/users/invite', {
      method: 'POST',
      token: ownerToken,
      body: { firstName: 'Lee', lastName: 'Park', email },
    });
    const setup = await newPage(375);
    await setup.goto(await setupLink(email));
    await setup.getByRole('heading', { name: 'Complete Your Account Setup' }).waitFor();
    await setup.getByRole('button', { name: 'Complete Account Setup' }).waitFor();
    await snapshot(setup, 'setup-account-375');
  }, 180_000);
});
