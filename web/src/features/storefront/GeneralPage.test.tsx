import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../test-utils.js';
import { matchZones, zoneChangeMessage } from './GeneralPage.js';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function signIn() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem(
    'user',
    JSON.stringify({
      id: 'u1',
      role: 'BUSINESS_ADMIN',
      firstName: 'Ada',
      lastName: 'Lovelace',
      organizationId: 'o1',
      organization: { name: 'Acme Rentals', subdomain: 'acme', timeZone: 'America/New_York' },
    }),
  );
}

describe('General (R-SET-14)', () => {
  it('finds zones by every word typed, ignoring case and underscores', () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/Paris', 'Asia/Tokyo'];
    expect(matchZones(zones, 'new york')).toEqual(['America/New_York']);
    expect(matchZones(zones, 'AMERICA')).toEqual(['America/New_York', 'America/Los_Angeles']);
    expect(matchZones(zones, '')).toEqual(zones);
  });

  it('says what moves and what stays', () => {
    const m = zoneChangeMessage('America/New_York', 'Europe/Paris');
    expect(m).toContain('keep their moment in time');
    expect(m).toContain('Services without a zone of their own read their slot times in Europe/Paris');
    expect(m).toContain('Opening hours');
  });

  it('shows the zone, saves a searched one only after the confirmation, and the session follows', {
    timeout: 60_000,
  }, async () => {
    signIn();
    const calls = stubApi({
      'settings.getGeneral': {
        body: { success: true, data: { timeZone: 'America/New_York', currency: 'USD', language: 'English' } },
      },
      'settings.updateGeneral': ({ body }) => ({
        body: {
          success: true,
          data: { timeZone: (body as { timeZone: string }).timeZone, currency: 'USD', language: 'English' },
        },
      }),
    });
    renderApp('/acme/storefront/general');
    const shown = await screen.findByTestId('general-timeZone', {}, { timeout: 15_000 });
    within(shown).getByText('America/New York');
    screen.getByText('USD (the only currency)');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Search time zones'), { target: { value: 'paris' } });
    const select = screen.getByLabelText('Time zone') as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'Europe/Paris' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    within(dialog).getByText(/keep their moment in time/);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change time zone' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body))).toEqual({ timeZone: 'Europe/Paris' });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user')!).organization.timeZone).toBe('Europe/Paris'));
    within(await screen.findByTestId('general-timeZone')).getByText('Europe/Paris');
  });
});
