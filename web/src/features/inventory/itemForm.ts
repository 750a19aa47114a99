import { z } from 'zod';
import { ITEM_CONDITIONS, type InventoryItem } from '../../../../shared/contract/inventory-models.js';
import { itemBody } from '../../../../shared/contract/inventory-request-models.js';
import type { BulkCreateBody, ItemBody } from './api/index.js';

/**
 * The item form's schema: the contract's item body with form-shaped values (empty strings for
 * "none"); in bulk mode the item ID comes from the generated list, so it may be empty.
 */
export const itemForm = z
  .object({
    bulk: z.boolean(),
    productTypeId: itemBody.shape.productTypeId,
    productVariantId: z.string(),
    itemNumber: z.string().max(64),
    serialNumber: z.string().max(120),
    condition: z.enum(ITEM_CONDITIONS),
    location: z.string().max(120),
    notes: z.string().max(2000),
  })
  .superRefine((v, ctx) => {
    if (v.bulk) return;
    const r = itemBody.shape.itemNumber.safeParse(v.itemNumber);
    if (!r.success)
      ctx.addIssue({
        code: 'custom',
        path: ['itemNumber'],
        message: r.error.issues[0]?.message ?? 'Item ID is required',
      });
  });
type ItemFormValues = z.input<typeof itemForm>;

/** A new item's form (the product type preselected when there is only one). */
export const emptyItem = (productTypeId = ''): ItemFormValues => ({
  bulk: false,
  productTypeId,
  productVariantId: '',
  itemNumber: '',
  serialNumber: '',
  condition: 'GOOD',
  location: '',
  notes: '',
});
/** The form of an item being edited. */
export const fromItem = (item: InventoryItem): ItemFormValues => ({
  bulk: false,
  productTypeId: item.productTypeId,
  productVariantId: item.productVariantId ?? '',
  itemNumber: item.itemNumber,
  serialNumber: item.serialNumber ?? '',
  condition: item.condition,
  location: item.location ?? '',
  notes: item.notes ?? '',
});

/** One item as the form sends it: empty strings become null. */
export const toItemBody = (v: z.output<typeof itemForm>): ItemBody => ({
  productTypeId: v.productTypeId,
  productVariantId: v.productVariantId || null,
  itemNumber: v.itemNumber,
  serialNumber: v.serialNumber || null,
  condition: v.condition,
  location: v.location || null,
  notes: v.notes || null,
});

/** The generated item IDs with the properties the form gives them all (bulk mode), each created AVAILABLE. */
export const toBulkBody = (v: z.output<typeof itemForm>, itemIds: readonly string[]): BulkCreateBody => ({
  productTypeId: v.productTypeId,
  productVariantId: v.productVariantId || null,
  items: itemIds.map((itemId) => ({ itemId })),
  commonProperties: {
    condition: v.condition,
    location: v.location || null,
    notes: v.notes || null,
    status: 'AVAILABLE' as const,
  },
});
