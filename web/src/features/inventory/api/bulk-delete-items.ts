import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { INVENTORY } from './keys.js';

/** Deletes what it may and says which items it kept (R-INV-4). */
export const bulkDeleteItems = (itemIds: string[]) => api('inventory.bulkDelete', { body: { itemIds } });

export function useBulkDeleteItems(texts: MutationTexts<[string[]], Awaited<ReturnType<typeof bulkDeleteItems>>>) {
  return useMutationAction(bulkDeleteItems, { ...texts, revalidate: [INVENTORY] });
}
