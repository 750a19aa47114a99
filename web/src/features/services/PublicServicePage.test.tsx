import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../test-utils.js';
import { publicServiceWire } from './fixtures.test-helpers.js';
import PublicServicePage from './PublicServicePage.js';

// docs/decisions/0171-web-dates-on-the-public-page.md: people read the slot, and a failed booking leads back to the
// slots.

const service = publicServiceWire({
  name: 'Sunset Kayak Tour',
  rate: 40,
  rateType: 'PER_PERSON',
  timeZone: 'America/Los_Angeles',
  availability: [{ date: '2030-12-07', startTime: '10:00', endTime: '12:00', slotsAvailable: 4 }],
  business: { name: 'Acme Rentals', address: null, phone: null },
});

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/service/:token" element={<PublicServicePage />} />
    </Routes>,
    '/service/tok123',
  );
}

async function fillAndBook() {
  fireEvent.click(await screen.findByTestId('slot-button'));
  const modal = await screen.findByRole('dialog');
  expect(within(modal).getByTestId('booking-slot').textContent).toBe('Sat, Dec 7, 2030 · 10:00 AM – 12:00 PM PST');
  fireEvent.change(within(modal).getByLabelText(/First name/i), { target: { value: 'Ada' } });
  fireEvent.change(within(modal).getByLabelText(/Last name/i), { target: { value: 'Lovelace' } });
  fireEvent.change(within(modal).getByLabelText(/Phone/i), { target: { value: '5551234567' } });
  fireEvent.change(within(modal).getByLabelText(/Email/i), { target: { value: 'ada@example.com' } });
  fireEvent.click(within(modal).getByRole('button', { name: 'Book Now' }));
}

