import { api, type BodyOf } from '../../../api/client.js';

/** Composed by the product type form's one Save, which revalidates INVENTORY. */
export const updateProductType = (id: string, body: BodyOf<'inventory.updateProductType'>) =>
  api('inventory.updateProductType', { params: { id }, body });
