import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubPaths } from '../../test-utils.js';

vi.setConfig({ testTimeout: 30_000 });

function signIn() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem(
    'user',
    JSON.stringify({
      id: 'u1',
      role: 'BUSINESS_ADMIN',
      accessLevel: null,
      firstName: 'Sam',
      lastName: 'Owner',
      organizationId: 'o1',
      organization: { name: 'Acme', subdomain: 'acme' },
    }),
  );
}
const modulesOff = (...disabled: string[]) => ({ 'GET /api/organization/modules': { body: { disabled } } });

afterEach(() => localStorage.clear());

describe('the address of a switched-off module (docs/decisions/0001-modules-and-live-stream.md)', () => {
  it('shows a calm "not enabled" page and never calls the module\'s API', async () => {
    signIn();
    const calls = stubPaths(modulesOff('reservations', 'payments', 'reports'));
    renderApp('/acme/reservations');
    await screen.findByText('This feature is not enabled for your organization', {}, { timeout: 20_000 });
    screen.getByRole('heading', { name: 'Reservations' });
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/acme/dashboard');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.some((c) => c.url.includes('/api/reservations'))).toBe(false);
  });

  it('guards every switchable page: reports and timesheets too', async () => {
    signIn();
    stubPaths(modulesOff('reports', 'employees', 'scheduling'));
    const { router } = renderApp('/acme/reports');
    await screen.findByText('This feature is not enabled for your organization', {}, { timeout: 20_000 });
    await router.navigate('/acme/timesheets');
    await screen.findByRole('heading', { name: 'Timesheets' });
    screen.getByText('This feature is not enabled for your organization');
  });

  it('leaves the page of a module that is on alone', async () => {
    signIn();
    const calls = stubPaths(modulesOff('reports'));
    renderApp('/acme/reservations');
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('/api/reservations'))).toBe(true), {
      timeout: 20_000,
    });
    expect(screen.queryByText('This feature is not enabled for your organization')).toBeNull();
  });
});
