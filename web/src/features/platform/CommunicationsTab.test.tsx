import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test-utils.js';
import { CommunicationsTab } from './CommunicationsTab.js';

const stats = (range: string, totalSent: number) => ({
  range,
  totalSent,
  failed: 2,
  failureRate: 1.5,
  delivered: null,
  deliveryRate: null,
  bounced: null,
  bounceRate: null,
  usedToday: 42,
  dailyQuota: 10_000,
  templates: [],
});

afterEach(() => vi.restoreAllMocks());

describe('platform communications tab (issue 17)', () => {
  it('shows the stats for the range, the provider panel and SMS coming soon; the range refetches', async () => {
    const calls = stubFetch({
      'GET /api/platform/communications/email/stats': () => ({
        body: calls.at(-1)!.url.includes('range=30d') ? stats('30d', 1500) : stats('7d', 130),
      }),
    });
    renderWithProviders(<CommunicationsTab />);
    expect(await screen.findByText('130')).toBeTruthy();
    expect(screen.getByText('1.5% failure rate')).toBeTruthy();
    expect(screen.getByTestId('used-today').textContent).toBe('Used today: 42 of 10K');
    expect(screen.getByText('Sending rate: 100 requests per second')).toBeTruthy();
    expect(screen.getByText('Daily quota: 10,000 emails')).toBeTruthy();
    expect(screen.getByText('Coming soon')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: '30d' } });
    expect(await screen.findByText('1.5K')).toBeTruthy();
  });

  it('a failed load shows an error, not zero stats', async () => {
    stubFetch({ 'GET /api/platform/communications/email/stats': { status: 500, body: { error: 'InternalError' } } });
    renderWithProviders(<CommunicationsTab />);
    expect((await screen.findAllByText('Failed to load email stats')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Total Sent')).toBeNull();
  });
});
