import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../test-utils.js';
import type { WebhookDelivery } from './api/get-webhook-deliveries.js';
import type { Webhook } from './api/get-webhooks.js';
import { WebhooksSection } from './WebhooksSection.js';

const SECRET = `whsec_${'A'.repeat(43)}=`;
const endpoint = (id: string, url: string, over: Partial<Webhook> = {}): Webhook => ({
  id,
  url,
  events: ['reservation-created'],
  description: 'Accounting',
  enabled: true,
  createdAt: '2026-11-20T15:00:00.000Z',
  createdBy: { id: 'u1', name: 'Ada Lovelace' },
  updatedAt: '2026-11-20T15:00:00.000Z',
  failingSince: null,
  disabledAt: null,
  disabledReason: null,
  ...over,
});
const delivery: WebhookDelivery = {
  id: 'msg_1',
  messageId: 'msg_1',
  event: 'reservation-created',
  at: '2026-11-21T10:00:00.000Z',
  status: 'pending',
  attempts: 2,
  lastStatusCode: 503,
  lastLatencyMs: 87,
  lastError: 'HTTP 503',
  lastAttemptAt: '2026-11-21T10:00:05.000Z',
  nextAttemptAt: '2026-11-21T10:05:05.000Z',
  replayOf: null,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Webhooks on API & Webhooks (R-SET-10)', () => {
  it('adds an endpoint with chosen events, shows the secret once, tests, lists deliveries and replays one', async () => {
    let hooks = [endpoint('e1', 'https://books.example.com/hook')];
    const calls = stubApi({
      'settings.listWebhooks': () => ({ body: { webhooks: hooks } }),
      'settings.createWebhook': ({ body }) => {
        const b = body as { url: string; events: Webhook['events'] };
        hooks = [...hooks, endpoint('e2', b.url, { events: b.events })];
        return { status: 201, body: { id: 'e2', secret: SECRET } };
      },
      'settings.testWebhook': () => ({ status: 202, body: { success: true, message: 'Test event queued' } }),
      'settings.listWebhookDeliveries': () => ({ body: { deliveries: [delivery] } }),
      'settings.replayWebhookDelivery': () => ({
        status: 202,
        body: { success: true, message: 'Delivery queued again' },
      }),
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<WebhooksSection />);

    await screen.findByText('https://books.example.com/hook');
    screen.getByText('Enabled');

    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    // The contract's URL rule, before anything is sent.
    fireEvent.change(within(dialog).getByLabelText(/Endpoint URL/), { target: { value: 'ftp://x.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await within(dialog).findByText(/must start with https:\/\//);
    expect(calls.filter((c) => c.id === 'settings.createWebhook')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Endpoint URL/), {
      target: { value: 'https://crm.example.com/in' },
    });
    // Every event starts ticked: untick all but "Reservation cancelled".
    for (const label of [
      'Reservation created',
      'Reservation updated',
      'Inventory status changed',
      'Payment processed',
      'Waitlist joined',
      'Waitlist offer booked',
    ])
      fireEvent.click(within(dialog).getByRole('checkbox', { name: label }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const once = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(once).getByTestId('webhook-secret-once').textContent).toBe(SECRET);
    expect(calls.find((c) => c.id === 'settings.createWebhook')?.body).toEqual({
      url: 'https://crm.example.com/in',
      events: ['reservation-cancelled'],
      description: '',
    });
    fireEvent.click(within(once).getByRole('button', { name: 'Copy secret' }));
    await within(once).findByRole('button', { name: /Copied/ });
    expect(writeText).toHaveBeenCalledWith(SECRET);
    fireEvent.click(within(once).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret-once')).toBeNull());
    await screen.findByText('https://crm.example.com/in');

    fireEvent.click(screen.getByRole('button', { name: 'Send a test event to https://books.example.com/hook' }));
    await waitFor(() => expect(calls.some((c) => c.id === 'settings.testWebhook')).toBe(true));

    fireEvent.click(screen.getAllByRole('button', { name: 'Deliveries' })[0]!);
    const table = await screen.findByRole('table', { name: /Deliveries to/ });
    within(table).getByText('Retrying');
    within(table).getByText('503');
    within(table).getByText('87 ms');
    fireEvent.click(within(table).getByRole('button', { name: 'Replay delivery msg_1' }));
    await waitFor(() =>
      expect(calls.find((c) => c.id === 'settings.replayWebhookDelivery')?.params).toMatchObject({
        deliveryId: 'msg_1',
      }),
    );
  });

  it('shows a failed load as an error, never as an empty list', async () => {
    stubApi({ 'settings.listWebhooks': () => ({ status: 500, body: { error: 'Internal', message: 'Boom' } }) });
    renderWithProviders(<WebhooksSection />);
    await screen.findByText('Failed to load webhook endpoints');
    expect(screen.queryByText('No webhook endpoints yet.')).toBeNull();
  });

  it('asks before deleting and disables with one click', async () => {
    let hooks = [endpoint('e1', 'https://books.example.com/hook')];
    const calls = stubApi({
      'settings.listWebhooks': () => ({ body: { webhooks: hooks } }),
      'settings.updateWebhook': ({ body }) => {
        hooks = [{ ...hooks[0]!, enabled: (body as { enabled: boolean }).enabled }];
        return { body: { webhook: hooks[0]! } };
      },
      'settings.deleteWebhook': () => {
        hooks = [];
        return { body: { success: true } };
      },
    });
    renderWithProviders(<WebhooksSection />);
    await screen.findByText('https://books.example.com/hook');
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    await screen.findByText('Disabled');
    expect(calls.find((c) => c.id === 'settings.updateWebhook')?.body).toEqual({ enabled: false });
    fireEvent.click(screen.getByRole('button', { name: 'Delete https://books.example.com/hook' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(calls.some((c) => c.id === 'settings.deleteWebhook')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No webhook endpoints yet.');
  });
});
