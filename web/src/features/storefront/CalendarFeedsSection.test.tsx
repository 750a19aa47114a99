import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../test-utils.js';
import type { CalendarFeed } from './api/get-calendar-feeds.js';
import { CalendarFeedsSection } from './CalendarFeedsSection.js';

const URL_ONCE = 'http://localhost:3000/public/calendar/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.ics';
const feed = (id: string, name: string): CalendarFeed => ({
  id,
  name,
  scope: 'service',
  serviceId: 's1',
  inventoryItemId: null,
  targetName: 'Harbour Tour',
  createdAt: '2026-11-20T15:00:00.000Z',
  createdBy: { id: 'u1', name: 'Ada Lovelace' },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('calendar feeds on Notification Preferences (R-SET-8)', () => {
  it('creates a feed, shows its address once with a copy button, and revokes one after confirming', async () => {
    let feeds = [feed('f1', 'Front desk')];
    const calls = stubApi({
      'settings.listCalendarFeeds': () => ({ body: { feeds } }),
      'settings.createCalendarFeed': ({ body }) => {
        feeds = [
          ...feeds,
          { ...feed('f2', (body as { name: string }).name), scope: 'all', serviceId: null, targetName: null },
        ];
        return { status: 201, body: { id: 'f2', url: URL_ONCE } };
      },
      'settings.deleteCalendarFeed': ({ params }) => {
        feeds = feeds.filter((f) => f.id !== params.id);
        return { body: { success: true, message: 'Calendar feed revoked' } };
      },
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<CalendarFeedsSection />);

    await screen.findByText('Front desk');
    screen.getByText('Harbour Tour');
    expect(screen.getAllByText(/by Ada Lovelace/).length).toBeGreaterThan(0);

    // The name is required (the contract's message), and nothing is sent without one.
    fireEvent.click(screen.getByRole('button', { name: 'Create feed' }));
    await screen.findByText('Feed name is required');
    // R-PLAT-12: the contract's rule, in the browser before any request (a pasted BEL, say).
    fireEvent.change(screen.getByLabelText(/Feed name/), { target: { value: 'My\u0007shifts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create feed' }));
    await screen.findByText('Feed name must be a single line without control characters');
    expect(calls.filter((c) => c.id === 'settings.createCalendarFeed')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Feed name/), { target: { value: 'My shifts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create feed' }));
    expect((await screen.findByTestId('feed-url')).textContent).toBe(URL_ONCE);
    const created = calls.find((c) => c.id === 'settings.createCalendarFeed')!;
    expect(created.body).toEqual({ name: 'My shifts', scope: 'all' });
    expect(new Headers(created.init?.headers).get('idempotency-key')).toBeTruthy();
    await screen.findByText('My shifts');

    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await screen.findByRole('button', { name: /Copied/ });
    expect(writeText).toHaveBeenCalledWith(URL_ONCE);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke calendar feed Front desk' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(/stop receiving bookings at once/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('Front desk')).toBeNull());
    expect(calls.find((c) => c.id === 'settings.deleteCalendarFeed')?.params).toEqual({ id: 'f1' });
  });

  it('shows a failed load as an error, never as "no feeds"', async () => {
    stubApi({ 'settings.listCalendarFeeds': { status: 500, body: { error: 'InternalError', message: 'Boom' } } });
    renderWithProviders(<CalendarFeedsSection />);
    await screen.findByText('Failed to load calendar feeds');
    expect(screen.queryByText('No calendar feeds yet.')).toBeNull();
  });

  it('asks for the service of a service feed', async () => {
    stubApi({
      'settings.listCalendarFeeds': { body: { feeds: [] } },
      'services.list': { body: [] },
    });
    renderWithProviders(<CalendarFeedsSection />);
    await screen.findByText('No calendar feeds yet.');
    fireEvent.change(screen.getByLabelText(/Feed name/), { target: { value: 'Tours' } });
    fireEvent.change(screen.getByLabelText('Shows'), { target: { value: 'service' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Create feed' }));
    await screen.findByText('Choose the service this feed shows');
  });
});
