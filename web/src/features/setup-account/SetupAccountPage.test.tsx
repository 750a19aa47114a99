import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPLOYEE_MESSAGES } from '../../../../shared/domain/employees.js';
import { renderApp, stubPaths } from '../../test-utils.js';

vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'A'.repeat(43);
const invitation = {
  valid: true,
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: 'Lee',
  phone: '5550102030',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

afterEach(() => localStorage.clear());

describe('employee account setup (docs/decisions/0009-sessions-follow-the-account.md)', () => {
  it('shows the invited address read-only, prefilled names, and sends that address', async () => {
    let sent: Record<string, unknown> | undefined;
    const calls = stubPaths({
      'GET /api/users/complete-signup': { body: invitation },
      'POST /api/users/complete-signup': (init) => {
        sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
        return { body: { success: true, message: EMPLOYEE_MESSAGES.setupDone, username: invitation.email } };
      },
    });
    renderApp(`/setup-account/${TOKEN}`);
    const email = (await screen.findByLabelText(/Email Address/, {}, { timeout: 20_000 })) as HTMLInputElement;
    expect(email.value).toBe('pat@example.com');
    expect(email.readOnly).toBe(true);
    expect((screen.getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Pat');
    // docs/decisions/0024-words-and-states.md: the recorded 8-character minimum is said before anything is typed.
    screen.getByText('At least 8 characters.');
    expect(calls.some((c) => c.method === 'GET' && c.url === `/api/users/complete-signup?token=${TOKEN}`)).toBe(true);

    fireEvent.change(email, { target: { value: 'someone-else@example.com' } }); // a read-only field keeps its value in a browser; the form sends the invited one regardless
    fireEvent.change(document.querySelector('input[name="password"]')!, { target: { value: 'pat-password-1' } });
    fireEvent.click(screen.getByText(/I accept the/));
    const submit = screen.getByRole('button', { name: 'Complete Account Setup' });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    await screen.findByRole('heading', { name: 'Setup Complete!' });
    expect(sent).toMatchObject({
      token: TOKEN,
      email: 'pat@example.com',
      firstName: 'Pat',
      lastName: 'Lee',
      termsAccepted: true,
    });
  });

  it('a used or replaced link shows Invalid Setup Link with the server message, before anything is typed', async () => {
    stubPaths({
      'GET /api/users/complete-signup': {
        status: 400,
        body: { error: 'InvalidSetupToken', message: EMPLOYEE_MESSAGES.setupInvalid, success: false },
      },
    });
    renderApp(`/setup-account/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Invalid Setup Link' }, { timeout: 20_000 });
    screen.getByText(EMPLOYEE_MESSAGES.setupInvalid);
    expect(screen.queryByLabelText(/Email Address/)).toBeNull();
  });
});
