/** R-RES-12 on the Reservations page: the No-show badge, the No-show chip (a server filter) and the details dialog's action. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findModal, renderApp, stubApi } from '../../test-utils.js';
import type { RouteStubs } from '../../test-api.js';
import { detail, listAnswer, reservation, signIn, user } from './fixtures.test-helpers.js';

vi.setConfig({ testTimeout: 40_000 });

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const counts = { all: 3, active: 2, completed: 0, cancelled: 1, overdue: 0, noShow: 1 };
/** Started an hour ago, not yet returned: may be marked. */
const started = reservation({
  id: 'r1',
  reservationNumber: 'RES-000001',
  startTime: new Date(Date.now() - 3600_000).toISOString(),
  endTime: new Date(Date.now() + 3600_000).toISOString(),
});
/** Starts tomorrow: too early. */
const upcoming = reservation({
  id: 'r2',
  reservationNumber: 'RES-000002',
  startTime: new Date(Date.now() + 86_400_000).toISOString(),
  endTime: new Date(Date.now() + 86_400_000 + 7200_000).toISOString(),
});
const missed = reservation({ id: 'r3', reservationNumber: 'RES-000003', status: 'CANCELLED', noShow: true });

function stubPage(extra: RouteStubs = {}) {
  return stubApi({
    'reservations.list': (c) => ({
      body: listAnswer(c.query.get('noShow') === 'true' ? [missed] : [started, upcoming, missed], counts),
    }),
    'reservations.statsOverview': { body: { active: 2, total: 3, completed: 0, cancelled: 1, overdue: 0 } },
    'services.list': { body: [] },
    ...extra,
  });
}

describe('no-shows on the reservations page (R-RES-12)', () => {
  it('badges a no-show beside its status and filters the list on the server with the No-show chip', async () => {
    signIn(user('BUSINESS_ADMIN'));
    const calls = stubPage();
    renderApp('/acme/reservations');
    const row = (await screen.findByText('RES-000003', {}, { timeout: 20_000 })).closest('tr')!;
    within(row).getByText('Cancelled');
    within(row).getByText('No-show');
    expect(within(screen.getByText('RES-000001').closest('tr')!).queryByText('No-show')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'No-show (1)' }));
    await waitFor(() => expect(screen.queryByText('RES-000001')).toBeNull());
    screen.getByText('RES-000003');
    const asked = calls.filter((c) => c.id === 'reservations.list').at(-1)!;
    expect(asked.query.get('noShow')).toBe('true');
    // The chip is a filter of its own, not a status the API would refuse.
    expect(asked.query.get('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'No-show (1)' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers Mark as no-show once the start has passed, confirms, and sends it', async () => {
    signIn(user('BUSINESS_ADMIN'));
    const calls = stubPage({
      'reservations.get': (c) => ({
        body: { success: true, data: detail(c.params.id === 'r1' ? started : upcoming) },
      }),
      'reservations.noShow': {
        body: {
          success: true,
          message: 'Reservation marked as a no-show',
          data: { ...started, status: 'CANCELLED', noShow: true },
        },
      },
    });
    renderApp('/acme/reservations');

    // Not yet started: no action.
    fireEvent.click(await screen.findByRole('button', { name: 'Details of RES-000002' }, { timeout: 20_000 }));
    let dialog = await findModal(/Reservation Details · RES-000002/);
    await within(dialog).findByText('Price breakdown');
    expect(within(dialog).queryByRole('button', { name: 'Mark as no-show' })).toBeNull();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByText(/Reservation Details · RES-000002/)).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Details of RES-000001' }));
    dialog = await findModal(/Reservation Details · RES-000001/);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Mark as no-show' }));
    await screen.findByText(/It will be cancelled, its item or places freed/);
    expect(calls.some((c) => c.id === 'reservations.noShow')).toBe(false);
    const confirmButtons = screen.getAllByRole('button', { name: 'Mark as no-show' });
    fireEvent.click(confirmButtons.at(-1)!);
    await screen.findByText('Reservation marked as a no-show');
    const sent = calls.filter((c) => c.id === 'reservations.noShow');
    expect(sent.map((c) => c.params.id)).toEqual(['r1']);
  });

  it('hides the action from someone the matrix denies cancelling', async () => {
    signIn(user('EMPLOYEE', 'EMPLOYEE'));
    stubPage({
      'settings.myPermissions': {
        body: {
          role: 'EMPLOYEE',
          policyRole: 'EMPLOYEE',
          permissions: { 'reservations.cancel': false, 'reservations.view': true },
        },
      },
      'reservations.get': { body: { success: true, data: detail(started) } },
    });
    renderApp('/acme/reservations');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of RES-000001' }, { timeout: 20_000 }));
    const dialog = await findModal(/Reservation Details · RES-000001/);
    await within(dialog).findByText('Price breakdown');
    // The permissions answer lands after the first render: wait for it to take the button away.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Mark as no-show' })).toBeNull());
  });
});
