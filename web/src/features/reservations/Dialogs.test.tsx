import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../test-utils.js';
import type { RouteStubs } from '../../test-api.js';
import { staffServiceWire } from '../services/fixtures.test-helpers.js';
import { listAnswer, reservation, signIn, user } from './fixtures.test-helpers.js';

vi.setConfig({ testTimeout: 40_000 });

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const day = (n: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const service = staffServiceWire({
  id: 'svc1',
  name: 'Kayak Tour',
  rate: 30,
  rateType: 'PER_PERSON',
  availability: [
    { date: day(10), startTime: '09:00', endTime: '11:00', slotsAvailable: 6, originalSlotsAvailable: 6 },
    // original missing: 1 left is estimated as 4 places, 25 % free: yellow
    { date: day(11), startTime: '09:00', endTime: '11:00', slotsAvailable: 1 },
    { date: day(12), startTime: '09:00', endTime: '11:00', slotsAvailable: 0, originalSlotsAvailable: 4 },
  ],
  rsvpSettings: { maxParticipants: 8, enablePublicBookings: true },
});

/** Started 3 hours ago for 2 hours: about an hour late. */
const late = () =>
  reservation({
    startTime: new Date(Date.now() - 3 * 3600_000).toISOString(),
    endTime: new Date(Date.now() - 3600_000).toISOString(),
    isOverdue: true,
  });

function stubBase(extra: RouteStubs = {}) {
  return stubApi({
    'reservations.list': { body: listAnswer([late()]) },
    'reservations.statsOverview': {
      body: { active: 1, total: 1, completed: 0, cancelled: 0, overdue: 1 },
    },
    'services.list': { body: [service] },
    'reservations.availableItems': {
      body: {
        items: [
          {
            id: 'i1',
            itemNumber: 'GC-001',
            name: 'Golf Cart',
            productType: { id: 't1', name: 'Golf Cart' },
            productVariant: null,
            condition: 'GOOD',
            status: 'AVAILABLE',
            hourlyRate: 25,
            rates: [],
          },
        ],
        openingHoursNote: null,
      },
    },
    // The API answers the rate as a bare number (settings.taxRate).
    'settings.taxRate': { body: 10 },
    ...extra,
  });
}

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'New Reservation' }, { timeout: 20_000 }));
  return screen.findByRole('dialog', { name: 'New Reservation' });
}

