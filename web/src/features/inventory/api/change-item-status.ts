import type { ItemStatus } from '../../../../../shared/contract/inventory-models.js';
import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { INVENTORY } from './keys.js';

/** The statuses a person sets by hand (IN_USE follows the reservations). */
export type SettableStatus = Exclude<ItemStatus, 'IN_USE'>;

export const changeItemStatus = (id: string, status: SettableStatus) =>
  api('inventory.changeItemStatus', { params: { id }, body: { status } });

export function useChangeItemStatus(
  texts: MutationTexts<[string, SettableStatus], Awaited<ReturnType<typeof changeItemStatus>>>,
) {
  return useMutationAction(changeItemStatus, { ...texts, revalidate: [INVENTORY] });
}
