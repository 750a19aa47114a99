import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubPaths } from '../../test-utils.js';
import { tokenProblem } from '../setup-account/index.js';

vi.setConfig({ testTimeout: 30_000 });

const owner = {
  id: 'u1',
  role: 'BUSINESS_ADMIN',
  accessLevel: 'MANAGER',
  firstName: 'Sam',
  lastName: 'Owner',
  organizationId: 'o1',
  organization: { name: 'Acme', subdomain: 'acme' },
};
const manager = { ...owner, id: 'u9', role: 'EMPLOYEE', accessLevel: 'MANAGER', firstName: 'Mia' };
function signIn(user = owner) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(user));
}
const base = {
  phone: null,
  organization: { name: 'Acme' },
  isOwner: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  jobRole: null,
  location: null,
  startDate: null,
  hourlyWage: null,
  hourlyWageCents: null,
};
const sam = {
  ...base,
  id: 'u1',
  firstName: 'Sam',
  lastName: 'Owner',
  email: 'sam@example.com',
  username: 'sam@example.com',
  role: 'BUSINESS_ADMIN',
  accessLevel: 'MANAGER',
  status: 'ACTIVE',
  isActive: true,
};
const pat = {
  ...base,
  id: 'u2',
  firstName: 'Pat',
  lastName: 'Lee',
  email: 'pat@example.com',
  username: 'pending-setup',
  role: 'EMPLOYEE',
  accessLevel: 'EMPLOYEE',
  status: 'PENDING',
  isActive: false,
  jobRole: 'Guide',
  hourlyWage: 18.75,
  hourlyWageCents: 1875,
  phone: '5550102030',
};
const kim = {
  ...base,
  id: 'u3',
  firstName: 'Kim',
  lastName: 'Ray',
  email: 'kim@example.com',
  username: 'kim@example.com',
  role: 'EMPLOYEE',
  accessLevel: 'MANAGER',
  status: 'ACTIVE',
  isActive: true,
};
const permissionsMine = {
  'GET /api/settings/permissions/mine': { body: { role: 'EMPLOYEE', policyRole: null, permissions: {} } },
};

afterEach(() => localStorage.clear());