describe('create reservation dialog (R-RES-1, R-RES-2)', () => {
  it('asks for the customer and an item, then sends the item body with the deposit', async () => {
    signIn(user('BUSINESS_ADMIN'));
    const calls = stubBase({
      'reservations.createItem': {
        status: 201,
        body: { success: true, message: 'ok', data: reservation({ reservationNumber: 'RES-000042' }) },
      },
    });
    renderApp('/acme/reservations');
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reservation' }));
    await within(dialog).findByText('First name is required');
    within(dialog).getByText('Phone number is required');
    within(dialog).getByText('Please select either an inventory item or a service.');

    fireEvent.change(within(dialog).getByLabelText(/First name/), { target: { value: 'Jane' } });
    fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: 'Doe' } });
    fireEvent.change(within(dialog).getByLabelText(/Phone/), { target: { value: '555 123 4567' } });
    const item = within(dialog).getByLabelText(/Inventory item/) as HTMLSelectElement;
    await waitFor(() => expect(item.options.length).toBe(2));
    fireEvent.change(item, { target: { value: 'i1' } });
    await within(dialog).findByText('$50.00'); // 2 hours (default) × $25
    fireEvent.change(within(dialog).getByLabelText(/Deposit amount/), { target: { value: '20' } });
    const cash = within(dialog).getByRole('checkbox', { name: 'Cash' }) as HTMLInputElement;
    fireEvent.click(cash);
    await waitFor(() => expect(cash.checked).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reservation' }));
    await screen.findByText('Reservation RES-000042 created');
    const post = calls.find((c) => c.id === 'reservations.createItem')!;
    const body = JSON.parse(String(post.init?.body));
    expect(body.customer).toEqual({ firstName: 'Jane', lastName: 'Doe', phone: '555 123 4567' });
    expect(body.reservation).toMatchObject({
      inventoryItemId: 'i1',
      reservationDuration: 2,
      depositAmount: 20,
      depositType: { cash: true, credit: false },
    });
    expect(body.reservation.startTime).toMatch(/Z$/);
    expect(
      calls.some((c) => c.url.includes('/api/reservations/available-items?startTime=') && c.url.includes('hours=2')),
    ).toBe(true);
  });

  it('books a service through the calendar: colours, clickable dates, slot required, participants', async () => {
    signIn(user('BUSINESS_ADMIN'));
    const calls = stubBase({
      'reservations.createService': {
        status: 201,
        body: { success: true, message: 'ok', data: reservation({ reservationNumber: 'RES-000043', kind: 'SERVICE' }) },
      },
    });
    renderApp('/acme/reservations');
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book a service' }));
    fireEvent.change(within(dialog).getByLabelText(/First name/), { target: { value: 'Walk' } });
    fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: 'In' } });
    fireEvent.change(within(dialog).getByLabelText(/Phone/), { target: { value: '5550001111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reservation' }));
    await within(dialog).findByText('Please select a service.');

    fireEvent.change(within(dialog).getByLabelText(/^Service/), { target: { value: 'svc1' } });
    const green = await within(dialog).findByRole('button', { name: `${day(10)}: 6 of 6 places free` });
    const yellow = within(dialog).getByRole('button', { name: `${day(11)}: 1 of 4 places free` });
    const red = within(dialog).getByRole('button', { name: `${day(12)}: 0 of 4 places free` });
    expect([green.dataset.colour, yellow.dataset.colour, red.dataset.colour]).toEqual(['green', 'yellow', 'red']);
    expect((red as HTMLButtonElement).disabled).toBe(true);
    expect((green as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reservation' }));
    await within(dialog).findByText('Please select a time slot for the service.');
    fireEvent.click(green);
    fireEvent.click(await within(dialog).findByRole('radio', { name: /09:00 - 11:00 · 6 left/ }));
    await waitFor(() => expect(within(dialog).queryByText('Please select a time slot for the service.')).toBeNull());
    fireEvent.change(await within(dialog).findByLabelText(/Participants/), { target: { value: '3' } });
    await within(dialog).findByText('$90.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reservation' }));
    await screen.findByText('Reservation RES-000043 created');
    const post = calls.find((c) => c.id === 'reservations.createService')!;
    expect(JSON.parse(String(post.init?.body)).reservation).toMatchObject({
      serviceId: 'svc1',
      availabilitySlots: [{ date: day(10), startTime: '09:00', endTime: '11:00' }],
      participantCount: 3,
    });
  });

  it('says so when a service has no availability, and prefixes a refused create', async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubBase({
      'services.list': { body: [{ ...service, availability: '[]' }] },
      'reservations.createItem': {
        status: 409,
        body: { error: 'Conflict', message: 'GC-001 is already booked then (RES-000007)' },
      },
    });
    renderApp('/acme/reservations');
    const dialog = await openCreate();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book a service' }));
    fireEvent.change(within(dialog).getByLabelText(/^Service/), { target: { value: 'svc1' } });
    await within(dialog).findByText('No availability configured for this service.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book an item' }));
    fireEvent.change(within(dialog).getByLabelText(/First name/), { target: { value: 'Jane' } });
    fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: 'Doe' } });
    fireEvent.change(within(dialog).getByLabelText(/Phone/), { target: { value: '5551234567' } });
    const item = within(dialog).getByLabelText(/Inventory item/) as HTMLSelectElement;
    await waitFor(() => expect(item.options.length).toBe(2));
    fireEvent.change(item, { target: { value: 'i1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reservation' }));
    await screen.findByText('Failed to create reservation: GC-001 is already booked then (RES-000007)');
  });
});

