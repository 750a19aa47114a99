import { api } from '../../../api/client.js';
import type { ItemBody } from './item-bodies.js';

/** Composed by the item form's one Save (with update-item and bulk-create-items), which revalidates INVENTORY. */
export const createItem = (body: ItemBody, idempotencyKey: string) =>
  api('inventory.createItem', { body, idempotencyKey });
