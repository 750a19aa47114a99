import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../app/session.js';
import { renderApp, stubPaths } from '../../test-utils.js';

const user = (role: SessionUser['role'], accessLevel?: 'EMPLOYEE' | 'MANAGER'): SessionUser =>
  ({
    id: 'u1',
    role,
    accessLevel,
    firstName: 'Ada',
    lastName: 'Lovelace',
    organizationId: 'o1',
    organization: { name: 'Acme Rentals', subdomain: 'acme' },
  }) as SessionUser;

const type = {
  id: 't1',
  name: 'Golf Cart',
  category: 'Carts',
  description: null,
  defaultHourlyRate: 25,
  defaultDailyRate: null,
  rates: [{ rate: 25, rateType: 'hourly' }],
  variants: [],
  _count: { items: 1 },
  createdAt: '',
  updatedAt: '',
};
const item = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  itemNumber: 'GC-001',
  serialNumber: null,
  productTypeId: 't1',
  productType: { id: 't1', name: 'Golf Cart', category: 'Carts' },
  productVariantId: null,
  productVariant: null,
  condition: 'GOOD',
  location: 'Barn',
  notes: null,
  status: 'AVAILABLE',
  createdAt: '',
  updatedAt: '',
};

function signIn(u: SessionUser) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(u));
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('inventory page', () => {
  it('gives a manager the manage header, buttons, status dropdowns and the activity log tab', async () => {
    signIn(user('EMPLOYEE', 'MANAGER'));
    stubPaths({
      'GET /api/inventory/product-types': { body: [type] },
      'GET /api/inventory/items': { body: { items: [item], nextCursor: null } },
      'GET /api/inventory/services': { body: [] },
    });
    renderApp('/acme/inventory');
    await screen.findByText('Manage your inventory items and product types');
    screen.getByRole('button', { name: 'Add Item' });
    screen.getByRole('tab', { name: 'Activity Log' });
    await screen.findByLabelText('Status of GC-001');
    screen.getByText('7728950e');
  });

  it('shows other staff a read-only page: badges, no buttons, no activity log', async () => {
    signIn(user('EMPLOYEE', 'EMPLOYEE'));
    stubPaths({
      'GET /api/inventory/product-types': { body: [type] },
      'GET /api/inventory/items': { body: { items: [item], nextCursor: null } },
      'GET /api/inventory/services': { body: [] },
    });
    renderApp('/acme/inventory');
    await screen.findByText('View inventory items');
    await screen.findByText('GC-001');
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Activity Log' })).toBeNull();
    expect(screen.queryByLabelText('Status of GC-001')).toBeNull();
  });

  // docs/decisions/0225-layout-at-375-and-1366.md: the API lets an employee granted the item cells create, edit and delete (mayUse);
  // the page offers exactly that, and a manager denied deletion loses the delete buttons.
  const mine = (policyRole: 'EMPLOYEE' | 'MANAGER', cells: Record<string, boolean>) => ({
    body: { role: 'EMPLOYEE', policyRole, permissions: cells },
  });
  const inventoryAnswers = {
    'GET /api/inventory/product-types': { body: [type] },
    'GET /api/inventory/items': { body: { items: [item], nextCursor: null } },
    'GET /api/inventory/services': { body: [] },
  };

  it('gives an employee granted item create, edit and delete the buttons that do them', async () => {
    signIn(user('EMPLOYEE', 'EMPLOYEE'));
    stubPaths({
      ...inventoryAnswers,
      'GET /api/settings/permissions/mine': mine('EMPLOYEE', {
        'inventoryItems.view': true,
        'inventoryItems.create': true,
        'inventoryItems.edit': true,
        'inventoryItems.delete': true,
      }),
    });
    renderApp('/acme/inventory');
    await screen.findByRole('button', { name: 'Edit GC-001' });
    screen.getByRole('button', { name: 'Delete GC-001' });
    screen.getByRole('button', { name: 'Add Item' });
    screen.getByLabelText('Status of GC-001');
    screen.getByLabelText('Select GC-001');
    // Product types, services and the activity log were not granted.
    expect(screen.queryByRole('button', { name: 'Add Product Type' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Activity Log' })).toBeNull();
  });

  it('offers an employee granted only editing the edit button and the status, nothing else', async () => {
    signIn(user('EMPLOYEE', 'EMPLOYEE'));
    stubPaths({
      ...inventoryAnswers,
      'GET /api/settings/permissions/mine': mine('EMPLOYEE', { 'inventoryItems.edit': true }),
    });
    renderApp('/acme/inventory');
    await screen.findByRole('button', { name: 'Edit GC-001' });
    screen.getByLabelText('Status of GC-001');
    expect(screen.queryByRole('button', { name: 'Delete GC-001' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
    expect(screen.queryByLabelText('Select GC-001')).toBeNull();
  });

  it('takes the delete buttons from a manager whose matrix denies item deletion', async () => {
    signIn(user('EMPLOYEE', 'MANAGER'));
    stubPaths({
      ...inventoryAnswers,
      'GET /api/settings/permissions/mine': mine('MANAGER', {
        'inventoryItems.create': true,
        'inventoryItems.edit': true,
        'inventoryItems.delete': false,
      }),
    });
    renderApp('/acme/inventory');
    await screen.findByRole('button', { name: 'Edit GC-001' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete GC-001' })).toBeNull());
    screen.getByRole('button', { name: 'Add Item' });
  });

  it('says what failed and offers Retry when the inventory cannot load', async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubPaths({
      'GET /api/inventory/product-types': {
        status: 500,
        body: { error: 'InternalError', message: 'Database unavailable' },
      },
      'GET /api/inventory/items': { body: { items: [], nextCursor: null } },
    });
    renderApp('/acme/inventory');
    await screen.findByText('Error Loading Inventory');
    screen.getByText('Failed to load inventory data: Database unavailable');
    screen.getByRole('button', { name: 'Retry' });
  });
});
