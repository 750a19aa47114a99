import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffServiceSchema } from '../../../../shared/contract/responses.js';
import { type GatedRoute, ROUTE_NEEDS } from '../../../../shared/contract/route-needs.js';
import * as z from '../../../../shared/zod.js';
import { mayUse, type PermissionPolicy, type RoleHolder } from '../../../../shared/domain/roles.js';
import type { SessionUser } from '../../app/session.js';
import { renderApp, renderWithProviders, stubPaths } from '../../test-utils.js';
import { Actions, type RowHandlers } from '../reservations/RowParts.js';
import { reservation } from '../reservations/fixtures.test-helpers.js';
import ServicesTab from '../services/ServicesTab.js';
import { staffService } from '../services/fixtures.test-helpers.js';

// R-RES-13: a control shows exactly when its route would answer (docs/decisions/controls-follow-permissions.md).

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
const mine = (policyRole: 'EMPLOYEE' | 'MANAGER', permissions: Record<string, boolean> = {}) => ({
  'GET /api/settings/permissions/mine': { body: { role: 'EMPLOYEE', policyRole, permissions } },
});
/** What the API's authorise step answers the person on each route. */
const mayCallAs =
  (u: RoleHolder, policy: PermissionPolicy | null = null) =>
  (route: GatedRoute) =>
    mayUse(u, ROUTE_NEEDS[route], policy);
const handlers: RowHandlers = { onDetails: () => {}, onReturn: () => {}, onCancel: () => {}, onDelete: () => {} };

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});
vi.setConfig({ testTimeout: 60_000 });

describe('reservation row buttons', () => {
  const active = reservation({ reservationNumber: 'RES-000001' });
  it('shows Return to a manager, not to an employee (their return route refuses them)', () => {
    const view = renderWithProviders(
      <Actions r={active} handlers={handlers} mayCall={mayCallAs(user('EMPLOYEE', 'MANAGER'))} />,
    );
    screen.getByRole('button', { name: 'Process return of RES-000001' });
    view.unmount();
    renderWithProviders(<Actions r={active} handlers={handlers} mayCall={mayCallAs(user('EMPLOYEE', 'EMPLOYEE'))} />);
    expect(screen.queryByRole('button', { name: 'Process return of RES-000001' })).toBeNull();
    screen.getByRole('button', { name: 'Cancel RES-000001' });
  });
  it('hides Cancel from a manager whose cancel cell is off', () => {
    const policy: PermissionPolicy = { MANAGER: { reservations: { cancel: false } } };
    renderWithProviders(
      <Actions r={active} handlers={handlers} mayCall={mayCallAs(user('EMPLOYEE', 'MANAGER'), policy)} />,
    );
    expect(screen.queryByRole('button', { name: 'Cancel RES-000001' })).toBeNull();
    screen.getByRole('button', { name: 'Process return of RES-000001' });
  });
});

describe('service buttons', () => {
  it('offers Edit without Delete to whoever may edit but not delete services', async () => {
    stubPaths({
      'GET /api/inventory/services': {
        body: [z.encode(staffServiceSchema, staffService({ id: 's1', name: 'Sunset Tour' }))],
      },
    });
    renderWithProviders(<ServicesTab access={{ create: false, edit: true, delete: false }} />);
    await screen.findByRole('button', { name: 'Edit Sunset Tour' }, { timeout: 20_000 });
    expect(screen.queryByRole('button', { name: 'Delete Sunset Tour' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Service' })).toBeNull();
  });
});

describe('store settings sections', () => {
  it('lists Taxes, Users & Permissions and API & Webhooks for an administrator', async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubPaths({});
    renderApp('/acme/storefront');
    await screen.findByRole('heading', { name: 'Store Settings' }, { timeout: 20_000 });
    expect(screen.getAllByRole('link', { name: /^Taxes/ }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /^API & Webhooks/ }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /^Users & Permissions/ }).length).toBeGreaterThan(0);
  });
  it('hides Taxes and API & Webhooks from a manager, and Users & Permissions once its cell is off', async () => {
    signIn(user('EMPLOYEE', 'MANAGER'));
    stubPaths(mine('MANAGER', { 'userManagement.manageRoles': false }));
    renderApp('/acme/storefront');
    await screen.findByRole('heading', { name: 'Store Settings' }, { timeout: 20_000 });
    screen.getAllByRole('link', { name: /^Opening Hours/ });
    expect(screen.queryByRole('link', { name: /^Taxes/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^API & Webhooks/ })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Users & Permissions/ })).toBeNull());
  });
  it('gives a manager who opens API & Webhooks by its address no Create key', async () => {
    signIn(user('EMPLOYEE', 'MANAGER'));
    stubPaths(mine('MANAGER'));
    renderApp('/acme/storefront/api');
    await screen.findByText('Only administrators manage API keys and webhooks.', {}, { timeout: 20_000 });
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
  });
});
