import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { INVENTORY } from './keys.js';

export const deleteItem = (id: string) => api('inventory.deleteItem', { params: { id } });

export function useDeleteItem(texts: MutationTexts<[string], Awaited<ReturnType<typeof deleteItem>>>) {
  return useMutationAction(deleteItem, { ...texts, revalidate: [INVENTORY] });
}
