import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../app/session.js';
import { renderApp, stubPaths } from '../../test-utils.js';
import { staffServiceWire } from '../services/fixtures.test-helpers.js';

// The page's forms and links as a manager uses them, against a stubbed API.

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
  variants: [
    { id: 'v1', productTypeId: 't1', name: 'Single', description: null, hourlyRate: null, dailyRate: null, rates: [] },
  ],
  _count: { items: 2 },
  createdAt: '',
  updatedAt: '',
};
const item = (n: string, id: string, status: string) => ({
  id,
  itemNumber: n,
  serialNumber: null,
  productTypeId: 't1',
  productType: { id: 't1', name: 'Golf Cart', category: 'Carts' },
  productVariantId: null,
  productVariant: null,
  condition: 'GOOD',
  location: null,
  notes: null,
  status,
  createdAt: '',
  updatedAt: '',
});
const items = [item('GC-001', 'aaaaaaaa-0001', 'AVAILABLE'), item('GC-002', 'aaaaaaaa-0002', 'OUT_OF_SERVICE')];

const listAnswers = {
  'GET /api/inventory/product-types': { body: [golfCart] },
  'GET /api/inventory/items': { body: { items, nextCursor: null } },
  'GET /api/inventory/services': { body: [] },
  'GET /api/locations': { body: [] },
};

function signInAsManager() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(manager));
}

