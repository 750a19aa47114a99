import { api, type BodyOf } from '../../../api/client.js';

/** Composed by the product type form's one Save (the type, then its variants), which revalidates INVENTORY. */
export const createProductType = (body: BodyOf<'inventory.createProductType'>, idempotencyKey: string) =>
  api('inventory.createProductType', { body, idempotencyKey });
