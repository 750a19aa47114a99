import type { TenantId } from '../lib/keys.js';
import type * as Batch from '../inventory/bulk-batch.js';
import type * as Finish from '../inventory/bulk-finish.js';

/**
 * Seams for the inventory bulk tests, kept out of production code: a test file mocks the two step
 * modules with these wrappers and sets a hook to act between two steps of a bulk write:
 *
 *   vi.mock('./bulk-batch.js', async (real) => (await import('../testing/inventory-bulk-hooks.js')).hookedBatch(await real()));
 *   vi.mock('./bulk-finish.js', async (real) => (await import('../testing/inventory-bulk-hooks.js')).hookedFinish(await real()));
 *
 * Tests clear the hooks after each test (`delete bulkHooks.afterCheck`).
 */
export const bulkHooks: {
  /** After the check, before the intent is recorded (and so before any chunk): the items in write order. */
  afterCheck?: (tenant: TenantId, itemIdsInWriteOrder: string[]) => Promise<void>;
  /** After the last chunk of a create, before its log entry and the intent's removal. */
  beforeFinish?: () => Promise<void>;
} = {};

export function hookedBatch(real: typeof Batch): typeof Batch {
  return {
    ...real,
    recordBatch: async (tenant, batch) => {
      await bulkHooks.afterCheck?.(
        tenant,
        batch.items.map((i) => i.id),
      );
      return real.recordBatch(tenant, batch);
    },
  };
}

export function hookedFinish(real: typeof Finish): typeof Finish {
  return {
    ...real,
    finishCreate: async (...args) => {
      await bulkHooks.beforeFinish?.();
      return real.finishCreate(...args);
    },
  };
}
