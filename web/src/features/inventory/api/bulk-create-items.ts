import { api } from '../../../api/client.js';
import type { BulkCreateBody } from './item-bodies.js';

/** Composed by the item form's one Save (bulk mode), which revalidates INVENTORY. */
export const bulkCreateItems = (body: BulkCreateBody, idempotencyKey: string) =>
  api('inventory.bulkCreate', { body, idempotencyKey });
