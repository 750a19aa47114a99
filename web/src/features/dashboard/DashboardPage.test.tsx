import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubPaths } from '../../test-utils.js';
import { reservation, signIn, user } from '../reservations/fixtures.test-helpers.js';

vi.setConfig({ testTimeout: 30_000 });

const admin = user('BUSINESS_ADMIN');
/** An ACTIVE item reservation as GET /api/reservations/integration/all answers it (the reservations feature's fixture). */
const listed = (i: number) =>
  reservation({
    id: `r${i}`,
    reservationNumber: `RES-00000${i}`,
    customerId: `c${i}`,
    customer: { id: `c${i}`, firstName: `Cust${i}`, lastName: 'Doe', phone: '5551234567', email: null, address: null },
  });
const statsAnswers = {
  'GET /api/inventory/items/stats/overview': {
    body: {
      total: 14,
      statusCounts: { AVAILABLE: 7, IN_USE: 2, MAINTENANCE_REQUIRED: 1, OUT_OF_SERVICE: 2 },
      byStatus: { AVAILABLE: 7, IN_USE: 2, MAINTENANCE: 1, OUT_OF_SERVICE: 2, DAMAGED: 2 },
      maintenanceDue: 3,
    },
  },
  'GET /api/reservations/integration/stats/overview': {
    body: { active: 4, total: 9, completed: 4, cancelled: 1, overdue: 0, noShowsThisWeek: 3 },
  },
  'GET /api/customers/stats/overview': { body: { total: 5 } },
  'GET /api/payments/stats/overview': { body: { totalAmount: 120.5, refundedAmount: 4.25, count: 3 } },
};
const activeAnswer = {
  body: {
    reservations: Array.from({ length: 10 }, (_, i) => listed(i + 1)),
    counts: { all: 10, active: 10, completed: 0, cancelled: 0, overdue: 0 },
    pagination: { limit: 10, nextCursor: 'r10', total: 14 },
  },
};

afterEach(() => localStorage.clear());

