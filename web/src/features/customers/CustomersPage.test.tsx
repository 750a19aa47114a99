import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubPaths } from '../../test-utils.js';

vi.setConfig({ testTimeout: 30_000 });

const owner = {
  id: 'u1',
  role: 'BUSINESS_ADMIN',
  accessLevel: null,
  firstName: 'Sam',
  lastName: 'Owner',
  organizationId: 'o1',
  organization: { name: 'Acme', subdomain: 'acme' },
};
function signIn() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(owner));
}
const rosa = {
  id: 'c1',
  firstName: 'Rosa',
  lastName: 'Parks',
  phone: '5558675309',
  email: 'rosa@example.com',
  address: '1 Main St',
  reservationCount: 2,
  noShowCount: 0,
  createdAt: '2026-03-05T12:00:00.000Z',
};
const page = (customers: unknown[], total = customers.length) => ({
  body: { customers, pagination: { page: 1, limit: 20, total, pages: Math.ceil(total / 20) } },
});

afterEach(() => localStorage.clear());

describe('customers page', () => {
  it('shows the count, rows with initials and a formatted phone, and View Details with the reservations', async () => {
    signIn();
    stubPaths({
      'GET /api/customers': page([rosa], 41),
      'GET /api/customers/c1': {
        body: {
          customer: {
            ...rosa,
            reservations: [
              {
                id: 'r1',
                reservationNumber: 'RES-000007',
                status: 'COMPLETED',
                kind: 'ITEM',
                itemName: 'GC-1 Golf Cart',
                startTime: '2026-03-06T10:00:00.000Z',
                reservationDuration: 3,
                totalAmount: 64.5,
                overageAmount: 12.25,
              },
            ],
          },
        },
      },
    });
    renderApp('/acme/customers');
    await screen.findByText('41 customers', {}, { timeout: 20_000 });
    const row = screen.getByText('Rosa Parks').closest('tr')!;
    within(row).getByText('RP');
    within(row).getByText('(555) 867-5309');
    within(row).getByText('1 Main St');
    screen.getByRole('navigation', { name: 'Pagination' });
    fireEvent.click(screen.getByRole('button', { name: 'View details of Rosa Parks' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('RES-000007');
    within(dialog).getByText('Customer since');
    within(dialog).getByText('Mar 5, 2026');
    within(dialog).getByText('GC-1 Golf Cart');
    // Each reservation of the history shows its date, in the organization's zone (R-TIME-5).
    within(dialog).getByText(/^Mar 6, 2026, \d{1,2}:\d{2} [AP]M/);
    within(dialog).getByText('$64.50');
    within(dialog).getByText('$12.25');
  });

  it('shows each customer’s no-shows, sorts by them, and names them in the details (R-RES-12)', async () => {
    signIn();
    const ann = { ...rosa, id: 'c2', firstName: 'Ann', lastName: 'Absent', noShowCount: 3 };
    const bob = { ...rosa, id: 'c3', firstName: 'Bob', lastName: 'Blank', noShowCount: 1 };
    stubPaths({
      'GET /api/customers': page([rosa, ann, bob]),
      'GET /api/customers/c2': { body: { customer: { ...ann, reservations: [] } } },
    });
    renderApp('/acme/customers');
    await screen.findByText('Ann Absent', {}, { timeout: 20_000 });
    within(screen.getByText('Ann Absent').closest('tr')!).getByLabelText('3 no-shows');
    within(screen.getByText('Rosa Parks').closest('tr')!).getByLabelText('0 no-shows');
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).queryByText(/Parks|Absent|Blank/)?.textContent);
    fireEvent.click(screen.getByRole('columnheader', { name: /No-shows/ }));
    await waitFor(() => expect(names()).toEqual(['Rosa Parks', 'Bob Blank', 'Ann Absent']));
    fireEvent.click(screen.getByRole('columnheader', { name: /No-shows/ }));
    await waitFor(() => expect(names()).toEqual(['Ann Absent', 'Bob Blank', 'Rosa Parks']));
    fireEvent.click(screen.getByRole('button', { name: 'View details of Ann Absent' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No-shows').nextElementSibling?.textContent).toBe('3');
  });

  it('shows the load error with Retry, never the empty state, and recovers', async () => {
    signIn();
    let fail = true;
    stubPaths({
      'GET /api/customers': () =>
        fail ? { status: 500, body: { error: 'InternalError', message: 'Database unavailable' } } : page([rosa]),
    });
    renderApp('/acme/customers');
    await screen.findByText('Failed to load customers', {}, { timeout: 20_000 });
    expect(screen.queryByText('No Customers Found')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Rosa Parks');
    screen.getByText('1 customer');
  });

  it('searches with the Search button and says when nothing matches', async () => {
    signIn();
    const calls = stubPaths({
      'GET /api/customers': () => (calls.at(-1)?.url.includes('search=') ? page([]) : page([rosa])),
    });
    renderApp('/acme/customers');
    await screen.findByText('Rosa Parks', {}, { timeout: 20_000 });
    fireEvent.change(screen.getByLabelText('Search customers'), { target: { value: 'zz top' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No Customers Found');
    screen.getByText('No customers match "zz top". Try a name, phone number or e-mail address.');
    expect(
      calls.some((c) => c.url.includes('search=zz+top') && c.url.includes('page=1') && c.url.includes('limit=20')),
    ).toBe(true);
  });

  it('says so when there are no customers at all', async () => {
    signIn();
    stubPaths({ 'GET /api/customers': page([]) });
    renderApp('/acme/customers');
    await screen.findByText('No Customers Found', {}, { timeout: 20_000 });
    await waitFor(() => screen.getByText('0 customers'));
  });
});
