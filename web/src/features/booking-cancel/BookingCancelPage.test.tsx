import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../test-utils.js';
import BookingCancelPage from './BookingCancelPage.js';

const TOKEN = 'b'.repeat(43);
const at = () =>
  renderApp(`/booking/cancel/${TOKEN}`, [{ path: '/booking/cancel/:token', element: <BookingCancelPage /> }]);
const view = (state: 'open' | 'too-late' | 'cancelled') => ({
  state,
  reservationNumber: 'RES-000042',
  what: 'Harbor tour',
  when: 'Sun, Nov 1, 2026, 10:00 AM – 12:00 PM EST (America/New_York)',
  participants: 2,
  total: '$60.00',
  cancelCutoffHours: 24,
  cancelUntil: state === 'cancelled' ? null : '2026-10-31T15:00:00.000Z',
  business: { name: 'Harbor Bikes', phone: '(207) 555-0100', email: 'hello@harbor.example', address: '1 Pier Rd' },
});

afterEach(() => vi.restoreAllMocks());

describe('the reminder cancel page (R-SET-7)', () => {
  it('shows the booking, posts only on the click, then says cancelled', async () => {
    const calls = stubApi({
      'reservations.publicCancelView': { body: { success: true, data: view('open') } },
      'reservations.publicCancel': {
        body: { success: true, message: 'Your booking is cancelled.', data: view('cancelled') },
      },
    });
    at();
    await screen.findByText('Sun, Nov 1, 2026, 10:00 AM – 12:00 PM EST (America/New_York)');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this booking' }));
    await screen.findByRole('heading', { name: 'Booking cancelled' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('after the cut-off gives the business contact and no button', async () => {
    stubApi({ 'reservations.publicCancelView': { body: { success: true, data: view('too-late') } } });
    at();
    await screen.findByRole('heading', { name: 'Cancel by contacting the business' });
    expect(screen.getByTestId('business-contact').textContent).toContain('(207) 555-0100');
    expect(screen.queryByRole('button', { name: 'Cancel this booking' })).toBeNull();
  });

  it("an expired link shows the server's message", async () => {
    stubApi({
      'reservations.publicCancelView': {
        status: 410,
        body: { error: 'Gone', message: 'This cancel link has expired: the booking has started.' },
      },
    });
    at();
    await screen.findByText('This cancel link has expired: the booking has started.');
  });
});
