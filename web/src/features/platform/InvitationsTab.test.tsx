import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test-utils.js';
import { COPIED_MS, InvitationsTab } from './InvitationsTab.js';

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const pending = {
  id: 'i1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  createdAt: new Date().toISOString(),
  expiresAt: future,
  usedAt: null,
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('client invitations (issue 11 point 18)', () => {
  it('the banner goes when its invitation is revoked, and "Copied" returns to "Copy link" after 2 seconds', async () => {
    let list = [pending];
    stubFetch({
      'GET /api/platform/invitations': () => ({ body: { invitations: list } }),
      'POST /api/platform/invitations/i1/resend': {
        body: { invitation: { ...pending, inviteUrl: 'http://localhost/signup?token=abc' } },
      },
      'DELETE /api/platform/invitations/i1': () => {
        list = [];
        return { body: { success: true } };
      },
    });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => undefined) },
      configurable: true,
    });
    renderWithProviders(<InvitationsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend invitation to Ada Lovelace' }));
    expect((await screen.findByTestId('invite-url')).textContent).toBe('http://localhost/signup?token=abc');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await screen.findByRole('button', { name: /Copied/ });
    await act(async () => {
      vi.advanceTimersByTime(COPIED_MS + 50);
    });
    await screen.findByRole('button', { name: 'Copy link' });
    vi.useRealTimers();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke invitation to Ada Lovelace' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByTestId('invite-url')).toBeNull());
    expect(await screen.findByText('No invitations have been sent yet.')).toBeTruthy();
  });

  it('validates with the contract messages, and a failed list shows an error, not "no invitations"', async () => {
    stubFetch({ 'GET /api/platform/invitations': { status: 500, body: { error: 'InternalError' } } });
    renderWithProviders(<InvitationsTab />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load invitations');
    expect(screen.queryByText('No invitations have been sent yet.')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).maxLength).toBe(100);
  });
});
