import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, stubPaths } from '../../test-utils.js';
import { InvitationsTab } from './InvitationsTab.js';
import { COPIED_MS } from './InviteLink.js';

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const pending = {
  id: 'i1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  createdAt: new Date().toISOString(),
  expiresAt: future,
  usedAt: null,
  status: 'Pending' as const,
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('client invitations (docs/decisions/README.md#web-house)', () => {
  it('the banner goes when its invitation is revoked, and "Copied" returns to "Copy link" after 2 seconds', async () => {
    let list = [pending];
    stubApi({
      'platform.listInvitations': () => ({ body: { invitations: list } }),
      'platform.resendInvitation': {
        body: {
          success: true,
          emailSent: true,
          invitation: { ...pending, inviteUrl: 'http://localhost/signup?token=abc' },
        },
      },
      'platform.revokeInvitation': () => {
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
    await screen.findByText('No invitations have been sent yet.');
  });

  it('validates with the contract messages, and a failed list shows an error, not "no invitations"', async () => {
    stubPaths({ 'GET /api/platform/invitations': { status: 500, body: { error: 'InternalError' } } });
    renderWithProviders(<InvitationsTab />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load invitations');
    expect(screen.queryByText('No invitations have been sent yet.')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await screen.findByText('First name is required');
    screen.getByText('Please enter a valid email address');
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).maxLength).toBe(100);
  });

  it('offers Resend when the address already has a pending invitation (docs/decisions/0024-words-and-states.md)', async () => {
    const calls = stubPaths({
      'GET /api/platform/invitations': { body: { invitations: [{ ...pending, status: 'Pending' }] } },
      'POST /api/platform/invitations': {
        status: 409,
        body: {
          error: 'InvitationPending',
          message: 'An invitation to ada@example.com is already pending. Resend it instead of sending a new one.',
          invitationId: 'i1',
        },
      },
      'POST /api/platform/invitations/i1/resend': {
        body: {
          success: true,
          emailSent: true,
          invitation: { ...pending, status: 'Pending', inviteUrl: 'http://localhost/signup?token=new' },
        },
      },
    });
    renderWithProviders(<InvitationsTab />);
    const form = await screen.findByRole('form', { name: 'Send invitation' });
    fireEvent.change(within(form).getByLabelText(/First name/), { target: { value: 'Ada' } });
    fireEvent.change(within(form).getByLabelText(/Last name/), { target: { value: 'Lovelace' } });
    fireEvent.change(within(form).getByLabelText(/Email/), { target: { value: 'Ada@Example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send Invitation' }));
    await within(form).findByText(
      'An invitation to ada@example.com is already pending. Resend it instead of sending a new one.',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Resend' }));
    expect((await screen.findByTestId('invite-url')).textContent).toBe('http://localhost/signup?token=new');
    expect(calls.filter((c) => c.url.endsWith('/i1/resend'))).toHaveLength(1);
    await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull());
  });
});
