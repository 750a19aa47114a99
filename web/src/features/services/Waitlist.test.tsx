import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../test-utils.js';
import { publicServiceWire } from './fixtures.test-helpers.js';
import PublicServicePage from './PublicServicePage.js';
import { WaitlistPanel } from './WaitlistPanel.js';
import type { WaitlistEntryView } from '../../../../shared/contract/routes/waitlist.js';

// R-SVC-8: a full slot reads "Full" with "Join the waitlist"; R-SVC-10: staff see each slot's queue.

const FULL = { date: '2030-12-07', startTime: '10:00', endTime: '12:00' };

describe('waitlist on the public page', () => {
  it('shows a full slot as Full, checks the form like the booking form, and answers the position', async () => {
    stubApi({
      'services.publicGet': {
        body: publicServiceWire({ name: 'Harbour Walk', availability: [], waitlistSlots: [FULL] }),
      },
      'services.waitlistJoin': {
        status: 201,
        body: {
          success: true,
          message: 'You are on the waitlist (position 3). We will e-mail you if places free up.',
          entry: { id: 'e1', status: 'WAITING', position: 3, participantCount: 1, slot: FULL, alreadyJoined: false },
        },
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/service/:token" element={<PublicServicePage />} />
      </Routes>,
      '/service/tok123',
    );
    const full = await screen.findByTestId('full-slot');
    // The full slot says so in words, beside its waitlist button.
    expect(full.textContent).toContain('Full');
    expect(screen.queryByText('No Available Slots')).toBeNull();
    fireEvent.click(within(full).getByRole('button', { name: 'Join the waitlist' }));
    const modal = await screen.findByRole('dialog');
    fireEvent.click(within(modal).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(modal).findByText('First name is required')).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText(/First name/i), { target: { value: 'Wanda' } });
    fireEvent.change(within(modal).getByLabelText(/Last name/i), { target: { value: 'Waiting' } });
    fireEvent.change(within(modal).getByLabelText(/Phone/i), { target: { value: '5551234567' } });
    fireEvent.change(within(modal).getByLabelText(/Email/i), { target: { value: 'wanda@example.com' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(modal).findByText('You are number 3 on the waitlist')).toBeTruthy();
  });
});

describe('waitlist in the service details', () => {
  const entry = (over: Partial<WaitlistEntryView>): WaitlistEntryView => ({
    id: 'e',
    slot: FULL,
    status: 'WAITING',
    firstName: 'Wanda',
    lastName: 'Waiting',
    email: 'wanda@example.com',
    phone: '555',
    participantCount: 2,
    joinedAt: '2030-12-01T10:00:00.000Z',
    holdUntil: null,
    reservationId: null,
    position: 1,
    ...over,
  });

  it('lists the queue with its statuses; only waiting entries can be offered places', async () => {
    stubApi({
      'services.waitlistList': {
        body: {
          entries: [
            entry({ id: 'a', status: 'OFFERED', holdUntil: '2030-12-01T11:00:00.000Z' }),
            entry({ id: 'b', firstName: 'Bo', position: 2 }),
            entry({ id: 'c', firstName: 'Cy', status: 'EXPIRED', position: 0 }),
          ],
        },
      },
    });
    renderWithProviders(<WaitlistPanel serviceId="s1" canManage />);
    const rows = await screen.findAllByTestId('waitlist-entry');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('waitlist-status').textContent).toMatch(/^Offered until /);
    expect(within(rows[0]!).queryByRole('button', { name: 'Offer places' })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Offer places' }).hasAttribute('disabled')).toBe(false);
    expect(within(rows[2]!).getByTestId('waitlist-status').textContent).toBe('Expired');
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
  });

  it('shows a failed load as an error, not as an empty queue', async () => {
    stubApi({ 'services.waitlistList': { status: 403, body: { error: 'Forbidden', message: 'Not allowed here' } } });
    renderWithProviders(<WaitlistPanel serviceId="s1" canManage />);
    expect(await screen.findByText('Not allowed here', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Nobody is waiting')).toBeNull();
  });
});
