import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findModal, renderWithProviders, stubPaths } from '../../test-utils.js';
import { TenantsTab } from './TenantsTab.js';

const metrics = (over: Record<string, unknown> = {}) => ({
  totalUsers: 3,
  activeUsersToday: 1,
  activeReservations: 2,
  totalItems: 4,
  totalCustomers: 5,
  overdueReservations: 0,
  healthScore: 100,
  issues: 0,
  healthIssues: [],
  emailsToday: 2,
  emailsMonth: 1500,
  apiCalls24h: 400,
  errorRate: 2.5,
  databaseSize: 3 * 1024 * 1024,
  ...over,
});
const tenant = (status: string) => ({
  id: 'org1',
  name: 'Harbour Hire',
  subdomain: 'harbour',
  status,
  createdAt: '2026-11-01T00:00:00.000Z',
  metrics: metrics(),
});

afterEach(() => vi.restoreAllMocks());

describe('platform tenants tab (docs/decisions/README.md#platform-portal)', () => {
  it('shows e-mails, calls and the error rate, and suspends only after a confirm', async () => {
    let status = 'ACTIVE';
    const calls = stubPaths({
      'GET /api/platform/tenants/metrics': () => ({
        body: { tenants: [tenant(status)], generatedAt: '2026-11-25T00:00:00.000Z' },
      }),
      'POST /api/platform/tenants/org1/suspend': () => {
        status = 'SUSPENDED';
        return { body: { success: true, organization: { ...tenant('SUSPENDED'), metrics: undefined } } };
      },
    });
    renderWithProviders(<TenantsTab />);
    expect((await screen.findAllByText('1.5K this month')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('400 calls 24h').length).toBeGreaterThan(0);
    expect(screen.getAllByText('2.5% errors').length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Details of Harbour Hire' })[0]!);
    const dialog = await findModal();
    expect(screen.getAllByText('~3.00 MB (est.)').length).toBeGreaterThan(0);
    within(dialog).getByText('~3.00 MB (estimated from counters)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend tenant' }));
    const question = await screen.findByText('Suspend Harbour Hire?');
    expect(calls.filter((c) => c.url.includes('/suspend'))).toHaveLength(0); // nothing before the confirm
    const confirm = question.closest('[role="alertdialog"], [role="dialog"]') as HTMLElement;
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/suspend'))).toHaveLength(1));
    await screen.findByRole('button', { name: 'Reactivate tenant' });
    expect(screen.getAllByText('SUSPENDED').length).toBeGreaterThan(0);
  });
});
