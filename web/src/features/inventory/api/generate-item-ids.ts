import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';

export const generateItemIds = (productTypeId: string, quantity: number) =>
  api('inventory.generateIds', { body: { productTypeId, quantity } });

/** Proposes item IDs for the bulk form; nothing is stored, so no cache is revalidated. */
export function useGenerateItemIds(
  texts: MutationTexts<[string, number], Awaited<ReturnType<typeof generateItemIds>>>,
) {
  return useMutationAction(generateItemIds, texts);
}
