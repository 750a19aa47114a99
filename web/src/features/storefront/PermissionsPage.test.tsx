import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullPolicy } from '../../../../shared/domain/roles.js';
import type { SessionUser } from '../../app/session.js';
import { renderApp, stubPaths } from '../../test-utils.js';

const user = (role: SessionUser['role'], accessLevel?: 'EMPLOYEE' | 'MANAGER'): SessionUser =>
  ({
    id: 'u1',
    role,
    accessLevel,
    firstName: 'Ada',
    lastName: 'Lovelace',
    organizationId: 'o1',
    organization: { name: 'Acme Rentals', subdomain: 'acme' },
  }) as SessionUser;
function signIn(u: SessionUser) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(u));
}
const POLICY = '/api/settings/permissions';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('Users & Permissions', () => {
  it('edits locally, Remove All / Grant All per group and role, saves once with the fixed note', {
    timeout: 120_000,
  }, async () => {
    signIn(user('BUSINESS_ADMIN'));
    const calls = stubPaths({
      [`GET ${POLICY}`]: { body: { success: true, policy: fullPolicy(true), updatedAt: null } },
      [`PUT ${POLICY}`]: (init) => ({
        body: {
          success: true,
          policy: JSON.parse(String(init?.body)).policy,
          updatedAt: 'now',
          message: 'Permissions updated',
          log: null,
        },
      }),
    });
    renderApp('/acme/storefront/permissions');
    const box = (await screen.findByLabelText(
      'Employee: Reservations Create',
      {},
      { timeout: 15_000 },
    )) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Remove All Reports for Manager' }));
    await screen.findByRole('button', { name: 'Grant All Reports for Manager' });
    expect((screen.getByLabelText('Manager: Reports Export') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Employee: Reports Export') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(save);
    await screen.findByText('Permissions updated');
    const sent = JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body));
    expect(sent.changeNote).toBe('Updated role permissions');
    expect(sent.policy.EMPLOYEE.reservations.create).toBe(false);
    expect(sent.policy.MANAGER.reports).toEqual({ view: false, generate: false, export: false });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('says so when the matrix cannot load', { timeout: 45_000 }, async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubPaths({ [`GET ${POLICY}`]: { status: 500, body: { error: 'InternalError', message: 'x' } } });
    renderApp('/acme/storefront/permissions');
    await screen.findByText('Failed to load permissions', {}, { timeout: 15_000 });
  });

  it('lists the change log with Unknown for a missing actor and the flipped permissions', {
    timeout: 45_000,
  }, async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubPaths({
      [`GET ${POLICY}`]: { body: { success: true, policy: fullPolicy(true), updatedAt: null } },
      [`GET ${POLICY}/logs`]: {
        body: {
          success: true,
          logs: [
            {
              id: 'l1',
              createdAt: '2026-11-23T08:00:00.000Z',
              actorId: null,
              actorName: null,
              changeNote: 'Updated role permissions',
              changes: [{ role: 'EMPLOYEE', permission: 'reservations.create', granted: false }],
            },
          ],
        },
      },
    });
    renderApp('/acme/storefront/permissions');
    fireEvent.click(await screen.findByRole('tab', { name: 'Change Log' }, { timeout: 15_000 }));
    await screen.findByText('Unknown');
    screen.getByText('Employee: Reservations › Create removed');
  });

  it('gives a manager the matrix read-only, without Save Changes', { timeout: 45_000 }, async () => {
    signIn(user('EMPLOYEE', 'MANAGER'));
    stubPaths({
      [`GET ${POLICY}`]: { body: { success: true, policy: fullPolicy(true), updatedAt: null } },
      [`GET ${POLICY}/mine`]: { body: { role: 'EMPLOYEE', policyRole: 'MANAGER', permissions: {} } },
    });
    renderApp('/acme/storefront/permissions');
    const box = (await screen.findByLabelText(
      'Employee: Reservations Create',
      {},
      { timeout: 15_000 },
    )) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    screen.getByText('Only administrators can change permissions.');
  });
});

describe('the matrix shows what applies (docs/decisions/0225-layout-at-375-and-1366.md)', () => {
  it('employee inventory writes start off and can be granted; cells the role can never hold are greyed out', {
    timeout: 120_000,
  }, async () => {
    signIn(user('BUSINESS_ADMIN'));
    // No stored policy: the server answers the defaults of R-AUTH-4.
    const { completePolicy } = await import('../../../../shared/domain/roles.js');
    const calls = stubPaths({
      [`GET ${POLICY}`]: { body: { success: true, policy: completePolicy(null), updatedAt: null } },
      [`PUT ${POLICY}`]: (init) => ({
        body: {
          success: true,
          policy: JSON.parse(String(init?.body)).policy,
          updatedAt: 'now',
          message: 'Permissions updated',
          log: null,
        },
      }),
    });
    renderApp('/acme/storefront/permissions');
    const create = (await screen.findByLabelText(
      'Employee: Inventory Items Create',
      {},
      { timeout: 15_000 },
    )) as HTMLInputElement;
    expect(create.checked).toBe(false);
    expect(create.disabled).toBe(false);
    expect((screen.getByLabelText('Manager: Inventory Items Create') as HTMLInputElement).checked).toBe(true);
    const returns = screen.getByLabelText(/^Employee: Reservations Process ?Return/i) as HTMLInputElement;
    expect(returns.checked).toBe(false);
    expect(returns.disabled).toBe(true);
    fireEvent.click(create);
    const save = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await screen.findByText('Permissions updated');
    const sent = JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body));
    expect(sent.policy.EMPLOYEE.inventoryItems.create).toBe(true);
  });
});
