import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../test-utils.js';
import { API_PAGE_REFUSED } from './ApiWebhooksPage.js';

function signIn(role: 'BUSINESS_ADMIN' | 'EMPLOYEE', accessLevel?: 'MANAGER') {
  localStorage.setItem('token', 'tok');
  const user = { id: 'u1', role, accessLevel, firstName: 'Ada', lastName: 'Lovelace', organizationId: 'o1' };
  localStorage.setItem('user', JSON.stringify({ ...user, organization: { name: 'Acme', subdomain: 'acme' } }));
}
// The page reads the signed-in person (its controls follow their rights), so it renders in the app.
const renderPage = () => renderApp('/acme/storefront/api');
vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => signIn('BUSINESS_ADMIN'));
afterEach(() => localStorage.clear());

// R-PLAT-11: the page's sections load after its header (their code is not in the page's chunk);
// both still arrive, and a failed load still shows as an error (R-SET-9).
describe('API & Webhooks page', () => {
  it('shows its header at once and both sections once their code and lists are here', async () => {
    stubApi({
      'settings.listApiKeys': () => ({ body: { keys: [] } }),
      'settings.listWebhooks': () => ({ body: { webhooks: [] } }),
    });
    renderPage();
    expect(
      (await screen.findByRole('heading', { level: 1, name: 'API & Webhooks' }, { timeout: 20_000 })).textContent,
    ).toBe('API & Webhooks');
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
  });

  it('a failed list is an error in its section, not an empty one', async () => {
    stubApi({
      'settings.listApiKeys': () => ({ body: { keys: [] } }),
      'settings.listWebhooks': () => ({ status: 500, body: { error: 'Internal', message: 'Boom' } }),
    });
    renderPage();
    expect(await screen.findByText('Failed to load webhook endpoints', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByText('No webhook endpoints yet.')).toBeNull();
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
  });

  it('a manager reads why there is nothing to manage, and gets no Create key (R-RES-13)', async () => {
    signIn('EMPLOYEE', 'MANAGER');
    stubApi({
      'settings.myPermissions': () => ({ body: { role: 'EMPLOYEE', policyRole: 'MANAGER', permissions: {} } }),
    });
    renderPage();
    expect(await screen.findByText(API_PAGE_REFUSED, {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create key/i })).toBeNull();
  });
});
