import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, stubPaths } from '../../test-utils.js';

const worker = {
  id: 'u5',
  role: 'EMPLOYEE',
  accessLevel: 'EMPLOYEE',
  firstName: 'Robin',
  lastName: 'Clock',
  organizationId: 'o1',
  organization: { name: 'Acme', subdomain: 'acme' },
};
const owner = {
  ...worker,
  id: 'u1',
  role: 'BUSINESS_ADMIN',
  accessLevel: 'MANAGER',
  firstName: 'Sam',
  lastName: 'Owner',
};
function signIn(user: typeof worker) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(user));
}
const mine = {
  'GET /api/settings/permissions/mine': { body: { role: 'EMPLOYEE', policyRole: null, permissions: {} } },
};
const session = {
  id: 's1',
  userId: 'u5',
  employee: { firstName: 'Robin', lastName: 'Clock' },
  clockIn: '2030-01-07T14:00:00.000Z',
  clockOut: '2030-01-07T22:30:00.000Z',
  totalHours: 8.5,
  notes: 'Opening shift\nClosing',
  clockInNotes: 'Opening shift',
  clockOutNotes: 'Closing',
  clockInLocation: null,
  clockOutLocation: null,
};
const summary = { totalSessions: 1, completedSessions: 1, totalHours: 8.5, weeklyHours: 0 };

afterEach(() => localStorage.clear());

describe('timesheets page', () => {
  it('shows Error Loading Timesheets with Retry, never the empty state, and recovers', async () => {
    signIn(worker);
    let fail = true;
    stubPaths({
      ...mine,
      'GET /api/timesheets/active': { body: { timesheet: null } },
      'GET /api/timesheets': () =>
        fail
          ? { status: 500, body: { error: 'InternalError', message: 'Failed to load timesheets' } }
          : { body: { timesheets: [session], summary } },
    });
    renderApp('/acme/timesheets');
    await screen.findByText('Error Loading Timesheets', {}, { timeout: 20_000 });
    expect(screen.queryByText('No Timesheets Found')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // docs/decisions/0012-right-about-money.md: both notes kept
    await screen.findByText('In: Opening shift · Out: Closing');
    expect(screen.getAllByText('8.50').length).toBeGreaterThan(1); // the Total Hours card and the row
    expect(screen.queryByText('Error Loading Timesheets')).toBeNull();
  });

  it('shows the empty state, and the server message when clocking in fails', async () => {
    signIn(worker);
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    stubPaths({
      ...mine,
      'GET /api/timesheets/active': { body: { timesheet: null } },
      'GET /api/timesheets': {
        body: { timesheets: [], summary: { totalSessions: 0, completedSessions: 0, totalHours: 0, weeklyHours: 0 } },
      },
      'POST /api/timesheets/clock-in': {
        status: 409,
        body: { error: 'Conflict', message: 'You are already clocked in' },
      },
    });
    renderApp('/acme/timesheets');
    await screen.findByText('No Timesheets Found', {}, { timeout: 20_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Clock In' }));
    await screen.findByText('You are already clocked in');
    screen.getByText(/Geolocation is not supported by this browser\./);
  });
});

describe('employee performance tab', () => {
  it('shows the sample figures only when the call fails, marked as samples', async () => {
    signIn(owner);
    const detail = {
      id: 'u5',
      firstName: 'Robin',
      lastName: 'Clock',
      email: 'r@example.com',
      phone: null,
      username: 'r@example.com',
      role: 'EMPLOYEE',
      accessLevel: 'EMPLOYEE',
      status: 'ACTIVE',
      isActive: true,
      jobRole: null,
      location: null,
      hourlyWage: null,
      hourlyWageCents: null,
      startDate: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      isOwner: false,
      organization: { name: 'Acme' },
      hasPin: false,
      preferredName: null,
      personalEmail: null,
      mobileNumber: null,
      emergencyContact: null,
      dateOfBirth: null,
      ssnLast4: null,
      homeAddress: null,
      managerNotes: null,
      profilePicture: null,
      setupExpiresAt: null,
      deactivatedAt: null,
      pendingEmail: null,
      pendingEmailExpiresAt: null,
    };
    stubPaths({
      ...mine,
      'GET /api/users/u5': { body: { employee: detail } },
      'GET /api/users/u5/documents': { body: { documents: [] } },
      'GET /api/users/u5/performance': { status: 500, body: { error: 'InternalError', message: 'x' } },
    });
    renderApp('/acme/employees/u5');
    fireEvent.click(await screen.findByRole('tab', { name: 'Performance' }, { timeout: 20_000 }));
    await screen.findByText(/these are sample figures/);
    screen.getByText('127');
    screen.getByText('87.3');
  });

  it('shows the real figures from the route', async () => {
    signIn(owner);
    const detail = {
      id: 'u5',
      firstName: 'Robin',
      lastName: 'Clock',
      email: 'r@example.com',
      phone: null,
      username: 'r@example.com',
      role: 'EMPLOYEE',
      accessLevel: 'EMPLOYEE',
      status: 'ACTIVE',
      isActive: true,
      jobRole: null,
      location: null,
      hourlyWage: null,
      hourlyWageCents: null,
      startDate: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      isOwner: false,
      organization: { name: 'Acme' },
      hasPin: false,
      preferredName: null,
      personalEmail: null,
      mobileNumber: null,
      emergencyContact: null,
      dateOfBirth: null,
      ssnLast4: null,
      homeAddress: null,
      managerNotes: null,
      profilePicture: null,
      setupExpiresAt: null,
      deactivatedAt: null,
      pendingEmail: null,
      pendingEmailExpiresAt: null,
    };
    stubPaths({
      ...mine,
      'GET /api/users/u5': { body: { employee: detail } },
      'GET /api/users/u5/documents': { body: { documents: [] } },
      'GET /api/users/u5/performance': {
        body: {
          userId: 'u5',
          avgHoursPerWeek: 38.2,
          shiftsPerWeek: 4.8,
          totalShifts: 211,
          onTimePercentage: null,
          overtimeHours: 3.25,
          productivityScore: 95.5,
          weeks: 44,
          definitions: { onTimePercentage: 'On time def', productivityScore: 'Score def' },
        },
      },
    });
    renderApp('/acme/employees/u5');
    fireEvent.click(await screen.findByRole('tab', { name: 'Performance' }, { timeout: 20_000 }));
    await screen.findByText('211');
    screen.getByText('38.2');
    screen.getByText('95.5');
    expect(screen.getByLabelText('Performance figures').textContent).toContain('On-Time—');
    expect(screen.queryByText(/sample figures/)).toBeNull();
    await waitFor(() => screen.getByText(/Score def/));
  });
});
