import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../app/session.js';
import { renderApp, stubFetch } from '../../test-utils.js';

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
    stubFetch({
      'GET /api/inventory/product-types': { body: [type] },
      'GET /api/inventory/items': { body: { items: [item], nextCursor: null } },
      'GET /api/inventory/services': { body: [] },
    });
    renderApp('/acme/inventory');
    expect(await screen.findByText('Manage your inventory items and product types')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Item' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Activity Log' })).toBeTruthy();
    expect(await screen.findByLabelText('Status of GC-001')).toBeTruthy();
    expect(screen.getByText('7728950e')).toBeTruthy();
  });

  it('shows other staff a read-only page: badges, no buttons, no activity log', async () => {
    signIn(user('EMPLOYEE', 'EMPLOYEE'));
    stubFetch({
      'GET /api/inventory/product-types': { body: [type] },
      'GET /api/inventory/items': { body: { items: [item], nextCursor: null } },
      'GET /api/inventory/services': { body: [] },
    });
    renderApp('/acme/inventory');
    expect(await screen.findByText('View inventory items')).toBeTruthy();
    expect(await screen.findByText('GC-001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Activity Log' })).toBeNull();
    expect(screen.queryByLabelText('Status of GC-001')).toBeNull();
  });

  it('says what failed and offers Retry when the inventory cannot load', async () => {
    signIn(user('BUSINESS_ADMIN'));
    stubFetch({
      'GET /api/inventory/product-types': {
        status: 500,
        body: { error: 'InternalError', message: 'Database unavailable' },
      },
      'GET /api/inventory/items': { body: { items: [], nextCursor: null } },
    });
    renderApp('/acme/inventory');
    expect(await screen.findByText('Error Loading Inventory')).toBeTruthy();
    expect(screen.getByText('Failed to load inventory data: Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