describe('rentals of days (R-RES-15)', () => {
  const kayak = {
    id: 'k1',
    itemNumber: 'KY-7',
    name: 'Kayak',
    productType: { id: 't2', name: 'Kayak' },
    productVariant: null,
    condition: 'GOOD',
    status: 'AVAILABLE',
    hourlyRate: 12.5,
    dailyRate: 60,
    weeklyRate: 300,
    rates: [],
  };

  const CLOSED_NOTE = 'Ends on Sun, Jul 5, 2026, when the store is closed';

  it('books days: the estimate by the shared rule says which rate applied, per day when chosen; an opening-hours note warns without stopping', async () => {
    signIn(user('BUSINESS_ADMIN'));
    const calls = stubBase({
      // R-RES-16: the server's opening-hours note shows as a warning; the booking is still made.
      'reservations.availableItems': { body: { items: [kayak], openingHoursNote: CLOSED_NOTE } },
      'reservations.createItem': {
        status: 201,
        body: { success: true, message: 'ok', data: reservation({ reservationNumber: 'RES-000043' }) },
      },
    });
    renderApp('/acme/reservations');
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByLabelText(/First name/), { target: { value: 'Jane' } });
    fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: 'Doe' } });
    fireEvent.change(within(dialog).getByLabelText(/Phone/), { target: { value: '555 123 4567' } });
    const item = within(dialog).getByLabelText(/Inventory item/) as HTMLSelectElement;
    await waitFor(() => expect(item.options.length).toBe(2));
    within(dialog).getByText(CLOSED_NOTE);
    fireEvent.change(item, { target: { value: 'k1' } });
    // 3 hours: by the hour
    fireEvent.change(within(dialog).getByLabelText(/^Duration/), { target: { value: '3' } });
    await within(dialog).findByText('$37.50');
    expect(within(dialog).queryByText('Daily rate applied')).toBeNull();
    // 8 hours: a day is cheaper
    fireEvent.change(within(dialog).getByLabelText(/^Duration/), { target: { value: '8' } });
    await within(dialog).findByText('$60.00');
    within(dialog).getByText('Daily rate applied');
    // 3 days
    fireEvent.change(within(dialog).getByLabelText(/^Unit/), { target: { value: 'days' } });
    fireEvent.change(within(dialog).getByLabelText(/^Duration/), { target: { value: '3' } });
    await within(dialog).findByText('$180.00');
    within(dialog).getByText('Daily rate applied');
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('available-items') && c.url.includes('hours=72'))).toBe(true),
    );
    // 7 days: the week is cheaper, unless per day is chosen
    fireEvent.change(within(dialog).getByLabelText(/^Duration/), { target: { value: '7' } });
    await within(dialog).findByText('$300.00');
    within(dialog).getByText('Weekly rate applied');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Price per day' }));
    await within(dialog).findByText('$420.00');
    within(dialog).getByText('Daily rate applied');
    // over 30 days: the server's message, nothing sent
    fireEvent.change(within(dialog).getByLabelText(/^Duration/), { target: { value: '31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reservation' }));
    await within(dialog).findByText('Duration must be whole hours from 1 hour to 30 days');
    expect(calls.some((c) => c.id === 'reservations.createItem')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Duration/), { target: { value: '7' } });
    await waitFor(() => expect(item.options.length).toBe(2));
    fireEvent.change(item, { target: { value: 'k1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Reservation' }));
    await screen.findByText('Reservation RES-000043 created');
    const body = JSON.parse(String(calls.find((c) => c.id === 'reservations.createItem')!.init?.body));
    expect(body.reservation).toMatchObject({ inventoryItemId: 'k1', reservationDuration: 168, pricing: 'daily' });
  });
});

