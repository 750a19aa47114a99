import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../app/SessionProvider.js';
import { renderApp, stubFetch } from '../../test-utils.js';

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
  it('says so when the token is missing', async () => {
    renderApp('/signup');
    expect(await screen.findByText('Invalid Invitation')).toBeTruthy();
    expect(screen.getByText('No invitation token provided.')).toBeTruthy();
  });

  it('validates the token first, then reports an unusable one', async () => {
    stubFetch({ 'GET /api/signup/validate-token': { status: 400, body: { valid: false, message: 'expired' } } });
    renderApp('/signup?token=bad');
    expect(await screen.findByText('Validating invitation...')).toBeTruthy();
    expect(await screen.findByText('This invitation is invalid, expired, or has already been used.')).toBeTruthy();
    expect(screen.getByText('Please contact your administrator for a new invitation.')).toBeTruthy();
  });

  it('prefills from the invitation, previews the subdomain and checks on submit', async () => {
    stubFetch(valid);
    renderApp('/signup?token=good');
    expect(await screen.findByText('Create Your Organization')).toBeTruthy();
    // The form's code loads while the invitation is checked (first-load budget).
    await screen.findByLabelText(/email/i);
    expect((screen.getByLabelText(/email/i) as HTMLInputElement).value).toBe('olive@example.com');
    expect((screen.getByLabelText(/email/i) as HTMLInputElement).readOnly).toBe(true);
    // The inputs carry the contract's limits.
    expect((screen.getByLabelText(/organization name/i) as HTMLInputElement).maxLength).toBe(120);
    expect((screen.getByLabelText(/phone/i) as HTMLInputElement).maxLength).toBe(40);
    fireEvent.click(screen.getByRole('button', { name: 'Create Organization Account' }));
    expect(await screen.findByText('Organization name is required')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/organization name/i), { target: { value: "Olive's Carts & Co." } });
    await waitFor(() => expect(screen.queryByText('Organization name is required')).toBeNull());
    expect(screen.getByTestId('subdomain-preview').textContent).toContain('olive-s-carts-co.localhost');
    // A corrected phone clears its error; a wrong one says why.
    fireEvent.change(screen.getByLabelText(/phone/i), { target: { value: '555-CALL' } });
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/phone/i), { target: { value: '555 201 3344' } });
    await waitFor(() => expect(screen.queryByText('Please enter a valid phone number')).toBeNull());
    fireEvent.change(document.querySelector('input[name=password]')!, { target: { value: 'abcdefgh' } });
    expect(screen.getByText('Fair')).toBeTruthy();
    fireEvent.change(document.querySelector('input[name=confirmPassword]')!, { target: { value: 'abc' } });
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(document.querySelector('input[name=password]')!.getAttribute('type')).toBe('text');
  });

  it('shows the server error text when sign-up fails', async () => {
    stubFetch({
      ...valid,
      'POST /api/signup/complete': {
        status: 409,
        body: { success: false, error: 'Conflict', message: 'This invitation has already been used.' },
      },
    });
    renderApp('/signup?token=good');
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Create Organization Account' }));
    expect(await screen.findByText('This invitation has already been used.')).toBeTruthy();
  });

  it('creates the account and goes to the returned loginUrl after 3 seconds', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const calls = stubFetch({
      ...valid,
      'POST /api/signup/complete': {
        body: { success: true, loginUrl: 'http://olive.localhost:3000/dashboard?auth=true' },
      },
    });
    renderApp('/signup?token=good');
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Create Organization Account' }));
    expect(await screen.findByText('Account Created Successfully!')).toBeTruthy();
    expect(screen.getByText('Your organization and admin account have been created.')).toBeTruthy();
    expect(screen.getByText('Redirecting to login page...')).toBeTruthy();
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
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://olive.localhost:3000/dashboard?auth=true'), {
      timeout: 4500,
    });
  });
});
