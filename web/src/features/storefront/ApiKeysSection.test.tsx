import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../test-utils.js';
import { ApiKeysSection } from './ApiKeysSection.js';
import type { ApiKey } from './api/get-api-keys.js';

const KEY_ONCE = 'rbo_live_abcdefghijkl_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq';
const key = (id: string, name: string, over: Partial<ApiKey> = {}): ApiKey => ({
  id,
  name,
  prefix: `rbo_live_${id}`,
  accessLevel: 'MANAGER',
  createdAt: '2026-11-20T15:00:00.000Z',
  createdBy: { id: 'u1', name: 'Ada Lovelace' },
  lastUsedAt: null,
  ...over,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('API keys on API & Webhooks (R-SET-9)', () => {
  it('lists keys, creates one in a dialog, shows it once with a copy button, and revokes one after confirming', async () => {
    let keys = [key('aaaaaaaaaaaa', 'Accounting sync', { lastUsedAt: '2026-11-21T10:00:00.000Z' })];
    const calls = stubApi({
      'settings.listApiKeys': () => ({ body: { keys } }),
      'settings.createApiKey': ({ body }) => {
        const b = body as { name: string; accessLevel: 'ADMIN' };
        keys = [...keys, key('abcdefghijkl', b.name, { accessLevel: b.accessLevel })];
        return {
          status: 201,
          body: {
            id: 'abcdefghijkl',
            name: b.name,
            prefix: 'rbo_live_abcdefghijkl',
            accessLevel: b.accessLevel,
            key: KEY_ONCE,
          },
        };
      },
      'settings.revokeApiKey': ({ params }) => {
        keys = keys.filter((k) => k.id !== params.id);
        return { body: { success: true, message: 'API key revoked' } };
      },
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<ApiKeysSection />);

    await screen.findByText('Accounting sync');
    screen.getByText('rbo_live_aaaaaaaaaaaa…');
    screen.getByText('Manager');
    expect(screen.getAllByText(/by Ada Lovelace/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href')).toBe('/api/openapi.json');

    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    // The name is required (the contract's message); nothing is sent without one.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await within(dialog).findByText('Key name is required');
    expect(calls.filter((c) => c.id === 'settings.createApiKey')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Key name/), { target: { value: 'Website' } });
    fireEvent.change(within(dialog).getByLabelText('Access level'), { target: { value: 'ADMIN' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const once = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(once).getByTestId('api-key-once').textContent).toBe(KEY_ONCE);
    within(once).getByText(/It will not be shown again/);
    expect(calls.find((c) => c.id === 'settings.createApiKey')?.body).toEqual({
      name: 'Website',
      accessLevel: 'ADMIN',
    });
    fireEvent.click(within(once).getByRole('button', { name: 'Copy key' }));
    await within(once).findByRole('button', { name: /Copied/ });
    expect(writeText).toHaveBeenCalledWith(KEY_ONCE);
    fireEvent.click(within(once).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-once')).toBeNull());
    await screen.findByText('Website');
    // The key is gone from the page once the dialog closes: it is shown once.
    expect(document.body.textContent).not.toContain(KEY_ONCE);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke API key Accounting sync' }));
    const confirm = await screen.findByRole('alertdialog');
    within(confirm).getByText(/stop working within a minute/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('Accounting sync')).toBeNull());
    expect(calls.find((c) => c.id === 'settings.revokeApiKey')?.params).toEqual({ id: 'aaaaaaaaaaaa' });
  });

  it('shows a failed load as an error, never as "no keys"', async () => {
    stubApi({ 'settings.listApiKeys': { status: 500, body: { error: 'InternalError', message: 'Boom' } } });
    renderWithProviders(<ApiKeysSection />);
    await screen.findByText('Failed to load API keys');
    expect(screen.queryByText('No API keys yet.')).toBeNull();
  });

  it('says so when a create is refused', async () => {
    stubApi({
      'settings.listApiKeys': { body: { keys: [] } },
      'settings.createApiKey': {
        status: 409,
        body: {
          error: 'Conflict',
          message: 'An organization has at most 25 API keys: revoke one you no longer use first',
        },
      },
    });
    renderWithProviders(<ApiKeysSection />);
    await screen.findByText('No API keys yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    fireEvent.change(within(dialog).getByLabelText(/Key name/), { target: { value: 'Too many' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await within(dialog).findByText(/at most 25 API keys/);
  });
});
