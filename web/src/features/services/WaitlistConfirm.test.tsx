import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../test-utils.js';
import { publicServiceWire } from './fixtures.test-helpers.js';
import PublicServicePage from './PublicServicePage.js';
import WaitlistOfferPage from './WaitlistOfferPage.js';

// R-SVC-11: a join is unconfirmed until its e-mailed link is opened; the link's page says how it went.

const FULL = { date: '2030-12-07', startTime: '10:00', endTime: '12:00' };
const CONFIRM_PATH = '/service/tok123/confirm/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function renderConfirm() {
  renderWithProviders(
    <Routes>
      <Route path="/service/:token/confirm/:confirmToken" element={<WaitlistOfferPage />} />
    </Routes>,
    CONFIRM_PATH,
  );
}

const answer = (over: Record<string, unknown>) => ({
  success: true,
  outcome: 'confirmed' as const,
  message: 'Your place on the waitlist is confirmed (position 2).',
  status: 'WAITING' as const,
  position: 2,
  serviceName: 'Harbour Walk',
  slot: FULL,
  slotText: 'Sat, Dec 7, 2030, 10:00 AM - 12:00 PM UTC',
  ...over,
});

describe('waitlist confirmation by e-mail', () => {
  it('tells a new join to check the e-mail instead of giving a position', async () => {
    stubApi({
      'services.publicGet': {
        body: publicServiceWire({ name: 'Harbour Walk', availability: [], waitlistSlots: [FULL] }),
      },
      'services.waitlistJoin': {
        status: 201,
        body: {
          success: true,
          message: 'Check your e-mail to confirm your place: the link we sent to wanda@example.com holds your place.',
          entry: {
            id: 'e1',
            status: 'UNCONFIRMED',
            position: 0,
            participantCount: 1,
            slot: FULL,
            alreadyJoined: false,
          },
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
    fireEvent.click(within(full).getByRole('button', { name: 'Join the waitlist' }));
    const modal = await screen.findByRole('dialog');
    fireEvent.change(within(modal).getByLabelText(/First name/i), { target: { value: 'Wanda' } });
    fireEvent.change(within(modal).getByLabelText(/Last name/i), { target: { value: 'Waiting' } });
    fireEvent.change(within(modal).getByLabelText(/Phone/i), { target: { value: '5551234567' } });
    fireEvent.change(within(modal).getByLabelText(/Email/i), { target: { value: 'wanda@example.com' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Join the waitlist' }));
    const sent = await within(modal).findByTestId('waitlist-confirm-mail');
    expect(sent.textContent).toContain('Check your e-mail to confirm your place');
    expect(sent.textContent).toContain('wanda@example.com');
    expect(within(modal).queryByText(/You are number/)).toBeNull();
  });

  it('confirms on opening the link and gives the position', async () => {
    const calls = stubApi({ 'services.waitlistConfirm': { body: answer({}) } });
    renderConfirm();
    expect(await screen.findByText('Place confirmed')).toBeTruthy();
    expect(screen.getByTestId('waitlist-message').textContent).toContain('You are number 2 on the waitlist');
    expect(calls.filter((c) => c.id === 'services.waitlistConfirm')).toHaveLength(1);
  });

  it('says when the link has expired', async () => {
    stubApi({
      'services.waitlistConfirm': {
        body: answer({ outcome: 'expired', status: null, position: 0, slot: null, slotText: null }),
      },
    });
    renderConfirm();
    expect(await screen.findByText('Link expired')).toBeTruthy();
    expect(screen.getByTestId('waitlist-message').textContent).toContain('Join the waitlist again');
  });

  it('says when the link is not valid', async () => {
    stubApi({
      'services.waitlistConfirm': {
        status: 404,
        body: { error: 'NOT_FOUND', message: 'This confirmation link is not valid' },
      },
    });
    renderConfirm();
    expect(await screen.findByText('Link not valid')).toBeTruthy();
  });

  it('shows a failed request as an error', async () => {
    stubApi({ 'services.waitlistConfirm': { status: 500, body: { error: 'Internal', message: 'Boom' } } });
    renderConfirm();
    expect(await screen.findByText('Could not confirm')).toBeTruthy();
  });
});

describe('a confirmation link opened after the entry moved on', () => {
  it('says the places are held when an offer was made', async () => {
    stubApi({
      'services.waitlistConfirm': {
        body: answer({ outcome: 'already-confirmed', status: 'OFFERED', position: 1 }),
      },
    });
    renderConfirm();
    expect(await screen.findByText('Already confirmed')).toBeTruthy();
    expect(screen.getByTestId('waitlist-message').textContent).toContain('see the offer e-mail');
  });
});
