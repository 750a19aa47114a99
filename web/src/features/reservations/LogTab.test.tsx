import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubPaths } from '../../test-utils.js';
import { listAnswer, signIn, user } from './fixtures.test-helpers.js';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

// The page around the log tab: no reservations of its own.
function stubPage(extra: Parameters<typeof stubPaths>[0] = {}) {
  return stubPaths({
    'GET /api/reservations/integration/all': { body: listAnswer([]) },
    'GET /api/reservations/integration/stats/overview': {
      body: { active: 0, total: 0, completed: 0, cancelled: 0, overdue: 0 },
    },
    'GET /api/inventory/services': { body: [] },
    ...extra,
  });
}

// Chakra's tables render slowly in jsdom on a shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

describe('reservations log filters', () => {
  it('filters by an employee picked by name and by the reservation number the screen shows', async () => {
    signIn(user('EMPLOYEE', 'MANAGER'));
    const entry = {
      id: 'l1',
      action: 'CREATED',
      reservationId: 'r-internal-uuid',
      reservationNumber: 'RES-000123',
      actorName: 'Dana Scully',
      actorUserId: 'u-7',
      customerName: 'Ada L',
      itemLabel: 'K-1 Kayak',
      startTime: null,
      hours: 2,
      expectedReturnTime: null,
      actualReturnTime: null,
      paymentId: null,
      createdAt: '2026-01-02T10:00:00.000Z',
    };
    const calls = stubPage({
      'GET /api/reservations/logs/': {
        body: {
          success: true,
          data: [entry],
          pagination: { page: 1, limit: 25, total: 1, totalCount: 1, totalPages: 1, nextCursor: null },
          employees: [
            { id: 'u-7', name: 'Dana Scully' },
            { id: 'u-9', name: 'Fox Mulder' },
          ],
        },
      },
    });
    renderApp('/acme/reservations');
    fireEvent.click(await screen.findByRole('tab', { name: /Reservations Log/ }, { timeout: 20_000 }));
    const picker = (await screen.findByLabelText('Filter by employee')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...picker.options].map((o) => o.text)).toEqual(['All employees', 'Dana Scully', 'Fox Mulder']),
    );
    expect(screen.queryByLabelText('Employee ID')).toBeNull();
    fireEvent.change(picker, { target: { value: 'u-7' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/api/reservations/logs/') && c.url.includes('employeeId=u-7'))).toBe(
        true,
      ),
    );
    fireEvent.change(screen.getByLabelText('Reservation number'), { target: { value: '123' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('reservationNumber=123') && c.url.includes('employeeId=u-7'))).toBe(true),
    );
    expect(calls.some((c) => c.url.includes('reservationId='))).toBe(false);
  });
});
