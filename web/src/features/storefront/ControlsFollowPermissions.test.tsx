import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../app/session.js';
import { renderApp, stubPaths } from '../../test-utils.js';

// R-RES-13: a control shows exactly when its route would answer (docs/decisions/0267-controls-follow-permissions.md).

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

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});
vi.setConfig({ testTimeout: 60_000 });

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