describe('public service page', () => {
  it('shows slots as people read them, with the business name, and the payment view repeats the slot', async () => {
    stubApi({
      'services.publicGet': { body: service },
      'services.publicBook': {
        status: 201,
        body: {
          success: true,
          message: 'Booking received. Payment is required to confirm it.',
          reservation: {
            id: 'r1',
            reservationNumber: 'R-1',
            status: 'ACTIVE',
            statusLabel: 'Pending Payment',
            totalAmount: 40,
          },
          payment: {
            totalDue: 40,
            subtotal: 40,
            taxRate: 0,
            taxAmount: 0,
            dueBy: '2030-12-06T18:00:00Z',
            paymentMethods: {},
            paymentNote: 'R-1',
            showPaymentOptions: false,
          },
        },
      },
    });
    renderPage();
    const slot = await screen.findByTestId('slot-button');
    expect(slot.textContent).toContain('Sat, Dec 7, 2030');
    expect(slot.textContent).toContain('10:00 AM – 12:00 PM PST');
    expect(screen.getByTestId('public-business').textContent).toContain('Acme Rentals');
    await fillAndBook();
    expect((await screen.findByTestId('paid-slot')).textContent).toBe('Sat, Dec 7, 2030 · 10:00 AM – 12:00 PM PST');
    // Pay-by in the service's zone (18:00 UTC is 10:00 AM in Los Angeles).
    screen.getByText('Dec 6, 2030, 10:00 AM PST');
  });

  it('shows the store accent, asks for the terms before Book, sends the acceptance and says how to pay in person (R-SET-15..17)', async () => {
    const calls = stubApi({
      'services.publicGet': {
        body: publicServiceWire({
          ...service.data,
          photoUrls: null,
          storefront: {
            rentalTerms: 'Bring the kayak back clean.',
            cancellationPolicy: 'Free until 24 hours before.',
            accentColor: '#0a7f5c',
            paymentMethods: ['pay_at_store', 'card_in_person'],
            paymentInstructions: 'Pay at the pier kiosk.',
          },
        } as never),
      },
      'services.publicBook': {
        status: 201,
        body: {
          success: true,
          message: 'Booking received. Payment is required to confirm it.',
          reservation: {
            id: 'r1',
            reservationNumber: 'R-1',
            status: 'ACTIVE',
            statusLabel: 'Pending Payment',
            totalAmount: 40,
          },
          payment: {
            totalDue: 40,
            subtotal: 40,
            taxRate: 0,
            taxAmount: 0,
            dueBy: '2030-12-06T18:00:00Z',
            paymentMethods: {},
            paymentNote: 'R-1',
            showPaymentOptions: false,
          },
        },
      },
    });
    renderPage();
    await screen.findByTestId('public-accent');
    await fillAndBook();
    const modal = screen.getByRole('dialog');
    within(modal).getByText('Bring the kayak back clean.');
    await within(modal).findByText('Please accept the rental terms to book');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(modal).getByLabelText('I accept the rental terms and cancellation policy'));
    await waitFor(() => expect(within(modal).queryByText('Please accept the rental terms to book')).toBeNull());
    fireEvent.click(within(modal).getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const paid = await screen.findByTestId('store-payment');
    expect(paid.textContent).toContain('We accept: Pay at the store, Card in person');
    expect(paid.textContent).toContain('Pay at the pier kiosk.');
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body)).acceptTerms).toBe(true);
  });

  it("shows a slot's own seasonal price and totals the booking at it (R-SVC-3)", async () => {
    stubApi({
      'services.publicGet': {
        body: publicServiceWire({
          ...service,
          rate: 40,
          rateType: 'FIXED',
          availability: [
            {
              date: '2030-12-07',
              startTime: '10:00',
              endTime: '12:00',
              slotsAvailable: 4,
              rate: 40,
              rateType: 'FIXED',
            },
            {
              date: '2030-12-24',
              startTime: '10:00',
              endTime: '12:00',
              slotsAvailable: 4,
              rate: 55,
              rateType: 'FIXED',
            },
          ],
        }),
      },
    });
    renderPage();
    const [plain, holiday] = await screen.findAllByTestId('slot-button');
    expect(within(plain!).queryByTestId('slot-price')).toBeNull();
    expect(within(holiday!).getByTestId('slot-price').textContent).toContain('$55.00');
    fireEvent.click(holiday!);
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByTestId('booking-total').textContent).toContain('$55.00');
  });

  // R-PLAT-11: the first paint does not wait for the answer.
  describe('first paint', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('shows the page and its slots heading while the answer is on its way', async () => {
      vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
      renderPage();
      const shell = await screen.findByTestId('public-service-loading');
      expect(shell.getAttribute('aria-busy')).toBe('true');
      expect(within(shell).getByRole('heading', { level: 2 }).textContent).toBe('Available Time Slots');
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    });

    it('offers the photo in the two sizes the resize Lambda writes, the phone-sized one by default', async () => {
      stubApi({
        'services.publicGet': {
          body: publicServiceWire({
            name: 'Sunset Kayak Tour',
            photoUrls: { medium: 'https://cdn.test/m.webp', large: 'https://cdn.test/l.webp' },
          }),
        },
      });
      renderPage();
      const img = await screen.findByRole('img', { name: 'Sunset Kayak Tour' });
      expect(img.getAttribute('src')).toBe('https://cdn.test/m.webp');
      expect(img.getAttribute('srcset')).toBe('https://cdn.test/m.webp 800w, https://cdn.test/l.webp 1600w');
      expect(img.getAttribute('sizes')).toBe('(min-width: 48rem) 48rem, 100vw');
    });
  });

  it("checks the form with the request's own schema: the server's messages under their fields (R-BOOK-3)", async () => {
    const calls = stubApi({ 'services.publicGet': { body: service } });
    renderPage();
    fireEvent.click(await screen.findByTestId('slot-button'));
    const modal = await screen.findByRole('dialog');
    fireEvent.change(within(modal).getByLabelText(/Email/i), { target: { value: 'not-an-address' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Book Now' }));
    await within(modal).findByText('First name is required');
    within(modal).getByText('Last name is required');
    within(modal).getByText('Phone number is required');
    expect(within(modal).queryByText('Email address is required')).toBeNull();
    // A corrected field clears its message at once.
    fireEvent.change(within(modal).getByLabelText(/First name/i), { target: { value: 'Ada' } });
    await waitFor(() => expect(within(modal).queryByText('First name is required')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('counts tickets per type with their line totals and the sum, and sends them (R-SVC-13)', async () => {
    const calls = stubApi({
      'services.publicGet': {
        body: publicServiceWire({
          name: 'Sunset Kayak Tour',
          rate: 40,
          rateType: 'PER_PERSON',
          timeZone: 'America/Los_Angeles',
          availability: [{ date: '2030-12-07', startTime: '10:00', endTime: '12:00', slotsAvailable: 4 }],
          ticketTypes: [
            { id: 'a', name: 'Adult', rate: 25.5 },
            { id: 'c', name: 'Child', rate: 10 },
          ],
        }),
      },
      'services.publicBook': { status: 500, body: { error: 'X', message: 'stop here' } },
    });
    renderPage();
    expect((await screen.findByTestId('public-rate')).textContent).toBe('Adult $25.50 · Child $10.00');
    fireEvent.click(await screen.findByTestId('slot-button'));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).queryByLabelText('Participants')).toBeNull();
    fireEvent.change(within(modal).getByLabelText(/First name/i), { target: { value: 'Ada' } });
    fireEvent.change(within(modal).getByLabelText(/Last name/i), { target: { value: 'Lovelace' } });
    fireEvent.change(within(modal).getByLabelText(/Phone/i), { target: { value: '5551234567' } });
    fireEvent.change(within(modal).getByLabelText(/Email/i), { target: { value: 'ada@example.com' } });
    // One ticket of the first type to start; none at all is refused with the server's text.
    expect((within(modal).getByLabelText(/Adult/) as HTMLSelectElement).value).toBe('1');
    fireEvent.change(within(modal).getByLabelText(/Adult/), { target: { value: '0' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Book Now' }));
    await within(modal).findByText('Choose at least one ticket');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText(/Adult/), { target: { value: '2' } });
    fireEvent.change(within(modal).getByLabelText(/Child/), { target: { value: '1' } });
    await waitFor(() => expect(within(modal).queryByText('Choose at least one ticket')).toBeNull());
    expect(
      within(modal)
        .getAllByTestId('ticket-line-total')
        .map((e) => e.textContent),
    ).toEqual(['$51.00', '$10.00']);
    expect(within(modal).getByTestId('booking-total').textContent).toContain('$61.00');
    fireEvent.click(within(modal).getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body));
    expect(body.tickets).toEqual([
      { typeId: 'a', count: 2 },
      { typeId: 'c', count: 1 },
    ]);
    expect(body.participantCount).toBe(3);
  });

  it('a failed booking says why and offers the way back to the slots', async () => {
    stubApi({
      'services.publicGet': { body: service },
      'services.publicBook': { status: 409, body: { error: 'CONFLICT', message: 'Only 0 spots left' } },
    });
    renderPage();
    await fillAndBook();
    expect((await screen.findByTestId('public-error')).textContent).toBe('Booking failed: Only 0 spots left');
    fireEvent.click(screen.getByRole('button', { name: 'Back to available times' }));
    await waitFor(() => screen.getByTestId('slot-button'));
  });
});
