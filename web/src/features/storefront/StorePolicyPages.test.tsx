import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../test-utils.js';

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
const echo = ({ body }: { body: unknown }) => ({ body: { success: true as const, data: body as never } });
const sent = (calls: { method: string; init?: RequestInit }[]) =>
  JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body));

describe('Terms, Branding and Payments pages (R-SET-15..R-SET-17)', () => {
  it('Terms: shows Not set, saves the typed terms and shows them', { timeout: 60_000 }, async () => {
    signIn();
    const calls = stubApi({
      'settings.getTerms': { body: { success: true, data: { rentalTerms: '', cancellationPolicy: '' } } },
      'settings.updateTerms': echo,
    });
    renderApp('/acme/storefront/terms');
    const shown = await screen.findByTestId('terms-rentalTerms', {}, { timeout: 15_000 });
    within(shown).getByText('Not set');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Rental terms'), { target: { value: 'Return it clean.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(sent(calls)).toEqual({ rentalTerms: 'Return it clean.', cancellationPolicy: '' });
    within(await screen.findByTestId('terms-rentalTerms')).getByText('Return it clean.');
  });

  it('Branding: refuses a colour that is not hex, saves one that is', { timeout: 60_000 }, async () => {
    signIn();
    const calls = stubApi({
      'settings.getBranding': { body: { success: true, data: { accentColor: '' } } },
      'settings.updateBranding': echo,
    });
    renderApp('/acme/storefront/branding');
    await screen.findByTestId('branding-accentColor', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByPlaceholderText('#1A73E8');
    fireEvent.change(input, { target: { value: 'red' } });
    screen.getByText('Colour must be a hex colour such as #1A73E8');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '#0a7f5c' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(sent(calls)).toEqual({ accentColor: '#0a7f5c' });
    within(await screen.findByTestId('branding-accentColor')).getByText('#0a7f5c');
  });

  it('Payments: says there is no online payment, saves the ticked ways in list order', {
    timeout: 60_000,
  }, async () => {
    signIn();
    const calls = stubApi({
      'settings.getPayments': { body: { success: true, data: { paymentMethods: [], paymentInstructions: '' } } },
      'settings.updatePayments': echo,
    });
    renderApp('/acme/storefront/payments');
    await screen.findByTestId('payments-methods', {}, { timeout: 15_000 });
    screen.getByText(/Payments are not taken online/);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Card in person' }));
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'Card in person' }) as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pay at the store' }));
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'Pay at the store' }) as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('Payment instructions'), { target: { value: 'At the desk.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(sent(calls)).toEqual({
      paymentMethods: ['pay_at_store', 'card_in_person'],
      paymentInstructions: 'At the desk.',
    });
    within(await screen.findByTestId('payments-methods')).getByText('Pay at the store, Card in person');
  });
});
