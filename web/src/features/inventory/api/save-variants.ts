import { api, type BodyOf } from '../../../api/client.js';

/*
 * A type's variants are written one call each after the type (R-INV-3), inside the product type form's
 * one Save, which revalidates INVENTORY.
 */
export const createVariant = (typeId: string, body: BodyOf<'inventory.createVariant'>, idempotencyKey: string) =>
  api('inventory.createVariant', { params: { id: typeId }, body, idempotencyKey });
export const updateVariant = (id: string, body: BodyOf<'inventory.updateVariant'>) =>
  api('inventory.updateVariant', { params: { id }, body });
export const deleteVariant = (id: string) => api('inventory.deleteVariant', { params: { id } });
