import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../app/session.js';
import { renderApp, stubApi } from '../../test-utils.js';

/** The section on its page, signed in as the business admin (the page's calendar feeds: none). */
function renderSection() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem(
    'user',
    JSON.stringify({
      id: 'u1',
      role: 'BUSINESS_ADMIN',
      firstName: 'Ada',
      lastName: 'Lovelace',
      organizationId: 'o1',
      organization: { name: 'Acme Rentals', subdomain: 'acme' },
    } as SessionUser),
  );
  return renderApp('/acme/storefront/notifications');
}
const feeds = { 'settings.listCalendarFeeds': { body: { feeds: [] } } };

const saved = {
  enabled: true,
  serviceBeforeMinutes: [1440, 120],
  itemBeforeMinutes: [1440, 120],
  lateReturnEnabled: true,
  cancelCutoffHours: 24,
  notifyCancellations: true,
  notifyNoShows: true,
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('reminder defaults on Notification Preferences (R-SET-7)', () => {
  it('shows the saved offsets, adds and removes one, and saves what is shown', { timeout: 45_000 }, async () => {
    const calls = stubApi({
      ...feeds,
      'settings.getReminders': { body: { success: true, data: saved } },
      'settings.updateReminders': ({ body }) => ({
        body: { success: true, data: body as typeof saved, message: 'Reminder settings saved' },
      }),
    });
    renderSection();
    await screen.findByRole('heading', { name: 'Booking reminders' }, { timeout: 15_000 });
    expect(screen.getByTestId('item-offsets').textContent).toContain('1 day before');
    expect(screen.getByTestId('item-offsets').textContent).toContain('2 hours before');

    // Item rentals: drop the 2-hour one, add 30 minutes.
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove the reminder 2 hours before' })[1]!);
    fireEvent.change(screen.getByLabelText('Item rentals: how long before'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Item rentals: unit'), { target: { value: 'minutes' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add reminder' })[1]!);
    expect(screen.getByTestId('item-offsets').textContent).toContain('30 minutes before');
    fireEvent.change(screen.getByLabelText(/cancel online until/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ ...saved, itemBeforeMinutes: [1440, 30], cancelCutoffHours: 12 });
  });

  it('turns the business e-mails off and saves both switches (R-SET-13)', { timeout: 45_000 }, async () => {
    const calls = stubApi({
      ...feeds,
      'settings.getReminders': { body: { success: true, data: saved } },
      'settings.updateReminders': ({ body }) => ({
        body: { success: true, data: body as typeof saved, message: 'Reminder settings saved' },
      }),
    });
    renderSection();
    await screen.findByRole('heading', { name: 'E-mails to your business' }, { timeout: 15_000 });
    const cancellations = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'E-mail us when a customer cancels a booking online',
    });
    const noShows = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'E-mail us when a reservation is marked as a no-show',
    });
    expect(cancellations.checked).toBe(true);
    expect(noShows.checked).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save reminders' }).disabled).toBe(true);
    fireEvent.click(cancellations);
    fireEvent.click(noShows);
    await waitFor(() => expect(noShows.checked).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      ...saved,
      notifyCancellations: false,
      notifyNoShows: false,
    });
  });

  it('refuses an offset under 15 minutes before sending anything', { timeout: 45_000 }, async () => {
    const calls = stubApi({ ...feeds, 'settings.getReminders': { body: { success: true, data: saved } } });
    renderSection();
    await screen.findByRole('heading', { name: 'Booking reminders' }, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText('Service bookings: how long before'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Service bookings: unit'), { target: { value: 'minutes' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add reminder' })[0]!);
    await screen.findByText('A reminder is at least 15 minutes before the start');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('a failed load shows an error with Retry, never empty settings', { timeout: 45_000 }, async () => {
    stubApi({ ...feeds, 'settings.getReminders': { status: 500, body: { error: 'Internal', message: 'boom' } } });
    renderSection();
    await screen.findByText('Failed to load reminder settings', {}, { timeout: 15_000 });
    screen.getByRole('button', { name: 'Retry' });
    expect(screen.queryByRole('button', { name: 'Save reminders' })).toBeNull();
  });
});
