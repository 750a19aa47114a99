import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { INVENTORY } from './keys.js';

export const deleteProductType = (id: string) => api('inventory.deleteProductType', { params: { id } });

export function useDeleteProductType(texts: MutationTexts<[string], Awaited<ReturnType<typeof deleteProductType>>>) {
  return useMutationAction(deleteProductType, { ...texts, revalidate: [INVENTORY] });
}
