import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
const TAX = '/api/settings/financial/tax';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('Taxes', () => {
  it('asks for a rate when tax is enabled, refuses one out of range, saves 8.25', { timeout: 45_000 }, async () => {
    signIn(user('BUSINESS_ADMIN'));
    const calls = stubPaths({
      [`GET ${TAX}`]: { body: { success: true, data: { rate: 0, enabled: false } } },
      [`PUT ${TAX}`]: (init) => ({ body: { success: true, data: { ...JSON.parse(String(init?.body)), rate: 8.25 } } }),
    });
    renderApp('/acme/storefront/taxes');
    const toggle = await screen.findByLabelText('Charge sales tax', {}, { timeout: 10_000 });
    fireEvent.click(toggle);
    // the switch reports its change a tick later: the rate becomes required once it has
    await waitFor(() => expect((screen.getByPlaceholderText('0.00') as HTMLInputElement).required).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please enter a tax rate when tax is enabled');
    fireEvent.change(screen.getByPlaceholderText('0.00'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Tax rate must be between 0.00 and 99.99');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.change(screen.getByPlaceholderText('0.00'), { target: { value: '8.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Tax settings saved successfully (enabled)');
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body))).toEqual({
      enabled: true,
      rate: '8.25',
    });
  });

  // R-SET-4: rates to 3 decimals (docs/decisions/0255-tax-rate-three-decimals.md).
  it('shows a saved 8.875 as 8.875, refuses 4 decimals with a clear text, saves 8.875', {
    timeout: 45_000,
  }, async () => {
    signIn(user('BUSINESS_ADMIN'));
    const calls = stubPaths({
      [`GET ${TAX}`]: { body: { success: true, data: { rate: 8.875, enabled: true } } },
      [`PUT ${TAX}`]: () => ({ body: { success: true, data: { enabled: true, rate: 8.875 } } }),
    });
    renderApp('/acme/storefront/taxes');
    await screen.findByLabelText('Charge sales tax', {}, { timeout: 10_000 });
    const input = screen.getByPlaceholderText('0.00') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('8.875'));
    screen.getByText('0.00 to 99.99, up to 3 decimals');
    fireEvent.change(input, { target: { value: '8.8755' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Up to 3 decimals, e.g. 8.875');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '8.875' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Tax settings saved successfully (enabled)');
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body))).toEqual({
      enabled: true,
      rate: '8.875',
    });
    expect(input.value).toBe('8.875');
  });

  it('tells a manager they have no access, without loading', async () => {
    signIn(user('EMPLOYEE', 'MANAGER'));
    const calls = stubPaths({
      'GET /api/settings/permissions/mine': { body: { role: 'EMPLOYEE', policyRole: 'MANAGER', permissions: {} } },
    });
    renderApp('/acme/storefront/taxes');
    await screen.findByText('You do not have permission to access tax settings.', {}, { timeout: 10_000 });
    expect(calls.some((c) => c.url.includes(TAX))).toBe(false);
  });

  it.each([
    [403, 'You do not have permission to view tax settings'],
    [500, 'Failed to load tax settings'],
  ])('a load answered %i says %s', async (status, text) => {
    signIn(user('BUSINESS_ADMIN'));
    stubPaths({ [`GET ${TAX}`]: { status, body: { error: 'x', message: 'x' } } });
    renderApp('/acme/storefront/taxes');
    await screen.findByText(text, {}, { timeout: 10_000 });
  });

  it("a 401 ends the session with the spec's text", { timeout: 30_000 }, async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubPaths({ [`GET ${TAX}`]: { status: 401, body: { error: 'Unauthorized', message: 'x' } } });
    renderApp('/acme/storefront/taxes');
    // the sign-in page takes the screen and the toast says why
    await screen.findByText('Welcome back. Sign in to your account.', {}, { timeout: 15_000 });
    await screen.findByText('Your session has expired. Please log in again.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a suspended organization (403 OrganizationSuspended) ends the session like a 401', {
    timeout: 30_000,
  }, async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubPaths({
      [`GET ${TAX}`]: {
        status: 403,
        body: {
          error: 'OrganizationSuspended',
          message: 'Your organization has been suspended. Please contact support.',
        },
      },
    });
    renderApp('/acme/storefront/taxes');
    await screen.findByText('Welcome back. Sign in to your account.', {}, { timeout: 15_000 });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('any other 403 keeps the session', { timeout: 30_000 }, async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubPaths({
      [`GET ${TAX}`]: { status: 403, body: { error: 'Forbidden', message: 'You do not have permission to do this' } },
    });
    renderApp('/acme/storefront/taxes');
    await screen.findByText(/permission/i, {}, { timeout: 15_000 });
    expect(localStorage.getItem('token')).toBe('tok');
  });
});
