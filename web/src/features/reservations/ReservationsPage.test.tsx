import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findModal, renderApp, stubPaths } from '../../test-utils.js';
import { detail, listAnswer, reservation, signIn, user } from './fixtures.test-helpers.js';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const stats = { active: 1, total: 3, completed: 1, cancelled: 1, overdue: 1 };
const overdue = reservation({
  id: 'r1',
  reservationNumber: 'RES-000001',
  isOverdue: true,
  endTime: '2020-01-01T10:00:00.000Z',
  startTime: '2020-01-01T08:00:00.000Z',
});
const completed = reservation({
  id: 'r2',
  reservationNumber: 'RES-000002',
  status: 'COMPLETED',
  customer: { id: 'c2', firstName: 'Bob', lastName: 'Ray', phone: '5559876543', email: null, address: null },
});
const cancelled = reservation({ id: 'r3', reservationNumber: 'RES-000003', status: 'CANCELLED' });

function stubPage(extra: Parameters<typeof stubPaths>[0] = {}) {
  return stubPaths({
    'GET /api/reservations/integration/all': {
      body: listAnswer([overdue, completed, cancelled], { all: 3, active: 1, completed: 1, cancelled: 1, overdue: 1 }),
    },
    'GET /api/reservations/integration/stats/overview': { body: stats },
    'GET /api/inventory/services': { body: [] },
    ...extra,
  });
}

// Chakra's tables and dialogs render slowly in jsdom on a shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

