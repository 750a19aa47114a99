import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../app/session.js';
import { renderApp, stubPaths } from '../../test-utils.js';

// docs/decisions/README.md#hardening's rough edges on the inventory forms (points 11, 12, 15, 17), as a manager meets them.

const manager = {
  id: 'u1',
  role: 'BUSINESS_ADMIN',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organizationId: 'o1',
  organization: { name: 'Acme Rentals', subdomain: 'acme' },
} as SessionUser;
const golfCart = {
  id: 't1',
  name: 'Golf Cart',
  category: 'Carts',
  description: null,
  defaultHourlyRate: 25,
  defaultDailyRate: null,
  rates: [{ rate: 25, rateType: 'hourly' }],
  variants: [],
  _count: { items: 0 },
  createdAt: '',
  updatedAt: '',
};
const answers = {
  'GET /api/inventory/product-types': { body: [golfCart] },
  'GET /api/inventory/items': { body: { items: [], nextCursor: null } },
  'GET /api/inventory/services': { body: [] },
  'GET /api/locations': { body: [{ id: 'l1', name: 'Shed', description: null }] },
};

afterEach(() => vi.restoreAllMocks());

async function openAddItem() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(manager));
  stubPaths(answers);
  renderApp('/acme/inventory');
  fireEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
  return screen.findByRole('dialog', { name: 'Add New Inventory Item' });
}

describe('inventory forms, docs/decisions/README.md#hardening', () => {
  it('Escape in the inline new-location box cancels the new location only (point 11)', async () => {
    const form = await openAddItem();
    const select = await within(form).findByRole('combobox', { name: 'Location' });
    await within(form).findByRole('option', { name: 'Shed' });
    fireEvent.change(select, { target: { value: '__add_new__' } });
    const box = await within(form).findByLabelText('New location name');
    // Zag attaches the dialog's Escape listener a frame after it opens.
    await new Promise((r) => setTimeout(r, 50));
    fireEvent.change(box, { target: { value: 'Dock' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(within(form).queryByLabelText('New location name')).toBeNull());
    screen.getByRole('dialog', { name: 'Add New Inventory Item' });
    within(form).getByRole('combobox', { name: 'Location' });
    expect(
      screen.queryByText('Your changes have not been saved - are you sure you want to leave this page?'),
    ).toBeNull();
  });

  it('inputs carry the contract limits (point 12)', async () => {
    const form = await openAddItem();
    expect((within(form).getByLabelText(/Item ID/) as HTMLInputElement).maxLength).toBe(64);
    expect((within(form).getByLabelText(/Serial Number/) as HTMLInputElement).maxLength).toBe(120);
  });

  it('an error clears as soon as the field is corrected (point 15)', async () => {
    const form = await openAddItem();
    fireEvent.click(within(form).getByRole('button', { name: 'Create Item' }));
    await within(form).findByText('Item ID is required');
    fireEvent.change(within(form).getByLabelText(/Item ID/), { target: { value: 'GC-9' } });
    await waitFor(() => expect(within(form).queryByText('Item ID is required')).toBeNull());
  });

  it('"Maximum 100 items per batch" is a hint at 100 and an error only out of range or clamped (point 17)', async () => {
    const form = await openAddItem();
    fireEvent.click(within(form).getByLabelText('Bulk Add Mode'));
    const quantity = await within(form).findByLabelText('Quantity');
    const field = () => quantity.closest('[data-part="root"]')!;
    fireEvent.change(quantity, { target: { value: '100' } });
    within(form).getByText('Maximum 100 items per batch');
    expect(field().hasAttribute('data-invalid')).toBe(false);
    fireEvent.change(quantity, { target: { value: '150' } });
    expect(field().hasAttribute('data-invalid')).toBe(true);
    fireEvent.blur(quantity);
    await waitFor(() => expect((quantity as HTMLInputElement).value).toBe('100'));
    expect(field().hasAttribute('data-invalid')).toBe(true);
    fireEvent.change(quantity, { target: { value: '40' } });
    expect(field().hasAttribute('data-invalid')).toBe(false);
  });
});
