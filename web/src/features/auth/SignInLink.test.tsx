import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_LOCKED, SIGN_IN_LINK_INVALID, SIGN_IN_LINK_SENT } from '../../../../shared/domain/sign-in-link.js';
import { pageNavigation } from '../../app/SessionProvider.js';
import { renderApp, stubPaths } from '../../test-utils.js';

vi.setConfig({ testTimeout: 30_000 });

// R-AUTH-6, docs/decisions/0245-sign-in-link-when-locked.md.
const LOCKED_OUT = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
const TOKEN = 'A'.repeat(43);

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

async function signIn(username: string) {
  fireEvent.change(await screen.findByLabelText(/username/i, {}, { timeout: 20_000 }), {
    target: { value: username },
  });
  fireEvent.change(screen.getByLabelText(/^password/i), { target: { value: 'right-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the sign-in page when the account is locked', () => {
  it('offers a sign-in link by e-mail and sends the typed address', async () => {
    const calls = stubPaths({
      'POST /api/auth/login': { status: 429, body: { error: ACCOUNT_LOCKED, message: LOCKED_OUT } },
      'POST /api/auth/sign-in-link': { status: 202, body: { success: true, message: SIGN_IN_LINK_SENT } },
    });
    renderApp('/login');
    await signIn('ada@example.com');
    await screen.findByText(LOCKED_OUT, { selector: '[role=alert] *' });
    const address = (await screen.findByLabelText(/account e-mail address/i)) as HTMLInputElement;
    expect(address.value).toBe('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await screen.findByText(SIGN_IN_LINK_SENT);
    const sent = calls.find((c) => c.url === '/api/auth/sign-in-link');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ email: 'ada@example.com' });
  });

  it('does not offer it for a wrong password or the network limit', async () => {
    stubPaths({
      'POST /api/auth/login': {
        status: 429,
        body: { error: 'TooManyRequests', message: 'Too many requests from your network.' },
      },
    });
    renderApp('/login');
    await signIn('ada@example.com');
    await screen.findByText('Too many requests from your network.', { selector: '[role=alert] *' });
    expect(screen.queryByRole('button', { name: 'E-mail me a sign-in link' })).toBeNull();
  });
});

describe('the sign-in link page', () => {
  it('redeems the link and lands on the dashboard', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const calls = stubPaths({
      'POST /api/auth/sign-in-link/redeem': {
        body: {
          token: 'tok',
          user: {
            id: 'u1',
            username: 'ada@example.com',
            email: 'ada@example.com',
            role: 'BUSINESS_ADMIN',
            accessLevel: 'MANAGER',
            firstName: 'Ada',
            lastName: 'Lovelace',
            organizationId: 'o1',
            organization: { name: 'Acme Rentals', subdomain: 'acme', timeZone: 'America/New_York' },
          },
          redirectUrl: 'http://acme.localhost:3000/dashboard?auth=true',
        },
      },
    });
    renderApp(`/sign-in-link/${TOKEN}`);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://acme.localhost:3000/dashboard?auth=true'), {
      timeout: 20_000,
    });
    expect(calls.filter((c) => c.url === '/api/auth/sign-in-link/redeem')).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ token: TOKEN });
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('says clearly when the link is used or expired, with a way back to sign in', async () => {
    stubPaths({
      'POST /api/auth/sign-in-link/redeem': {
        status: 410,
        body: { error: 'SignInLinkInvalid', message: SIGN_IN_LINK_INVALID },
      },
    });
    renderApp(`/sign-in-link/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Sign-in link not accepted' }, { timeout: 20_000 });
    screen.getByText(SIGN_IN_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });
});
