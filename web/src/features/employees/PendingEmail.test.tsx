import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../test-utils.js';

vi.setConfig({ testTimeout: 30_000 });

const owner = {
  id: 'u1',
  role: 'BUSINESS_ADMIN',
  accessLevel: 'MANAGER',
  firstName: 'Sam',
  lastName: 'Owner',
  organizationId: 'o1',
  organization: { name: 'Acme', subdomain: 'acme' },
};
function signIn(user: typeof owner) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(user));
}

const detail = (over: Record<string, unknown> = {}) => ({
  id: 'u2',
  firstName: 'Pat',
  lastName: 'Lee',
  email: 'pat@example.com',
  phone: null,
  username: 'pat@example.com',
  role: 'EMPLOYEE' as const,
  accessLevel: 'EMPLOYEE' as const,
  status: 'ACTIVE' as const,
  isActive: true,
  jobRole: 'Guide',
  location: null,
  hourlyWage: null,
  hourlyWageCents: null,
  startDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  isOwner: false,
  organization: { name: 'Acme' },
  hasPin: false,
  preferredName: null,
  personalEmail: null,
  mobileNumber: null,
  emergencyContact: null,
  dateOfBirth: null,
  ssnLast4: null,
  homeAddress: null,
  managerNotes: null,
  profilePicture: null as string | null,
  setupExpiresAt: null,
  deactivatedAt: null,
  pendingEmail: null,
  pendingEmailExpiresAt: null,
  ...over,
});

afterEach(() => localStorage.clear());

describe('a new e-mail address waiting for confirmation (R-EMP-9)', () => {
  it('shows the pending address; Resend mails the link again, Cancel change withdraws it', async () => {
    signIn(owner);
    let pending: string | null = 'new@example.com';
    const answer = (message: string) => ({
      body: {
        success: true as const,
        message,
        email: 'pat@example.com',
        pendingEmail: pending,
        pendingEmailExpiresAt: pending ? '2026-01-02T12:00:00.000Z' : null,
        emailSent: message === 'Confirmation email sent again.',
      },
    });
    const calls = stubApi({
      'users.get': () => ({
        body: {
          employee: detail({
            pendingEmail: pending,
            pendingEmailExpiresAt: pending ? '2026-01-02T12:00:00.000Z' : null,
          }),
        },
      }),
      'users.resendEmailChange': () => answer('Confirmation email sent again.'),
      'users.cancelEmailChange': () => {
        pending = null;
        return answer('The email change was cancelled.');
      },
    });
    renderApp('/acme/employees/u2');
    await screen.findByText('Waiting for confirmation: new@example.com', undefined, { timeout: 20_000 });
    // The current address stays the one shown and used.
    expect(screen.getAllByText(/pat@example\.com/).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls.some((c) => c.id === 'users.resendEmailChange')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(screen.queryByText(/Waiting for confirmation/)).toBeNull(), { timeout: 10_000 });
    expect(calls.filter((c) => c.id === 'users.cancelEmailChange')).toHaveLength(1);
  });

  it('without a pending change there is no notice', async () => {
    signIn(owner);
    stubApi({ 'users.get': { body: { employee: detail() } } });
    renderApp('/acme/employees/u2');
    await screen.findByRole('heading', { name: /Pat Lee/ }, { timeout: 20_000 });
    expect(screen.queryByText(/Waiting for confirmation/)).toBeNull();
  });
});
