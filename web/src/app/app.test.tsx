import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_EVENT } from '../api/keys.js';
import { toaster } from '../components/toaster.js';
import { renderApp, stubPaths } from '../test-utils.js';
import type { SessionUser } from './session.js';
import { LINK_REFUSED_MESSAGE, pageNavigation } from './SessionProvider.js';

const owner: SessionUser = {
  id: 'u1',
  role: 'BUSINESS_ADMIN',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organizationId: 'o1',
  organization: { name: 'Acme Rentals', subdomain: 'acme' },
};
const admin: SessionUser = {
  id: 'sa',
  role: 'SUPER_ADMIN',
  firstName: 'Pat',
  lastName: 'Root',
  organizationId: null,
  organization: null,
};

afterEach(() => vi.restoreAllMocks());

describe('routing on the platform host', () => {
  it('renders the landing page with its links', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: /run your whole rental business/i });
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const p of [
      '/login',
      '/signup',
      '/book-demo',
      '/contact',
      '/features',
      '/pricing',
      '/security',
      '/integrations',
      '/docs',
      '/help',
      '/status',
      '/about',
      '/careers',
      '/privacy',
      '/terms',
    ]) {
      expect(hrefs).toContain(p);
    }
  });

  it('shows the sign-in screen for an anonymous deep link, keeping the address', async () => {
    const { router } = renderApp('/acme/inventory');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/acme/inventory');
  });

  it('sends unknown anonymous paths home', async () => {
    const { router } = renderApp('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: /run your whole rental business/i });
    expect(router.state.location.pathname).toBe('/');
  });

  it('signs in from the URL, strips the parameters and opens the business app', async () => {
    stubPaths({ 'GET /api/customers/stats/overview': { body: { total: 5 } } });
    const user = encodeURIComponent(JSON.stringify(owner));
    const { router } = renderApp(`/acme/dashboard?auth=true&token=tok&user=${user}`);
    await screen.findByRole('heading', { name: 'Dashboard' });
    screen.getByText('Welcome to your management system');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('token')).toBe('tok');
    // R-AUTH-1: the page that loads after a redirected sign-in says so.
    await screen.findByText('Login successful!');
  });

  it('says a refused sign-in link was not accepted, never "Login successful!" with "session has ended" (docs/decisions/0024-words-and-states.md)', async () => {
    stubPaths({
      'GET /api/customers/stats/overview': { status: 401, body: { error: 'Unauthorized', message: 'Invalid token' } },
    });
    toaster.remove();
    const user = encodeURIComponent(JSON.stringify(owner));
    renderApp(`/acme/dashboard?auth=true&token=refused&user=${user}`);
    await screen.findByText(LINK_REFUSED_MESSAGE);
    expect(screen.queryByText('Login successful!')).toBeNull();
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('redirects a restored SUPER_ADMIN to the portal', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(admin));
    const calls = stubPaths({
      'GET /api/platform/invitations': { body: { invitations: [] } },
      'POST /api/auth/logout': { body: { success: true, message: 'Logged out successfully' } },
    });
    const { router } = renderApp('/admin');
    await screen.findByText('Platform Administration');
    expect(router.state.location.pathname).toBe('/platform/dashboard');
    screen.getByText('Super Admin');
    screen.getByText('Pat Root');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Platform Overview',
      'Tenant Management',
      'Client Invitations',
      'Templates',
      'Analytics',
      'Communications',
      'Configuration',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByText('Logged out successfully');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // the server is told too, with the token being given up, so a copy of it stops working
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/auth/logout'))?.init?.headers).toMatchObject(
        { authorization: 'Bearer tok' },
      ),
    );
    await screen.findByRole('heading', { level: 1, name: /run your whole rental business/i });
  });

  it('ends the session on a 401 from the API', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(owner));
    stubPaths({});
    renderApp('/acme/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    act(() => {
      window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT));
    });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('sign-in page', () => {
  it('requires both fields', async () => {
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    screen.getByText('Username is required');
    screen.getByText('Password is required');
    expect(screen.getByRole('link', { name: /forgot your password/i }).getAttribute('href')).toBe('/forgot-password');
  });

  it('shows the server message when the login fails', async () => {
    stubPaths({
      'POST /api/auth/login': { status: 401, body: { error: 'UNAUTHORIZED', message: 'Invalid credentials' } },
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText(/username/i), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText(/^password/i), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toContain('Invalid credentials');
  });

  it('stores the session and navigates the whole page to redirectUrl', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const calls = stubPaths({
      'POST /api/auth/login': {
        body: {
          token: 'tok',
          // The answer's user carries what the contract's loginResponse says (the stored session keeps less).
          user: {
            ...owner,
            username: 'ada',
            email: 'ada@example.com',
            accessLevel: 'MANAGER',
            organization: { ...owner.organization!, timeZone: 'America/New_York' },
          },
          redirectUrl: 'http:/acme.localhost:3000/dashboard?auth=true',
        },
      },
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText(/username/i), { target: { value: ' ada ' } });
    fireEvent.change(screen.getByLabelText(/^password/i), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://acme.localhost:3000/dashboard?auth=true'));
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ username: 'ada', password: 'pw' });
    expect(localStorage.getItem('token')).toBe('tok');
  });
});

describe('app shell', () => {
  it('opens the drawer, navigates and closes; the user menu signs out', { timeout: 60_000 }, async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify({ ...owner, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' }));
    stubPaths({});
    const { router } = renderApp('/acme/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const names = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(names).toEqual(['Dashboard', 'Inventory', 'Customers', 'Reservations', 'Reports', 'Timesheets']);
    fireEvent.click(screen.getByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/reports'));
    // The drawer closes on navigation.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());

    const trigger = screen.getByRole('button', { name: /user menu/i });
    fireEvent.click(trigger);
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'));
    await screen.findByText('Ada Lovelace');
    screen.getByText('Employee');
    expect(screen.getByTestId('user-menu-details').textContent).toContain('Acme Rentals');
    // Choosing 'Sign out' needs real pointer events (zag highlights on hover): covered by the browser journey.
    screen.getByRole('menuitem', { name: 'Sign out' });
  });

  it('keeps employees away from settings by address', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify({ ...owner, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' }));
    stubPaths({});
    const { router } = renderApp('/acme/storefront/hours');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/acme/dashboard');
  });
});
