import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubPaths } from '../../../test-utils.js';
import { useLocationList } from './index.js';

function Names() {
  const { data } = useLocationList();
  return <p>{data ? `locations: ${data.map((l) => l.name).join(', ') || 'none'}` : 'loading'}</p>;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

describe("the employee form's locations (docs/decisions/0133-house-lean-bundles-fifth-pass-issue-27.md: data hooks live in the feature's api/)", () => {
  it('lists the tenant locations', async () => {
    localStorage.setItem('token', 'tok');
    stubPaths({
      'GET /api/locations': { body: [{ id: 'l1', name: 'Dock', description: null }] },
    });
    renderWithProviders(<Names />);
    await screen.findByText('locations: Dock');
  });

  it('is an empty list when the locations cannot be read (R-TS-2)', async () => {
    localStorage.setItem('token', 'tok');
    stubPaths({ 'GET /api/locations': { status: 403, body: { error: 'Forbidden', message: 'No' } } });
    renderWithProviders(<Names />);
    await screen.findByText('locations: none');
  });

  it('the dialog reads its data through the hooks, calling no SWR itself', () => {
    const dialog = readFileSync('web/src/features/employees/EmployeeFormDialog.tsx', 'utf8');
    expect(dialog).not.toMatch(/from 'swr'/);
  });
});
