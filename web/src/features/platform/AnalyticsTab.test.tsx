import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubPaths } from '../../test-utils.js';
import { AnalyticsTab, linePoints } from './AnalyticsTab.js';

const series = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    at: `2026-11-${String(i + 1).padStart(2, '0')}`,
    calls: i,
    errors: 0,
    avgResponseTime: 5,
    errorRate: 0,
  }));
const usage = (range: string, calls: number, n: number) => ({
  range,
  totalApiCalls: calls,
  totalErrors: 1,
  avgResponseTime: 12.5,
  errorRate: 0.4,
  tenants: [],
  series: series(n),
});

afterEach(() => vi.restoreAllMocks());

describe('platform analytics tab (docs/decisions/README.md#platform-portal)', () => {
  it('shows the cards and three trend charts for the chosen range, and refetches when the range changes', async () => {
    const seen: string[] = [];
    const calls = stubPaths({
      'GET /api/platform/analytics/usage': () => {
        const range = new URL(calls.at(-1)!.url, 'http://x').searchParams.get('range') ?? '';
        seen.push(range);
        return { body: range === '30d' ? usage('30d', 4321, 30) : usage('7d', 250, 7) };
      },
    });
    renderWithProviders(<AnalyticsTab />);
    await screen.findByText('250');
    screen.getByText('12.5 ms');
    screen.getByText('0.4%');
    expect(
      screen.getByTestId('chart-API calls').querySelector('polyline')?.getAttribute('points')?.split(' '),
    ).toHaveLength(7);
    fireEvent.change(screen.getByLabelText('Range'), { target: { value: '30d' } });
    await screen.findByText('4.3K');
    expect(
      screen.getByTestId('chart-Errors').querySelector('polyline')?.getAttribute('points')?.split(' '),
    ).toHaveLength(30);
    expect(seen).toEqual(['7d', '30d']);
  });

  it('a failed load shows an error, not zero cards', async () => {
    stubPaths({ 'GET /api/platform/analytics/usage': { status: 500, body: { error: 'InternalError' } } });
    renderWithProviders(<AnalyticsTab />);
    expect((await screen.findAllByText('Failed to load analytics')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByText('Total API Calls')).toBeNull());
  });

  it('scales the line to the series maximum', () => {
    expect(linePoints([0, 5, 10], 100, 50)).toBe('0,50 50,25 100,0');
    expect(linePoints([0, 0], 100, 50)).toBe('0,50 100,50');
  });
});
