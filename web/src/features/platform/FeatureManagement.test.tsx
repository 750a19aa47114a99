import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODULES } from '../../../../shared/domain/modules.js';
import { toaster } from '../../components/toaster.js';
import { renderWithProviders, stubPaths } from '../../test-utils.js';
import { FeatureManagement } from './FeatureManagement.js';

const modules = MODULES.map((m) => ({
  name: m.id,
  displayName: m.displayName,
  description: m.description,
  category: m.category,
  isCore: m.isCore,
  dependencies: m.dependencies,
  subFeatures: [],
  enabled: true,
  configuration: {},
}));

afterEach(() => vi.restoreAllMocks());

describe('feature management (docs/decisions/0024-words-and-states.md)', () => {
  it('refuses a blocked change on every click, not only every other one, and sends nothing', async () => {
    toaster.remove();
    const calls = stubPaths({ 'GET /api/platform/organizations/org1/modules': { body: { modules } } });
    renderWithProviders(<FeatureManagement tenantId="org1" />);
    const reservations = (await screen.findByLabelText('Reservations enabled')) as HTMLInputElement;
    const blocked = /Cannot disable\. Required by: .*Reports/;
    fireEvent.click(reservations);
    await waitFor(() => expect(screen.getAllByText(blocked)).toHaveLength(1));
    const again = screen.getByLabelText('Reservations enabled') as HTMLInputElement;
    expect(again.checked).toBe(true);
    fireEvent.click(again);
    await waitFor(() => expect(screen.getAllByText(blocked)).toHaveLength(2));
    expect((screen.getByLabelText('Reservations enabled') as HTMLInputElement).checked).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
