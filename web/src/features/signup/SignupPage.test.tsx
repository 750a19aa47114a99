import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../app/SessionProvider.js';
import { renderApp, stubPaths } from '../../test-utils.js';

const valid = {
  'GET /api/signup/validate-token': {
    body: { valid: true, invitation: { firstName: 'Olive', lastName: 'Owner', email: 'olive@example.com' } },
  },
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function fillValid() {
  fireEvent.change(await screen.findByLabelText(/phone/i), { target: { value: '(555) 201-3344' } });
  fireEvent.change(screen.getByLabelText(/organization name/i), { target: { value: "Olive's Carts & Co." } });
  fireEvent.change(document.querySelector('input[name=password]')!, { target: { value: 'Sunny-Carts-42' } });
  fireEvent.change(document.querySelector('input[name=confirmPassword]')!, { target: { value: 'Sunny-Carts-42' } });
}

describe('organization sign-up completion', () => {
  it('says kindly that accounts are opened by invitation when the token is missing (docs/decisions/0024-words-and-states.md)', async () => {
    renderApp('/signup');
    await screen.findByText('Accounts are opened by invitation');
    expect(screen.queryByText('Invalid Invitation')).toBeNull();
    expect(screen.getByRole('link', { name: 'Book a Demo' }).getAttribute('href')).toBe('/book-demo');
  });

  it('validates the token first, then reports an unusable one', async () => {
    stubPaths({ 'GET /api/signup/validate-token': { status: 400, body: { valid: false, message: 'expired' } } });
    renderApp('/signup?token=bad');
    await screen.findByText('Validating invitation...');
    await screen.findByText('This invitation is invalid, expired, or has already been used.');
    screen.getByText('Please contact your administrator for a new invitation.');
  });

  it('prefills from the invitation, previews the subdomain and checks on submit', async () => {
    stubPaths(valid);
    renderApp('/signup?token=good');
    await screen.findByText('Create Your Organization');
    // The form's code loads while the invitation is checked (first-load budget).
    await screen.findByLabelText(/email/i);
    expect((screen.getByLabelText(/email/i) as HTMLInputElement).value).toBe('olive@example.com');
    expect((screen.getByLabelText(/email/i) as HTMLInputElement).readOnly).toBe(true);
    // The inputs carry the contract's limits.
    expect((screen.getByLabelText(/organization name/i) as HTMLInputElement).maxLength).toBe(120);
    expect((screen.getByLabelText(/phone/i) as HTMLInputElement).maxLength).toBe(40);
    fireEvent.click(screen.getByRole('button', { name: 'Create Organization Account' }));
    await screen.findByText('Organization name is required');
    screen.getByText('Phone number is required');
    screen.getByText('Password is required');
    screen.getByText('Please confirm your password');
    fireEvent.change(screen.getByLabelText(/organization name/i), { target: { value: "Olive's Carts & Co." } });
    await waitFor(() => expect(screen.queryByText('Organization name is required')).toBeNull());
    expect(screen.getByTestId('subdomain-preview').textContent).toContain('olive-s-carts-co.localhost');
    // A corrected phone clears its error; a wrong one says why.
    fireEvent.change(screen.getByLabelText(/phone/i), { target: { value: '555-CALL' } });
    await screen.findByText('Please enter a valid phone number');
    fireEvent.change(screen.getByLabelText(/phone/i), { target: { value: '555 201 3344' } });
    await waitFor(() => expect(screen.queryByText('Please enter a valid phone number')).toBeNull());
    fireEvent.change(document.querySelector('input[name=password]')!, { target: { value: 'abcdefgh' } });
    screen.getByText('Fair');
    fireEvent.change(document.querySelector('input[name=confirmPassword]')!, { target: { value: 'abc' } });
    screen.getByText('Passwords do not match');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(document.querySelector('input[name=password]')!.getAttribute('type')).toBe('text');
  });

  it('shows the server error text when sign-up fails', async () => {
    stubPaths({
      ...valid,
      'POST /api/signup/complete': {
        status: 409,
        body: { success: false, error: 'Conflict', message: 'This invitation has already been used.' },
      },
    });
    renderApp('/signup?token=good');
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Create Organization Account' }));
    await screen.findByText('This invitation has already been used.');
  });

  it('creates the account and goes to the returned loginUrl after 3 seconds', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const calls = stubPaths({
      ...valid,
      'POST /api/signup/complete': {
        body: {
          success: true,
          loginUrl: 'http://olive-s-carts-co-2.localhost:3000/dashboard?auth=true',
          organization: { name: "Olive's Carts & Co.", subdomain: 'olive-s-carts-co-2' },
        },
      },
    });
    renderApp('/signup?token=good');
    await fillValid();
    // The zone it will send is shown, not sent silently (R-SET-14).
    expect(screen.getByTestId('signup-time-zone').textContent).toContain(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create Organization Account' }));
    await screen.findByText('Account Created Successfully!');
    screen.getByText('Your organization and admin account have been created.');
    // docs/decisions/0024-words-and-states.md: it says what happens next, and the address the account really got.
    screen.getByText('Signing you in and opening your dashboard...');
    screen.getByText('olive-s-carts-co-2.localhost:3000');
    screen.getByText(/“olive-s-carts-co” was already taken/);
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')?.init?.body));
    expect(body).toMatchObject({
      token: 'good',
      organizationName: "Olive's Carts & Co.",
      phone: '(555) 201-3344',
      firstName: 'Olive',
      lastName: 'Owner',
    });
    // The organization starts in the browser's zone.
    expect(body.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(assign).not.toHaveBeenCalled();
    await waitFor(
      () => expect(assign).toHaveBeenCalledWith('http://olive-s-carts-co-2.localhost:3000/dashboard?auth=true'),
      {
        timeout: 4500,
      },
    );
  });

  it('checks the address as the name is typed and says when it is taken (docs/decisions/0024-words-and-states.md)', async () => {
    const calls = stubPaths({
      ...valid,
      'GET /api/signup/subdomain': {
        body: { requested: 'twin-carts', subdomain: 'twin-carts-2', available: false },
      },
    });
    renderApp('/signup?token=good');
    fireEvent.change(await screen.findByLabelText(/organization name/i), { target: { value: 'Twin Carts' } });
    await waitFor(() =>
      expect(screen.getByTestId('subdomain-preview').textContent).toMatch(
        /Your address will be twin-carts-2\.localhost.* \(“twin-carts” is taken\)/,
      ),
    );
    const asked = calls.find((c) => c.url.startsWith('/api/signup/subdomain'))!;
    expect(new URL(asked.url, 'http://x').searchParams.get('token')).toBe('good');
    expect(new URL(asked.url, 'http://x').searchParams.get('name')).toBe('Twin Carts');
  });
});
