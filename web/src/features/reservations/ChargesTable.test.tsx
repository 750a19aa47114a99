import { screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { ChargesTable } from './ChargesTable.js';

const charges = (taxRate: number, taxAmount: number) => ({
  reservationDuration: 2,
  baseAmount: 19.99,
  overageHours: 0,
  overageAmount: 0,
  refundHours: 0,
  refundAmount: 0,
  hourlyRate: 10,
  subtotal: 19.99,
  taxRate,
  taxAmount,
  totalAmount: 19.99 + taxAmount,
});

// R-MONEY-3, R-SET-4: a rate shows to its 3 decimals, without trailing zeros.
describe('ChargesTable', () => {
  it.each([
    [8.875, 1.77, 'Tax (8.875%)'],
    [8, 1.6, 'Tax (8%)'],
    [8.25, 1.65, 'Tax (8.25%)'],
    [8.5, 1.7, 'Tax (8.5%)'],
    [8.875000000000002, 1.77, 'Tax (8.875%)'],
  ])('shows a %d %% rate as its label', async (rate, amount, label) => {
    renderWithProviders(<ChargesTable c={charges(rate, amount)} caption="Charges" />);
    await screen.findByText(label, {}, { timeout: 10_000 });
  });
});
