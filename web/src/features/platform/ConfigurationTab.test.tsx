import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODULES } from '../../../../shared/domain/modules.js';
import { renderWithProviders, stubPaths } from '../../test-utils.js';
import { ConfigurationTab } from './ConfigurationTab.js';

const orgs = [
  { id: 'o1', name: 'Harbour Hire', subdomain: 'harbour' },
  { id: 'o2', name: 'Bay Bikes', subdomain: 'bay' },
];
const features = () =>
  MODULES.map((m) => ({
    id: m.id,
    name: m.id,
    displayName: m.displayName,
    description: m.description,
    category: m.category,
    isCore: m.isCore,
    isGloballyEnabled: true,
    dependencies: m.dependencies,
    organizations: orgs.map((o) => ({ ...o, enabled: true })),
  }));

afterEach(() => vi.restoreAllMocks());

describe('Configuration → Feature Flags (docs/decisions/0015-feature-flags-everywhere.md)', () => {
  it('disables only the core switches, and a non-core switch turns the feature off for every tenant', async () => {
    const list = features();
    const calls = stubPaths({
      'GET /api/platform/features': () => ({ body: { features: list } }),
      'POST /api/platform/organizations/o1/modules/payments/disable': { body: toggled('payments') },
      'POST /api/platform/organizations/o2/modules/payments/disable': { body: toggled('payments') },
    });
    renderWithProviders(<ConfigurationTab />);
    for (const m of MODULES) {
      const input = (await screen.findByLabelText(`${m.displayName} globally enabled`)) as HTMLInputElement;
      expect(input.disabled).toBe(m.isCore);
    }
    expect(MODULES.some((m) => !m.isCore)).toBe(true);
    fireEvent.click(screen.getByLabelText('Payments globally enabled'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toHaveLength(2));
    await screen.findByText('Payments disabled for 2 tenants');
  });
});

function toggled(module: string) {
  return {
    success: true,
    module,
    enabled: false,
    modules: [],
  };
}