describe('dashboard', () => {
  it('shows the stat cards, six tiles, quick actions, recent activity and 5 of the 10 active reservations; compact shows 3', async () => {
    signIn(admin);
    const calls = stubPaths({ ...statsAnswers, 'GET /api/reservations/integration/all': activeAnswer });
    renderApp('/acme/dashboard');
    await screen.findByText('$120.50', {}, { timeout: 20_000 });
    expect(screen.getByTestId('stat-Inventory Items').textContent).toBe('14');
    expect(screen.getByTestId('stat-Active Reservations').textContent).toBe('4');
    expect(screen.getByTestId('stat-Customers').textContent).toBe('5');
    // R-DASH-6: the payments card names what it shows, with what was paid back.
    expect(screen.getByTestId('stat-Collected').textContent).toBe('$120.50');
    screen.getByText('Refunded $4.25 already taken off');
    const overview = screen.getByRole('region', { name: 'Activity Overview' });
    for (const label of [
      'Available',
      'In Use',
      'Total Reservations',
      'Maintenance',
      'Out of Service',
      'Maintenance Due',
      'No-shows This Week',
    ])
      within(overview).getByText(label);
    // R-RES-12: this week's no-shows, from the reservations' counters.
    expect(within(overview).getByText('No-shows This Week').previousElementSibling?.textContent).toBe('3');
    const quick = screen.getByRole('region', { name: 'Quick Actions' });
    expect(
      within(quick)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['New Reservation', '/acme/reservations'],
      ['Active Reservations', '/acme/reservations?status=active'],
      ['Daily Report', '/acme/reports'],
      ['Manage Inventory', '/acme/inventory'],
    ]);
    expect(screen.getByRole('link', { name: 'Customers', hidden: false }).getAttribute('href')).toBe('/acme/customers');
    expect(screen.getByRole('link', { name: /2 items out of service/ }).getAttribute('href')).toBe(
      '/acme/inventory?status=out-of-service',
    );
    const active = await screen.findByRole('list', { name: 'Active reservations' });
    expect(within(active).getAllByRole('listitem')).toHaveLength(5);
    expect(
      calls.some(
        (c) =>
          c.url.includes('/api/reservations/integration/all') &&
          c.url.includes('status=ACTIVE') &&
          c.url.includes('limit=10'),
      ),
    ).toBe(true);
    screen.getByText(/Last updated/);
    expect(screen.queryByText('Data from cache')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Compact' }));
    expect(within(screen.getByRole('list', { name: 'Active reservations' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it("shows each section's own error: statistics when every call fails, active reservations with the list emptied", async () => {
    signIn(admin);
    const down = { status: 500, body: { error: 'InternalError', message: 'Database unavailable' } };
    stubPaths({
      'GET /api/inventory/items/stats/overview': down,
      'GET /api/reservations/integration/stats/overview': down,
      'GET /api/customers/stats/overview': down,
      'GET /api/payments/stats/overview': down,
      'GET /api/reservations/integration/all': down,
    });
    renderApp('/acme/dashboard');
    await screen.findByText('Failed to load statistics', {}, { timeout: 20_000 });
    screen.getByText('Failed to load dashboard statistics: Database unavailable');
    await screen.findByText('Failed to load active reservations: Database unavailable');
    expect(screen.queryByRole('list', { name: 'Active reservations' })).toBeNull();
  });

  it('counts a single failed call as zeros and shows cached numbers as such', async () => {
    signIn(admin);
    stubPaths({
      ...statsAnswers,
      'GET /api/payments/stats/overview': { status: 500, body: { message: 'x' } },
      'GET /api/reservations/integration/all': activeAnswer,
    });
    renderApp('/acme/dashboard');
    await screen.findByText('$0.00', {}, { timeout: 20_000 });
    expect(screen.queryByText('Failed to load statistics')).toBeNull();
  });

  it('uses the 5-minute browser cache with "Data from cache"', async () => {
    signIn(admin);
    const cached = {
      stats: {
        inventory: {
          total: 99,
          statusCounts: { AVAILABLE: 1, IN_USE: 0, MAINTENANCE_REQUIRED: 0, OUT_OF_SERVICE: 0 },
          maintenanceDue: 0,
        },
        reservations: { active: 0, total: 0 },
        customers: { total: 0 },
        payments: { totalAmount: 0, refundedAmount: 0 },
      },
      at: Date.now() - 60_000,
    };
    localStorage.setItem('dashboard-stats:o1/u1', JSON.stringify(cached));
    const calls = stubPaths({ ...statsAnswers, 'GET /api/reservations/integration/all': activeAnswer });
    renderApp('/acme/dashboard');
    await screen.findByText('Data from cache', {}, { timeout: 20_000 });
    expect(screen.getByTestId('stat-Inventory Items').textContent).toBe('99');
    expect(calls.some((c) => c.url.includes('/stats/overview'))).toBe(false);
  });

  it('hides what dashboard.viewStats and dashboard.viewActivity deny', async () => {
    signIn(user('EMPLOYEE', 'EMPLOYEE'));
    const calls = stubPaths({
      ...statsAnswers,
      'GET /api/reservations/integration/all': activeAnswer,
      'GET /api/settings/permissions/mine': {
        body: {
          role: 'EMPLOYEE',
          policyRole: 'EMPLOYEE',
          permissions: { 'dashboard.viewStats': false, 'dashboard.viewActivity': false },
        },
      },
    });
    renderApp('/acme/dashboard');
    await screen.findByText('Quick Actions', {}, { timeout: 20_000 });
    await vi.waitFor(() => expect(screen.queryByTestId('stat-Inventory Items')).toBeNull());
    expect(screen.queryByText('Recent Activity')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Active Reservations' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Activity Overview' })).toBeNull();
    expect(calls.some((c) => c.url.includes('permissions/mine'))).toBe(true);
  });

  it("leaves out a switched-off module's cards, tiles, quick actions and list, and never calls its API", async () => {
    signIn(admin);
    const calls = stubPaths({
      ...statsAnswers,
      'GET /api/reservations/integration/all': activeAnswer,
      'GET /api/organization/modules': { body: { disabled: ['reservations', 'payments', 'reports'] } },
    });
    renderApp('/acme/dashboard');
    await vi.waitFor(() => expect(screen.getByTestId('stat-Inventory Items').textContent).toBe('14'), {
      timeout: 20_000,
    });
    expect(screen.getByTestId('stat-Customers').textContent).toBe('5');
    expect(screen.queryByTestId('stat-Active Reservations')).toBeNull();
    expect(screen.queryByTestId('stat-Collected')).toBeNull();
    const overview = screen.getByRole('region', { name: 'Activity Overview' });
    expect(within(overview).queryByText('Total Reservations')).toBeNull();
    within(overview).getByText('Available');
    const quick = screen.getByRole('region', { name: 'Quick Actions' });
    expect(
      within(quick)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Manage Inventory']);
    expect(screen.queryByRole('region', { name: 'Active Reservations' })).toBeNull();
    expect(screen.queryByText(/not enabled/)).toBeNull();
    expect(screen.queryByText(/active reservation/)).toBeNull();
    expect(calls.some((c) => c.url.includes('/api/reservations/') || c.url.includes('/api/payments/'))).toBe(false);
  });
});
