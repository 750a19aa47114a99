/**
 * docs/decisions/0008-one-time-zone.md: every screen reads times in the organization's zone, whatever the browser's.
 * The browser here runs in Tokyo, the organization is in New York: RES-000006 booked for 9:00 AM New York (13:00 UTC,
 * 10:00 PM in Tokyo) must read 9:00 AM on every screen, with the zone named because this browser's clock is another.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fullPolicy } from '../../../shared/domain/roles.js';
import { listAnswer, reservation } from '../features/reservations/fixtures.test-helpers.js';
import { renderApp, stubPaths } from '../test-utils.js';
import { zoneDiffersFromBrowser } from './time-zone.js';

vi.setConfig({ testTimeout: 45_000 });

const saved = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = saved;
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const owner = {
  id: 'u1',
  role: 'BUSINESS_ADMIN',
  accessLevel: 'MANAGER',
  firstName: 'Sam',
  lastName: 'Owner',
  organizationId: 'o1',
  organization: { name: 'Acme', subdomain: 'acme', timeZone: 'America/New_York' },
};
function signIn() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(owner));
}
const AT = '2030-05-01T13:00:00.000Z';
const NY_TEXT = 'May 1, 2030, 9:00 AM EDT';
const res6 = reservation({
  id: 'r6',
  reservationNumber: 'RES-000006',
  startTime: AT,
  endTime: '2030-05-01T15:00:00.000Z',
});

describe('one time zone, the organization’s, with the browser in another', () => {
  it('the browser really runs on another clock here', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Tokyo');
    expect(zoneDiffersFromBrowser('America/New_York')).toBe(true);
  });

  it('dashboard: the active reservation reads 9:00 AM New York', async () => {
    signIn();
    stubPaths({
      'GET /api/inventory/items/stats/overview': {
        body: {
          total: 0,
          statusCounts: { AVAILABLE: 0, IN_USE: 0, MAINTENANCE_REQUIRED: 0, OUT_OF_SERVICE: 0 },
          byStatus: { AVAILABLE: 0, IN_USE: 0, MAINTENANCE: 0, OUT_OF_SERVICE: 0, DAMAGED: 0 },
          maintenanceDue: 0,
        },
      },
      'GET /api/reservations/integration/stats/overview': {
        body: { active: 1, total: 1, completed: 0, cancelled: 0, overdue: 0 },
      },
      'GET /api/customers/stats/overview': { body: { total: 1 } },
      'GET /api/payments/stats/overview': { body: { totalAmount: 0, refundedAmount: 0, count: 0 } },
      'GET /api/reservations/integration/all': {
        body: listAnswer([res6], { all: 1, active: 1, completed: 0, cancelled: 0, overdue: 0 }),
      },
    });
    renderApp('/acme/dashboard');
    const active = await screen.findByRole('list', { name: 'Active reservations' }, { timeout: 20_000 });
    within(active).getByText(new RegExp(`${NY_TEXT} · 2 h`));
  });

  it('reservations list: the same booking reads the same time', async () => {
    signIn();
    stubPaths({
      'GET /api/reservations/integration/all': {
        body: listAnswer([res6], { all: 1, active: 1, completed: 0, cancelled: 0, overdue: 0 }),
      },
      'GET /api/reservations/integration/stats/overview': {
        body: { active: 1, total: 1, completed: 0, cancelled: 0, overdue: 0 },
      },
      'GET /api/inventory/services': { body: [] },
    });
    renderApp('/acme/reservations');
    const row = (await screen.findByText('RES-000006', {}, { timeout: 20_000 })).closest('tr')!;
    // The cell shows the day over the clock time; its text (a hidden ", " between) reads whole.
    within(row).getByText((_, el) => el?.tagName === 'TD' && el.textContent === NY_TEXT);
  });

  it('timesheets: clock-in and clock-out in the organization’s zone', async () => {
    signIn();
    const sheet = {
      id: 's1',
      userId: 'u1',
      employee: { firstName: 'Sam', lastName: 'Owner' },
      clockIn: AT,
      clockOut: '2030-05-01T21:30:00.000Z',
      totalHours: 8.5,
      notes: null,
      clockInNotes: null,
      clockOutNotes: null,
      clockInLocation: null,
      clockOutLocation: null,
    };
    stubPaths({
      'GET /api/settings/permissions/mine': { body: { role: 'EMPLOYEE', policyRole: null, permissions: {} } },
      'GET /api/timesheets/active': { body: { timesheet: null } },
      'GET /api/timesheets': {
        body: {
          timesheets: [sheet],
          summary: { totalSessions: 1, completedSessions: 1, totalHours: 8.5, weeklyHours: 0 },
        },
      },
    });
    renderApp('/acme/timesheets');
    await screen.findByText(NY_TEXT, {}, { timeout: 20_000 });
    screen.getByText('May 1, 2030, 5:30 PM EDT');
  });

  it('permission change log: the change’s time in the organization’s zone', async () => {
    signIn();
    stubPaths({
      'GET /api/settings/permissions': { body: { success: true, policy: fullPolicy(true), updatedAt: null } },
      'GET /api/settings/permissions/logs': {
        body: {
          success: true,
          logs: [
            {
              id: 'l1',
              createdAt: AT,
              actorId: null,
              actorName: null,
              changeNote: 'Updated role permissions',
              changes: [],
            },
          ],
        },
      },
    });
    renderApp('/acme/storefront/permissions');
    fireEvent.click(await screen.findByRole('tab', { name: 'Change Log' }, { timeout: 20_000 }));
    await screen.findByText(NY_TEXT);
  });
});
