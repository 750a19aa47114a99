import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubPaths } from '../../test-utils.js';
import ConfirmEmailPage from './ConfirmEmailPage.js';

const TOKEN = 'b'.repeat(43);
const at = (url: string) => renderApp(url, [{ path: '/confirm-email/:token', element: <ConfirmEmailPage /> }]);

afterEach(() => vi.restoreAllMocks());

describe('the new e-mail address confirmation page (R-EMP-9)', () => {
  it('posts only when the person clicks, then says the address is confirmed', async () => {
    const calls = stubPaths({
      [`POST /public/confirm-email/${TOKEN}`]: {
        body: {
          success: true,
          message: 'Your new email address is confirmed. Sign in with it from now on.',
          email: 'new@example.com',
        },
      },
    });
    at(`/confirm-email/${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Confirm my new email address' });
    expect(calls).toHaveLength(0);
    fireEvent.click(button);
    await screen.findByText('Your new email address is confirmed. Sign in with it from now on.');
    screen.getByRole('heading', { name: 'Email address confirmed' });
    screen.getByRole('link', { name: 'Sign in' });
    expect(calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`)).toEqual([
      `POST /public/confirm-email/${TOKEN}`,
    ]);
  });

  it("an expired or used link shows the server's message", async () => {
    stubPaths({
      [`POST /public/confirm-email/${TOKEN}`]: {
        status: 410,
        body: {
          error: 'EmailChangeExpired',
          message: 'This confirmation link has expired. Ask for the email change to be made again.',
        },
      },
    });
    at(`/confirm-email/${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my new email address' }));
    await screen.findByText('This confirmation link has expired. Ask for the email change to be made again.');
    screen.getByRole('heading', { name: 'This link did not work' });
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('a malformed link is refused before anything is sent', async () => {
    const calls = stubPaths({});
    at('/confirm-email/not-a-token');
    await screen.findByRole('heading', { name: 'Link not valid' });
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