describe('return dialog (R-RES-5, R-RES-6)', () => {
  async function openReturn() {
    fireEvent.click(await screen.findByRole('button', { name: 'Process return of RES-000001' }, { timeout: 20_000 }));
    return screen.findByRole('dialog', { name: 'Process Return' });
  }

  it('locks amount on hours and hours on amount; cash and credit exclude each other', async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubBase();
    renderApp('/acme/reservations');
    const dialog = await openReturn();
    const hours = within(dialog).getByLabelText('Refund hours') as HTMLInputElement;
    const amount = within(dialog).getByLabelText(/Refund amount/) as HTMLInputElement;
    fireEvent.change(hours, { target: { value: '1' } });
    expect(amount.disabled).toBe(true);
    expect(amount.value).toBe('25.00');
    fireEvent.change(hours, { target: { value: '' } });
    expect(amount.disabled).toBe(false);
    fireEvent.change(amount, { target: { value: '10' } });
    expect(hours.disabled).toBe(true);
    const cash = within(dialog).getByRole('checkbox', { name: 'Cash' }) as HTMLInputElement;
    const credit = within(dialog).getByRole('checkbox', { name: 'Credit' }) as HTMLInputElement;
    fireEvent.click(cash);
    await waitFor(() => expect(cash.checked).toBe(true));
    fireEvent.click(credit);
    await waitFor(() => expect(credit.checked).toBe(true));
    await waitFor(() => expect(cash.checked).toBe(false));
  });

  it('refuses a refund without a method or above the total, then returns and shows the server charges', async () => {
    signIn(user('BUSINESS_ADMIN'));
    const charges = {
      reservationDuration: 2,
      baseAmount: 50,
      overageHours: 3,
      overageAmount: 75,
      refundHours: 0,
      refundAmount: 10,
      hourlyRate: 25,
      subtotal: 115,
      taxRate: 10,
      taxAmount: 11.5,
      totalAmount: 126.5,
    };
    const calls = stubBase({
      'reservations.processReturn': {
        body: {
          success: true,
          message: 'Return processed successfully',
          charges,
          data: reservation({ status: 'COMPLETED' }),
        },
      },
    });
    renderApp('/acme/reservations');
    const dialog = await openReturn();
    const amount = within(dialog).getByLabelText(/Refund amount/) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Process Return' }));
    await within(dialog).findByText('Please select either Cash or Credit (or both) for the refund payment method.');
    // base $50 + about an hour of overage at $25: $999 is beyond the total
    fireEvent.change(amount, { target: { value: '999' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Credit' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Process Return' }));
    await within(dialog).findByText(
      /^Refund amount cannot exceed the total reservation amount \(\$[\d,.]+\)\. Please adjust the refund amount\.$/,
    );
    fireEvent.change(amount, { target: { value: '10' } });
    // docs/decisions/0024-words-and-states.md: the message goes once the amount is right, before the next submit.
    await waitFor(() => expect(within(dialog).queryByText(/Refund amount cannot exceed/)).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Process Return' }));
    const done = await screen.findByRole('dialog', { name: 'Return processed' });
    within(done).getByText('$126.50');
    within(done).getByText('Tax (10%)');
    // It only reports: Close, and no Cancel beside it.
    expect(within(done).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(done).getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
    const post = calls.find((c) => c.id === 'reservations.processReturn')!;
    expect(JSON.parse(String(post.init?.body)).refund).toMatchObject({
      amount: 10,
      credit: true,
      cash: false,
      manualEntry: 'amount',
    });
  });

  it('refuses a return time less than 5 minutes after the start', async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubBase();
    renderApp('/acme/reservations');
    const dialog = await openReturn();
    fireEvent.change(within(dialog).getByLabelText(/Actual return time/), { target: { value: '2019-12-31T00:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Process Return' }));
    await within(dialog).findByText(
      /^Return time must be at least 5 minutes after the reservation start time \(.+\)\. Please select a valid return time\.$/,
    );
  });
});