const bodyOf = (calls: ReturnType<typeof stubPaths>, method: string, path: string) => {
  const call = calls.find((c) => c.method === method && c.url.split('?')[0] === path);
  return call ? JSON.parse(String(call.init?.body)) : undefined;
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('inventory page forms and links', () => {
  it('preselects the status chip of a ?status=out-of-service link', async () => {
    signInAsManager();
    stubPaths(listAnswers);
    renderApp('/acme/inventory?status=out-of-service');
    const chip = await screen.findByRole('button', { name: 'Out of service (1)' });
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    screen.getByLabelText('Status of GC-002');
    expect(screen.queryByLabelText('Status of GC-001')).toBeNull();
  });

  it('bulk-adds: clamps the quantity, waits for generated ids, then creates them as AVAILABLE', async () => {
    signInAsManager();
    const calls = stubPaths({
      ...listAnswers,
      'POST /api/inventory/bulk/generate-ids': {
        body: {
          success: true,
          data: { suggestions: [{ suggestedId: 'GC-003' }, { suggestedId: 'GC-004' }, { suggestedId: 'GC-005' }] },
        },
      },
      'POST /api/inventory/bulk/create': { status: 201, body: { success: true, data: { createdItems: [] } } },
    });
    renderApp('/acme/inventory');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    const form = await screen.findByRole('dialog', { name: 'Add New Inventory Item' });
    fireEvent.click(within(form).getByLabelText('Bulk Add Mode'));
    const quantity = await within(form).findByLabelText('Quantity');
    fireEvent.change(quantity, { target: { value: '150' } });
    within(form).getByText('Maximum 100 items per batch');
    expect((within(form).getByRole('button', { name: /^Create .*Items$/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(quantity, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Generate IDs' }));
    await within(form).findByText('GC-005');
    expect(bodyOf(calls, 'POST', '/api/inventory/bulk/generate-ids')).toEqual({ productTypeId: 't1', quantity: 3 });

    fireEvent.click(within(form).getByRole('button', { name: 'Create 3 Items' }));
    await screen.findByText('3 items created successfully');
    expect(bodyOf(calls, 'POST', '/api/inventory/bulk/create')).toEqual({
      productTypeId: 't1',
      productVariantId: null,
      items: [{ itemId: 'GC-003' }, { itemId: 'GC-004' }, { itemId: 'GC-005' }],
      commonProperties: { condition: 'GOOD', location: null, notes: null, status: 'AVAILABLE' },
    });
  });

  it('saves a product type, deletes the removed variant and reports the variant that failed', async () => {
    signInAsManager();
    const calls = stubPaths({
      ...listAnswers,
      'PUT /api/inventory/product-types/t1': { body: golfCart },
      'POST /api/inventory/product-types/t1/variants': {
        status: 400,
        body: {
          error: 'ValidationError',
          message: 'Validation failed',
          details: [{ msg: 'Variant name is too long', path: 'name' }],
        },
      },
      'DELETE /api/inventory/product-variants/v1': { body: { success: true, message: 'Variant deleted' } },
    });
    renderApp('/acme/inventory');
    fireEvent.click(await screen.findByRole('tab', { name: /Product Types/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Golf Cart' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Product Type' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Variant' }));
    fireEvent.change(within(form).getByLabelText('Variant 2 name'), { target: { value: 'Kids' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove variant 1' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Update Product Type' }));

    await screen.findByText('Product type updated successfully, but 1 variant operation(s) failed');
    screen.getByText('Failed to save variant: Kids - Validation failed: Variant name is too long');
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/inventory/product-variants/v1')).toBe(true);
    expect(bodyOf(calls, 'PUT', '/api/inventory/product-types/t1')).toMatchObject({
      name: 'Golf Cart',
      rates: [{ rate: 25, rateType: 'hourly' }],
    });
  });

  it('product type: the contract limits on the inputs, its messages on submit, and an error that clears once corrected', async () => {
    signInAsManager();
    const calls = stubPaths({
      ...listAnswers,
      'POST /api/inventory/product-types': {
        status: 201,
        body: { ...golfCart, id: 't2', name: 'Kayak', variants: [] },
      },
    });
    renderApp('/acme/inventory');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product Type' }));
    const form = await screen.findByRole('dialog', { name: 'Create New Product Type' });
    expect((within(form).getByLabelText(/Name/) as HTMLInputElement).maxLength).toBe(120);
    expect((within(form).getByLabelText(/Category/) as HTMLInputElement).maxLength).toBe(120);
    fireEvent.change(within(form).getByLabelText('Rate 1 amount'), { target: { value: '-5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Product Type' }));
    await within(form).findByText('Name is required');
    within(form).getByText('Category is required');
    within(form).getByText('Rate must be 0 or more');
    fireEvent.change(within(form).getByLabelText('Rate 1 amount'), { target: { value: '5' } });
    await waitFor(() => expect(within(form).queryByText('Rate must be 0 or more')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: ' Kayak ' } });
    fireEvent.change(within(form).getByLabelText(/Category/), { target: { value: 'Boats' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Product Type' }));
    await screen.findByText('Product type created successfully');
    expect(bodyOf(calls, 'POST', '/api/inventory/product-types')).toEqual({
      name: 'Kayak',
      category: 'Boats',
      description: null,
      rates: [{ rate: 5, rateType: 'hourly' }],
      defaultHourlyRate: 5,
      defaultDailyRate: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Product Type' })).toBeNull());
  });

  it('asks before Escape throws away an edited form, and Stay keeps it', async () => {
    signInAsManager();
    stubPaths(listAnswers);
    renderApp('/acme/inventory');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product Type' }));
    const form = await screen.findByRole('dialog', { name: 'Create New Product Type' });
    const name = within(form).getByLabelText(/Name/);
    fireEvent.change(name, { target: { value: 'Kayak' } });
    fireEvent.keyDown(name, { key: 'Escape' });
    await screen.findByText('Your changes have not been saved - are you sure you want to leave this page?');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect(
        screen.queryByText('Your changes have not been saved - are you sure you want to leave this page?'),
      ).toBeNull(),
    );
    expect(
      (
        within(screen.getByRole('dialog', { name: 'Create New Product Type' })).getByLabelText(
          /Name/,
        ) as HTMLInputElement
      ).value,
    ).toBe('Kayak');
  });

  it('opens the activity log on demand: a bulk delete reads "Multiple (3)" and its details list the items', async () => {
    signInAsManager();
    const bulkDeleted = {
      id: 'l1',
      eventType: 'BULK_DELETED',
      eventDate: '2026-03-01T10:00:00.000Z',
      oldStatus: null,
      newStatus: null,
      item: null,
      productType: null,
      user: { id: 'u1', firstName: 'Ada', lastName: 'Lovelace' },
      details: {
        itemCount: 3,
        itemsByType: { 'Golf Cart': 3 },
        timestamp: '2026-03-01T10:00:00.000Z',
        itemsData: ['GC-001', 'GC-002', 'GC-003'].map((n) => ({
          id: n,
          itemNumber: n,
          productTypeName: 'Golf Cart',
          status: 'AVAILABLE',
          location: 'Barn',
        })),
      },
    };
    const calls = stubPaths({ ...listAnswers, 'GET /api/inventory/activity-log': { body: [bulkDeleted] } });
    renderApp('/acme/inventory');
    await screen.findByRole('tab', { name: 'Activity Log' });
    expect(calls.some((c) => c.url.startsWith('/api/inventory/activity-log'))).toBe(false);

    fireEvent.click(screen.getByRole('tab', { name: 'Activity Log' }));
    fireEvent.click(await screen.findByRole('button', { name: 'View details of BULK DELETED Multiple (3)' }));
    expect(calls.find((c) => c.url.startsWith('/api/inventory/activity-log'))?.url).toBe(
      '/api/inventory/activity-log?limit=100',
    );
    const details = await screen.findByRole('dialog', { name: 'Activity Log Details' });
    const affected = within(details).getByRole('table', { name: 'Affected items' });
    for (const n of ['GC-001', 'GC-002', 'GC-003']) within(affected).getByText(n);
    within(details).getByText('Raw details');
  });

  it('says "Failed to load activity logs" when the log cannot load', async () => {
    signInAsManager();
    stubPaths({
      ...listAnswers,
      'GET /api/inventory/activity-log': { status: 500, body: { error: 'InternalError', message: 'boom' } },
    });
    renderApp('/acme/inventory');
    fireEvent.click(await screen.findByRole('tab', { name: 'Activity Log' }));
    // docs/decisions/README.md#web-house: the toast and the error in place of the list, never "No Activity Yet".
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load activity logs');
    within(alert).getByRole('button', { name: 'Retry' });
    expect(screen.queryByText('No Activity Yet')).toBeNull();
  });

  it('selects rows, shows the bulk bar and bulk-deletes the selection after confirmation', async () => {
    signInAsManager();
    const calls = stubPaths({
      ...listAnswers,
      'DELETE /api/inventory/bulk/delete': {
        body: {
          success: true,
          data: {
            deletedItems: [
              { id: 'aaaaaaaa-0001', itemNumber: 'GC-001' },
              { id: 'aaaaaaaa-0002', itemNumber: 'GC-002' },
            ],
            keptItems: [],
          },
        },
      },
    });
    renderApp('/acme/inventory');
    fireEvent.click(await screen.findByLabelText('Select GC-001'));
    fireEvent.click(screen.getByLabelText('Select GC-002'));
    await screen.findByText('2 items selected');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('2 items deleted successfully');
    expect(bodyOf(calls, 'DELETE', '/api/inventory/bulk/delete')).toEqual({
      itemIds: ['aaaaaaaa-0001', 'aaaaaaaa-0002'],
    });
  });

  it('a bulk delete that kept reserved items lists them with their reservations, and keeps them selected', async () => {
    signInAsManager();
    stubPaths({
      ...listAnswers,
      'DELETE /api/inventory/bulk/delete': {
        body: {
          success: true,
          data: {
            deletedItems: [{ id: 'aaaaaaaa-0001', itemNumber: 'GC-001' }],
            keptItems: [{ id: 'aaaaaaaa-0002', itemNumber: 'GC-002', reservations: ['RES-000007'] }],
          },
        },
      },
    });
    renderApp('/acme/inventory');
    fireEvent.click(await screen.findByLabelText('Select GC-001'));
    fireEvent.click(screen.getByLabelText('Select GC-002'));
    await screen.findByText('2 items selected');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('1 item deleted successfully');
    await screen.findByText('Kept 1 item with active or upcoming reservations: GC-002 (RES-000007)');
    await screen.findByText('1 item selected');
  });

  it('select-all takes the page, and a refused status change shows the server message', async () => {
    signInAsManager();
    stubPaths({
      ...listAnswers,
      'PATCH /api/inventory/items/aaaaaaaa-0001/status': {
        status: 409,
        body: { error: 'Conflict', message: 'Item is rented out' },
      },
    });
    renderApp('/acme/inventory');
    fireEvent.click(await screen.findByLabelText('Select all items on this page'));
    await screen.findByText('2 items selected');
    fireEvent.change(screen.getByLabelText('Status of GC-001'), { target: { value: 'DAMAGED' } });
    await screen.findByText('Item is rented out');
  });

  it('welcomes a manager with no inventory (even with services), with Add Item disabled until a type exists', async () => {
    signInAsManager();
    stubPaths({
      ...listAnswers,
      'GET /api/inventory/product-types': { body: [] },
      'GET /api/inventory/items': { body: { items: [], nextCursor: null } },
      'GET /api/inventory/services': { body: [staffServiceWire({ id: 's1', name: 'Tour' })] },
    });
    renderApp('/acme/inventory');
    await screen.findByText('Welcome to Your Inventory System');
    expect((screen.getByRole('button', { name: 'Add Item' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create Your First Product Type' }));
    await screen.findByRole('dialog', { name: 'Create New Product Type' });
  });
});