describe('employees page', () => {
  it('lists the team with Admin/Mgr/Emp, wages to the cent (R-EMP-11), Pending/@pending-setup and the admin-only actions', async () => {
    signIn();
    stubPaths({ ...permissionsMine, 'GET /api/users': { body: { users: [pat, kim, sam] } } });
    renderApp('/acme/employees');
    await screen.findByText('Pat Lee', {}, { timeout: 20_000 });
    screen.getByRole('tab', { name: 'User Management (3)' });
    const patRow = screen.getByText('Pat Lee').closest('tr')!;
    within(patRow).getByText('Emp');
    within(patRow).getByText('$18.75');
    within(patRow).getByText('Pending');
    within(patRow).getByText('@pending-setup');
    within(patRow).getByText('(555) 010-2030');
    within(patRow).getByRole('button', { name: 'Resend invitation to Pat Lee' });
    expect(within(patRow).queryByRole('button', { name: 'Deactivate Pat Lee' })).toBeNull();
    const kimRow = screen.getByText('Kim Ray').closest('tr')!;
    within(kimRow).getByText('Mgr');
    within(kimRow).getByRole('button', { name: 'Deactivate Kim Ray' });
    expect(within(kimRow).queryByRole('button', { name: /Resend/ })).toBeNull();
    const samRow = screen.getByText('Sam Owner').closest('tr')!;
    within(samRow).getByText('Admin');
    expect(within(samRow).queryByRole('button', { name: 'Delete Sam Owner' })).toBeNull();
    screen.getByRole('button', { name: 'Add Employee' });
  });

  it('a manager sees no Add Employee, Delete, Resend or Deactivate, and cannot edit an administrator', async () => {
    signIn(manager);
    stubPaths({ ...permissionsMine, 'GET /api/users': { body: { users: [pat, kim, sam] } } });
    renderApp('/acme/employees');
    await screen.findByText('Pat Lee', {}, { timeout: 20_000 });
    expect(screen.queryByRole('button', { name: 'Add Employee' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^(Delete|Deactivate|Resend)/ })).toHaveLength(0);
    screen.getByRole('button', { name: 'Edit Pat Lee' });
    expect(screen.queryByRole('button', { name: 'Edit Sam Owner' })).toBeNull();
  });

  it('a manager whose role-management cell is off sees no Edit: the update route would refuse it (R-RES-13)', async () => {
    signIn(manager);
    stubPaths({
      'GET /api/settings/permissions/mine': {
        body: { role: 'EMPLOYEE', policyRole: 'MANAGER', permissions: { 'userManagement.manageRoles': false } },
      },
      'GET /api/users': { body: { users: [pat, kim, sam] } },
    });
    renderApp('/acme/employees');
    await screen.findByText('Pat Lee', {}, { timeout: 20_000 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Pat Lee' })).toBeNull());
  });

  it('offers Deactivate and Delete on another administrator to the owner only, never on the owner (R-EMP-10)', async () => {
    const lee = { ...kim, id: 'u4', firstName: 'Lee', lastName: 'Admin', role: 'BUSINESS_ADMIN' };
    const users = [{ ...sam, isOwner: true }, lee];
    signIn({ ...owner, isOwner: true } as typeof owner);
    stubPaths({ ...permissionsMine, 'GET /api/users': { body: { users } } });
    const view = renderApp('/acme/employees');
    await screen.findByText('Lee Admin', {}, { timeout: 20_000 });
    screen.getByRole('button', { name: 'Deactivate Lee Admin' });
    screen.getByRole('button', { name: 'Delete Lee Admin' });
    expect(screen.queryByRole('button', { name: 'Delete Sam Owner' })).toBeNull();
    view.unmount();
    localStorage.clear();

    // Another administrator (not the owner) is offered neither on an administrator.
    signIn({ ...owner, id: 'u4', firstName: 'Lee', lastName: 'Admin' });
    stubPaths({ ...permissionsMine, 'GET /api/users': { body: { users } } });
    renderApp('/acme/employees');
    await screen.findByText('Sam Owner', {}, { timeout: 20_000 });
    expect(screen.queryAllByRole('button', { name: /^(Delete|Deactivate)/ })).toHaveLength(0);
  });

  it('shows Error Loading Employees with Retry, never the empty state, and recovers', async () => {
    signIn();
    let fail = true;
    stubPaths({
      ...permissionsMine,
      'GET /api/users': () =>
        fail
          ? { status: 500, body: { error: 'InternalError', message: 'Database unavailable' } }
          : { body: { users: [] } },
    });
    renderApp('/acme/employees');
    await screen.findByText('Error Loading Employees', {}, { timeout: 20_000 });
    expect(screen.queryByText('No Employees Found')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('No Employees Found', {}, { timeout: 10_000 });
  });

  it('invites from the modal with the contract messages, then shows the green banner', async () => {
    signIn();
    let invited: unknown = null;
    stubPaths({
      ...permissionsMine,
      'GET /api/users': { body: { users: [sam] } },
      'GET /api/job-roles': {
        body: { jobRoles: [{ id: 'r1', name: 'Guide', description: null, createdAt: '2026-01-01' }] },
      },
      'GET /api/locations': { body: [] },
      'POST /api/users/invite': (init) => {
        invited = JSON.parse(String(init?.body));
        return {
          status: 201,
          body: {
            success: true,
            message: 'Employee created and invitation email sent!',
            emailSent: true,
            employee: {
              ...pat,
              hasPin: false,
              preferredName: null,
              personalEmail: null,
              mobileNumber: null,
              emergencyContact: null,
              dateOfBirth: null,
              ssnLast4: null,
              homeAddress: null,
              managerNotes: null,
              profilePicture: null,
              setupExpiresAt: null,
              deactivatedAt: null,
              pendingEmail: null,
              pendingEmailExpiresAt: null,
            },
          },
        };
      },
    });
    renderApp('/acme/employees');
    await screen.findByText('Sam Owner', {}, { timeout: 20_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Employee' }, { timeout: 10_000 });
    within(dialog).getByText(/will receive an email invitation/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await within(dialog).findByText('First name is required', {}, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByLabelText(/First Name/), { target: { value: 'Pat' } });
    fireEvent.change(within(dialog).getByLabelText(/Last Name/), { target: { value: 'Lee' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Create' }, { timeout: 10_000 }));
    await within(dialog).findByText('Please enter a valid email address', {}, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'pat@example.com' } });
    await within(dialog).findByRole('option', { name: 'Guide' }, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Role' }), { target: { value: 'Guide' } });
    fireEvent.change(within(dialog).getByLabelText('Wage'), { target: { value: '18.75' } });
    // the refused submit above may still be settling ("Saving..."): wait for the button to come back
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Create' }, { timeout: 10_000 }));
    await screen.findByText('Employee created and invitation email sent!', {}, { timeout: 10_000 });
    expect(invited).toMatchObject({
      firstName: 'Pat',
      lastName: 'Lee',
      email: 'pat@example.com',
      jobRole: 'Guide',
      hourlyWage: 18.75,
      accessLevel: 'EMPLOYEE',
      role: 'EMPLOYEE',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Employee' })).toBeNull(), {
      timeout: 10_000,
    });
  });
});

describe('setup link checks before anything is sent', () => {
  it('missing and malformed tokens get their §8 messages', () => {
    expect(tokenProblem(null)).toMatch(/^Invalid or missing setup token/);
    expect(tokenProblem('eyJ1c2VySWQiOiJ4In0=')).toMatch(/^Invalid setup token format/);
    expect(tokenProblem('A'.repeat(43))).toBeNull();
  });
});
