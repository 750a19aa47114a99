import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../test-utils.js';
import { CommunicationsTab } from './CommunicationsTab.js';

const stats = (range: '7d' | '30d', totalSent: number) => ({
  range,
  totalSent,
  failed: 2,
  failureRate: 1.5,
  deliveryNotifications: 'not-configured' as const,
  delivered: null,
  deliveryRate: null,
  bounced: null,
  bounceRate: null,
  complaints: null,
  complaintRate: null,
  usedToday: 42,
  dailyQuota: 10_000,
  templates: [],
});

afterEach(() => vi.restoreAllMocks());

describe('platform communications tab (docs/decisions/README.md#platform-portal)', () => {
  it('shows the stats for the range, the provider panel and SMS coming soon; the range refetches', async () => {
    stubApi({
      'platform.emailStats': (call) => ({
        body: call.query.get('range') === '30d' ? stats('30d', 1500) : stats('7d', 130),
      }),
    });
    renderWithProviders(<CommunicationsTab />);
    await screen.findByText('130');
    screen.getByText('1.5% failure rate');
    expect(screen.getByTestId('used-today').textContent).toBe('Used today: 42 of 10K');
    screen.getByText('Sending rate: 100 requests per second');
    screen.getByText('Daily quota: 10,000 emails');
    screen.getByText('Coming soon');
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: '30d' } });
    await screen.findByText('1.5K');
  });

  it('a failed load shows an error, not zero stats', async () => {
    stubApi({ 'platform.emailStats': { status: 500, body: { error: 'InternalError' } } });
    renderWithProviders(<CommunicationsTab />);
    expect((await screen.findAllByText('Failed to load email stats')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Total Sent')).toBeNull();
  });
});
