import { api } from '../../../api/client.js';
import type { ItemBody } from './item-bodies.js';

/** Composed by the item form's one Save, which revalidates INVENTORY. */
export const updateItem = (id: string, body: ItemBody) => api('inventory.updateItem', { params: { id }, body });