describe('reservations page', () => {
  it('lists item reservations with chip counts, overdue rows, last 4 phone digits and a manager’s actions', async () => {
    signIn(user('EMPLOYEE', 'MANAGER'));
    const calls = stubPage();
    renderApp('/acme/reservations');
    const row = await screen.findByText('RES-000001', {}, { timeout: 20_000 });
    const tr = row.closest('tr')!;
    within(tr).getByText('OVERDUE');
    within(tr).getByText('This reservation is overdue and may incur additional charges');
    within(tr).getByText('•••-4567');
    expect(screen.queryByText('(555) 123-4567')).toBeNull();
    // Status badges read as the spec's labels, never the raw enum (docs/decisions/0024-words-and-states.md).
    within(tr).getByText('Active');
    within(screen.getByText('RES-000002').closest('tr')!).getByText('Completed');
    within(screen.getByText('RES-000003').closest('tr')!).getByText('Cancelled');
    expect(screen.queryByText('COMPLETED')).toBeNull();
    screen.getByRole('button', { name: 'All (3)' });
    screen.getByRole('button', { name: 'Active (1)' });
    screen.getByRole('button', { name: 'Completed (1)' });
    screen.getByRole('button', { name: 'Cancelled (1)' });
    // Return and Cancel on the active one; Delete on completed and cancelled (manager)
    screen.getByRole('button', { name: 'Process return of RES-000001' });
    screen.getByRole('button', { name: 'Cancel RES-000001' });
    expect(screen.queryByRole('button', { name: 'Delete RES-000001' })).toBeNull();
    screen.getByRole('button', { name: 'Delete RES-000002' });
    screen.getByRole('button', { name: 'Delete RES-000003' });
    expect(calls.some((c) => c.url.includes('kind=ITEM') && c.url.includes('limit=25'))).toBe(true);
  });

  it('gives an ordinary employee no Delete', async () => {
    signIn(user('EMPLOYEE', 'EMPLOYEE'));
    stubPage();
    renderApp('/acme/reservations');
    await screen.findByText('RES-000002');
    expect(screen.queryByRole('button', { name: /^Delete RES/ })).toBeNull();
    screen.getByRole('button', { name: 'Cancel RES-000001' });
  });

  it('asks the server for the Completed chip with its return-date range, and Clear All Filters resets', async () => {
    signIn(user('BUSINESS_ADMIN'));
    const calls = stubPage();
    renderApp('/acme/reservations');
    fireEvent.click(await screen.findByRole('button', { name: 'Completed (1)' }));
    fireEvent.change(await screen.findByLabelText('Returned from'), { target: { value: '2030-05-01' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('status=COMPLETED') && c.url.includes('startDate=2030-05-01'))).toBe(
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    await waitFor(() => expect(screen.queryByLabelText('Returned from')).toBeNull());
  });

  it('shows the load failure with Retry, never an empty state', async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubPage({
      'GET /api/reservations/integration/all': { status: 500, body: { error: 'InternalError', message: 'boom' } },
    });
    renderApp('/acme/reservations');
    await screen.findByText('Failed to load reservations');
    screen.getByRole('button', { name: 'Retry' });
    expect(screen.queryByText('No Reservations Found')).toBeNull();
  });

  it('shows the empty state', async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubPage({ 'GET /api/reservations/integration/all': { body: listAnswer([]) } });
    renderApp('/acme/reservations');
    await screen.findByText('No Reservations Found');
  });

  it('cancels after confirming and shows the status-prefixed error', async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubPage({
      'POST /api/reservations/processing/r1/cancel': {
        status: 403,
        body: { error: 'Forbidden', message: 'Not allowed' },
      },
    });
    renderApp('/acme/reservations');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel RES-000001' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Reservation' }));
    await screen.findByText('Permission denied: Not allowed');
  });

  it('service rows have editable Paid?, Amount and Source saved to the server', async () => {
    signIn(user('BUSINESS_ADMIN'));
    const svc = reservation({
      id: 's1',
      reservationNumber: 'RES-000010',
      kind: 'SERVICE',
      serviceId: 'svc1',
      service: { id: 'svc1', name: 'Kayak Tour', rate: 30, rateType: 'PER_PERSON' },
      inventoryItemId: null,
      inventoryItem: null,
    });
    const calls = stubPage({
      'GET /api/reservations/integration/all': { body: listAnswer([svc]) },
      'POST /api/payments/service-tracking/batch': { body: { s1: { isPaid: false, amount: null, source: null } } },
      'PUT /api/payments/service-tracking/s1': {
        body: { reservationId: 's1', isPaid: true, amount: null, source: 'Venmo' },
      },
    });
    renderApp('/acme/reservations');
    fireEvent.click(await screen.findByRole('tab', { name: 'Services' }));
    await screen.findByText('Kayak Tour');
    expect(screen.queryByRole('button', { name: 'Process return of RES-000010' })).toBeNull();
    fireEvent.change(await screen.findByLabelText('Source RES-000010'), { target: { value: 'Venmo' } });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && String(c.init?.body).includes('"source":"Venmo"'))).toBe(true),
    );
  });

  it('details show the breakdown, payments, allergies in red, and Reprocess for a manager with its confirm and toast', async () => {
    signIn(user('EMPLOYEE', 'MANAGER'));
    const full = detail({
      ...completed,
      allergies: true,
      allergiesText: 'Peanuts',
      notes: 'Left the key at the desk',
      taxRate: 8.25,
      taxAmount: 4.13,
      totalAmount: 54.13,
      payments: [
        {
          id: 'p1',
          amount: 20,
          paymentType: 'DEPOSIT',
          paymentDate: '2030-05-01T14:00:00.000Z',
          method: 'Cash',
          paymentId: null,
          note: null,
          employee: { firstName: 'Ada', lastName: 'Lovelace' },
        },
      ],
    });
    const calls = stubPage({
      'GET /api/reservations/integration/r2': { body: { success: true, data: full } },
      'POST /api/reservations/processing/r2/reprocess': {
        body: { success: true, message: 'ok', data: { ...completed, status: 'ACTIVE' } },
      },
    });
    renderApp('/acme/reservations');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of RES-000002' }));
    const dialog = await findModal(/Reservation Details/);
    await within(dialog).findByText('Peanuts');
    within(dialog).getByText('Tax (8.25%)');
    within(dialog).getByText('$54.13');
    within(dialog).getByRole('table', { name: 'Payment history' });
    within(dialog).getByText('Left the key at the desk');
    expect(within(dialog).queryByRole('button', { name: 'Restore Reservation' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reprocess Reservation' }));
    await screen.findByText(
      'Are you sure you want to reprocess this reservation? This will reactivate the reservation and undo the return.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reprocess' }));
    await screen.findByText('Reservation reprocessed successfully! The reservation is active again.');
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/r2/reprocess'))).toBe(true);
  });

  it('an ordinary employee sees no Reprocess in details', async () => {
    signIn(user('EMPLOYEE', 'EMPLOYEE'));
    stubPage({ 'GET /api/reservations/integration/r2': { body: { success: true, data: detail(completed) } } });
    renderApp('/acme/reservations');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of RES-000002' }));
    const dialog = await screen.findByRole('dialog', { name: /Reservation Details/ });
    await within(dialog).findByText('Price breakdown');
    expect(within(dialog).queryByRole('button', { name: 'Reprocess Reservation' })).toBeNull();
  });

  it('breaks a service booking into its parts: the tier that applied, each add-on with rate, quantity and amount, tax (docs/decisions/0012-right-about-money.md)', async () => {
    signIn(user('BUSINESS_ADMIN'));
    const tour = detail({
      ...completed,
      kind: 'SERVICE',
      inventoryItemId: null,
      inventoryItem: null,
      serviceId: 's1',
      participantCount: 2,
      service: { id: 's1', name: 'Sunset Paddle Tour', rate: 55, rateType: 'PER_PERSON', tier: 'Summer' },
      addonNames: ['Photos', 'Lunch'],
      addons: [
        { name: 'Photos', rate: 5, rateType: 'FIXED', quantity: 1, amount: 5 },
        { name: 'Lunch', rate: 12, rateType: 'PER_PERSON', quantity: 2, amount: 24 },
      ],
      baseAmount: 139,
      subtotal: 139,
      taxRate: 8.25,
      taxAmount: 11.47,
      totalAmount: 150.47,
      overageAmount: 0,
      refundAmount: 0,
    });
    stubPage({ 'GET /api/reservations/integration/r2': { body: { success: true, data: tour } } });
    renderApp('/acme/reservations');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of RES-000002' }));
    const dialog = await screen.findByRole('dialog', { name: /Reservation Details/ });
    const parts = within(await within(dialog).findByRole('group', { name: 'Price breakdown' }));
    parts.getByText('Sunset Paddle Tour · Summer ($55.00/person × 2)');
    parts.getByText('$110.00');
    parts.getByText('Photos ($5.00 (fixed))');
    parts.getByText('Lunch ($12.00/person × 2)');
    parts.getByText('$24.00');
    parts.getByText('Tax (8.25%)');
    parts.getByText('$150.47');
  });

  it('shows a ticketed booking by its tickets, one line per type (R-SVC-13)', async () => {
    signIn(user('BUSINESS_ADMIN'));
    const tour = detail({
      ...completed,
      kind: 'SERVICE',
      inventoryItemId: null,
      inventoryItem: null,
      serviceId: 's1',
      participantCount: 3,
      service: { id: 's1', name: 'Harbour tour', rate: 99, rateType: 'PER_PERSON', tier: null },
      addonNames: [],
      addons: [],
      tickets: [
        { name: 'Adult', rate: 25.5, count: 2, amount: 51 },
        { name: 'Child', rate: 10, count: 1, amount: 10 },
      ],
      baseAmount: 61,
      subtotal: 61,
      taxRate: 0,
      taxAmount: 0,
      totalAmount: 61,
      overageAmount: 0,
      refundAmount: 0,
    });
    stubPage({ 'GET /api/reservations/integration/r2': { body: { success: true, data: tour } } });
    renderApp('/acme/reservations');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of RES-000002' }));
    const dialog = await screen.findByRole('dialog', { name: /Reservation Details/ });
    const parts = within(await within(dialog).findByRole('group', { name: 'Price breakdown' }));
    parts.getByText('Adult ticket ($25.50 × 2)');
    parts.getByText('$51.00');
    parts.getByText('Child ticket ($10.00 × 1)');
    expect(parts.queryByText(/Harbour tour/)).toBeNull();
    parts.getByText('3');
  });

  it('explains a deleted reservation (410) and a missing one (404)', async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubPage({
      'GET /api/reservations/integration/r2': {
        status: 410,
        body: { error: 'Gone', message: 'This reservation was deleted by Sam Owner at May 1, 2030, 10:00 AM.' },
      },
      'GET /api/reservations/integration/r3': {
        status: 404,
        body: { error: 'NotFound', message: 'Reservation not found' },
      },
    });
    renderApp('/acme/reservations');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of RES-000002' }));
    await screen.findByText('This reservation was deleted by Sam Owner at May 1, 2030, 10:00 AM.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of RES-000003' }));
    await screen.findByText('This reservation no longer exists (it may have been deleted).');
  });
});
