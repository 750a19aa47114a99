import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../test-utils.js';
import ApiWebhooksPage from './ApiWebhooksPage.js';

// R-PLAT-11: the page's sections load after its header (their code is not in the page's chunk);
// both still arrive, and a failed load still shows as an error (R-SET-9).
describe('API & Webhooks page', () => {
  it('shows its header at once and both sections once their code and lists are here', async () => {
    stubApi({
      'settings.listApiKeys': () => ({ body: { keys: [] } }),
      'settings.listWebhooks': () => ({ body: { webhooks: [] } }),
    });
    renderWithProviders(<ApiWebhooksPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('API & Webhooks');
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
  });

  it('a failed list is an error in its section, not an empty one', async () => {
    stubApi({
      'settings.listApiKeys': () => ({ body: { keys: [] } }),
      'settings.listWebhooks': () => ({ status: 500, body: { error: 'Internal', message: 'Boom' } }),
    });
    renderWithProviders(<ApiWebhooksPage />);
    expect(await screen.findByText('Failed to load webhook endpoints')).toBeTruthy();
    expect(screen.queryByText('No webhook endpoints yet.')).toBeNull();
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
  });
});
