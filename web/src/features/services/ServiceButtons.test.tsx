import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffServiceSchema } from '../../../../shared/contract/responses.js';
import * as z from '../../../../shared/zod.js';
import { renderWithProviders, stubPaths } from '../../test-utils.js';
import { staffService } from './fixtures.test-helpers.js';
import ServicesTab from './ServicesTab.js';

// R-RES-13: a control shows exactly when its route would answer (docs/decisions/0267-controls-follow-permissions.md).

afterEach(() => vi.restoreAllMocks());
vi.setConfig({ testTimeout: 60_000 });

describe('service buttons', () => {
  it('offers Edit without Delete to whoever may edit but not delete services', async () => {
    stubPaths({
      'GET /api/inventory/services': {
        body: [z.encode(staffServiceSchema, staffService({ id: 's1', name: 'Sunset Tour' }))],
      },
    });
    renderWithProviders(<ServicesTab access={{ create: false, edit: true, delete: false }} />);
    await screen.findByRole('button', { name: 'Edit Sunset Tour' }, { timeout: 20_000 });
    expect(screen.queryByRole('button', { name: 'Delete Sunset Tour' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Service' })).toBeNull();
  });
});
