import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubPaths } from '../../test-utils.js';
import ScheduleTab from './ScheduleTab.js';
import { describeSchedule } from './scheduleText.js';

const schedule = (over: Record<string, unknown> = {}) => ({
  id: 's1',
  name: 'Monday revenue',
  reportType: 'revenue',
  parameters: {},
  schedule: { frequency: 'weekly', time: '08:00', daysOfWeek: [1] },
  format: 'pdf',
  recipients: ['owner@example.com'],
  recipientStates: [{ address: 'owner@example.com', state: 'staff' }],
  enabled: true,
  status: 'scheduled',
  nextRun: '2026-11-30T13:00:00.000Z',
  lastRun: '2026-11-23T13:00:05.000Z',
  runCount: 3,
  successCount: 2,
  failureCount: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  history: [
    {
      at: '2026-11-23T13:00:05.000Z',
      trigger: 'schedule',
      outcome: 'failure',
      period: '2026-11-16..2026-11-22',
      sent: 0,
      fileName: 'x.pdf',
      error: 'Not sent to 1 of 1: throttled',
    },
  ],
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe('Schedule tab (docs/decisions/0207-reports-scheduled-reports-really-arrive.md)', () => {
  it('describes frequencies', () => {
    expect(describeSchedule({ frequency: 'weekly', time: '07:30', daysOfWeek: [1, 3] })).toBe(
      'Weekly on Mon, Wed at 07:30',
    );
    expect(describeSchedule({ frequency: 'monthly', time: '06:00', dayOfMonth: 31 })).toBe(
      'Monthly on day 31 at 06:00',
    );
  });

  it('lists schedules with next and last run, status and counts; Run now, Disable and Delete (after a confirm) call the API', async () => {
    let current = schedule();
    const calls = stubPaths({
      'GET /api/reports/schedules': () => ({
        body: { schedules: current ? [current] : [], mailQuota: { day: '2026-11-25', sent: 3, limit: 200 } },
      }),
      'POST /api/reports/schedules/s1/run': () => ({
        body: {
          schedule: current,
          run: { at: 'x', trigger: 'manual', outcome: 'success', period: 'p', sent: 1, fileName: 'x.pdf', error: null },
        },
      }),
      'PATCH /api/reports/schedules/s1': () => {
        current = schedule({ enabled: false, status: 'disabled', nextRun: null });
        return { body: current };
      },
      'DELETE /api/reports/schedules/s1': () => {
        current = null as never;
        return { body: { deleted: true } };
      },
    });
    renderWithProviders(<ScheduleTab zone="America/New_York" />);
    expect((await screen.findAllByText('Monday revenue')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Weekly on Mon at 08:00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Nov 30, 2026, 8:00 AM').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Failed \(0\/1\)/).length).toBeGreaterThan(0);

    fireEvent.click(screen.getAllByRole('button', { name: 'Run now' })[0]!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/run'))).toHaveLength(1));
    await screen.findByText('Report sent to 1 recipient');

    fireEvent.click(screen.getAllByRole('button', { name: 'Disable' })[0]!);
    expect((await screen.findAllByText('Disabled')).length).toBeGreaterThan(0);
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')!.init!.body))).toEqual({ enabled: false });

    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    const dialog = await screen.findByRole('alertdialog').catch(() => screen.findByRole('dialog'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No scheduled reports yet.');
  });

  it("the form shows R-REP-2 messages and sends only the chosen frequency's fields", async () => {
    const calls = stubPaths({
      'GET /api/reports/schedules': { body: { schedules: [], mailQuota: { day: '2026-11-25', sent: 0, limit: 200 } } },
      'POST /api/reports/schedules': { body: schedule({ id: 's2', name: 'Month end' }) },
    });
    renderWithProviders(<ScheduleTab zone="America/New_York" />);
    await screen.findByText('No scheduled reports yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Report' }));
    const dialog = await screen.findByRole('dialog');
    // No name, no recipient
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await within(dialog).findByText('Name is required');
    within(dialog).getByText('At least one recipient is required');
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Month end' } });
    fireEvent.change(within(dialog).getByLabelText('Frequency'), { target: { value: 'monthly' } });
    fireEvent.change(within(dialog).getByLabelText('Recipients'), {
      target: { value: 'owner@example.com, not-an-address' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await within(dialog).findByText('Each recipient must be a valid e-mail address');
    fireEvent.change(within(dialog).getByLabelText('Recipients'), {
      target: { value: 'owner@example.com; books@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Day of month'), { target: { value: '31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body))).toEqual({
      name: 'Month end',
      reportType: 'revenue',
      schedule: { frequency: 'monthly', time: '08:00', dayOfMonth: 31 },
      format: 'pdf',
      recipients: ['owner@example.com', 'books@example.com'],
      enabled: true,
    });
  });

  it("shows each recipient's state: staff, awaiting confirmation, confirmed, unsubscribed (docs/decisions/0002-report-mail-recipients.md)", async () => {
    stubPaths({
      'GET /api/reports/schedules': {
        body: {
          schedules: [
            schedule({
              recipients: ['me@team.example', 'new@outside.example', 'ok@outside.example', 'gone@outside.example'],
              recipientStates: [
                { address: 'me@team.example', state: 'staff' },
                { address: 'new@outside.example', state: 'pending' },
                { address: 'ok@outside.example', state: 'confirmed' },
                { address: 'gone@outside.example', state: 'unsubscribed' },
              ],
            }),
          ],
          mailQuota: { day: '2026-11-25', sent: 0, limit: 200 },
        },
      },
    });
    renderWithProviders(<ScheduleTab zone="America/New_York" />);
    expect((await screen.findAllByText('new@outside.example')).length).toBeGreaterThan(0);
    for (const label of ['Staff', 'Awaiting confirmation', 'Confirmed', 'Unsubscribed'])
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Daily limit reached/)).toBeNull();
  });

  it("says so when the daily report e-mail limit is reached, and shows the server's 429 message on Run now", async () => {
    const message =
      'The daily limit of 200 report e-mails for your organization is reached; nothing was sent. Scheduled reports resume tomorrow.';
    stubPaths({
      'GET /api/reports/schedules': {
        body: { schedules: [schedule()], mailQuota: { day: '2026-11-25', sent: 200, limit: 200 } },
      },
      'POST /api/reports/schedules/s1/run': { status: 429, body: { error: 'TooManyRequests', message } },
    });
    renderWithProviders(<ScheduleTab zone="America/New_York" />);
    await screen.findByText(/Daily limit reached: your organization has sent 200 of 200 report e-mails today/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Run now' })[0]!);
    await screen.findByText(message);
  });

  it("the form tells who must confirm and that only an administrator adds outside addresses; the server's 403 is shown", async () => {
    stubPaths({
      'GET /api/reports/schedules': { body: { schedules: [], mailQuota: { day: '2026-11-25', sent: 0, limit: 200 } } },
      'POST /api/reports/schedules': {
        status: 403,
        body: {
          error: 'Forbidden',
          message:
            'Only an administrator can add recipients who are not active staff of your organization: x@outside.example',
        },
      },
    });
    renderWithProviders(<ScheduleTab zone="America/New_York" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule Report' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(
      /only an administrator can add other addresses, and each receives a confirmation e-mail first/,
    );
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Weekly' } });
    fireEvent.change(within(dialog).getByLabelText('Recipients'), { target: { value: 'x@outside.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(
      (await screen.findAllByText(/Only an administrator can add recipients who are not active staff/)).length,
    ).toBeGreaterThan(0);
  });
});
