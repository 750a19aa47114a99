import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OTHER_TENANT_ERROR, OTHER_TENANT_MESSAGE, TENANT_PATH_HEADER } from '../../../shared/domain/tenant-host.js';
import { api } from '../api/client.js';
import { toaster } from '../components/toaster.js';
import { renderApp, stubPaths } from '../test-utils.js';
import { pageTenant, pathTenantHeader } from './host.js';
import type { SessionUser } from './session.js';

// docs/decisions/0007-one-tenant-per-host.md: a page on one tenant's address does not take another tenant's session, whether it
// arrives in the address (auth=true&token&user) or from storage; the sign-in page says why.
const jwt = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
const acme: SessionUser = {
  id: 'u1',
  role: 'BUSINESS_ADMIN',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organizationId: 'o1',
  organization: { name: 'Acme Rentals', subdomain: 'acme' },
};
const acmeToken = jwt({ sub: 'u1', org: 'o1' });
const signInUrl = (path: string, user: SessionUser, token = acmeToken) =>
  `${path}?auth=true&token=${token}&user=${encodeURIComponent(JSON.stringify(user))}`;

afterEach(() => {
  window.history.replaceState({}, '', '/');
  // The toast store outlives a test: each test looks for its own reason.
  toaster.remove();
});

describe("the SPA refuses another tenant's session (path mode: /{subdomain}/…)", () => {
  it("shows the sign-in page with the reason for a URL sign-in of Acme on Bravo's address, storing nothing", async () => {
    stubPaths({});
    renderApp(signInUrl('/bravo/dashboard', acme));
    await screen.findByRole('heading', { name: 'Sign in' });
    await screen.findByText(OTHER_TENANT_MESSAGE);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByText('Login successful!')).toBeNull();
  });

  it("clears a stored Acme session opened on Bravo's address", async () => {
    stubPaths({});
    localStorage.setItem('token', acmeToken);
    localStorage.setItem('user', JSON.stringify(acme));
    renderApp('/bravo/customers');
    await screen.findByRole('heading', { name: 'Sign in' });
    await screen.findByText(OTHER_TENANT_MESSAGE);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('ends a session the API refuses as another tenant’s (a user object lying about its subdomain) with that reason', async () => {
    // Acme's real token, with a user object written to say "Bravo": only the server can tell.
    const liar: SessionUser = { ...acme, organization: { name: 'Bravo', subdomain: 'bravo' } };
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ error: OTHER_TENANT_ERROR, message: OTHER_TENANT_MESSAGE }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    renderApp(signInUrl('/bravo/dashboard', liar));
    await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 });
    await screen.findByText(OTHER_TENANT_MESSAGE);
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it("keeps Acme's own session on Acme's address", async () => {
    stubPaths({});
    renderApp(signInUrl('/acme/dashboard', acme));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(localStorage.getItem('token')).toBe(acmeToken);
  });
});

describe("the page's tenant, and the API client naming its path prefix", () => {
  it('reads the tenant from the host, else from a path-mode prefix', () => {
    expect(pageTenant({ hostname: 'bravo.example.com', pathname: '/dashboard' })).toBe('bravo');
    expect(pageTenant({ hostname: 'd111.cloudfront.net', pathname: '/bravo/dashboard' })).toBe('bravo');
    expect(pageTenant({ hostname: 'example.com', pathname: '/login' })).toBeNull();
    expect(pageTenant({ hostname: 'localhost', pathname: '/' })).toBeNull();
  });

  it('sends x-tenant-path only in path mode (a tenant host names itself)', () => {
    expect(pathTenantHeader({ hostname: 'localhost', pathname: '/bravo/inventory' })).toEqual({
      [TENANT_PATH_HEADER]: 'bravo',
    });
    expect(pathTenantHeader({ hostname: 'bravo.localhost', pathname: '/inventory' })).toEqual({});
    expect(pathTenantHeader({ hostname: 'localhost', pathname: '/platform/dashboard' })).toEqual({});
  });

  it("api() carries the page's path prefix to the API", async () => {
    const calls = stubPaths({
      'GET /api/customers': { body: { customers: [], pagination: { page: 1, limit: 10, total: 0, pages: 0 } } },
    });
    window.history.replaceState({}, '', '/acme/customers');
    await api('customers.list').catch(() => undefined);
    expect(calls[0]?.init?.headers).toMatchObject({ [TENANT_PATH_HEADER]: 'acme' });
  });
});
