/**
 * The inventory area's requests, one file each (docs/decisions/0235-web-request-files.md): `get-*.ts` holds a
 * read and its SWR hook, `<verb>-*.ts` a write and, when a screen runs it alone, its `use<Verb><Thing>` hook.
 */
export { bulkCreateItems } from './bulk-create-items.js';
export { useBulkDeleteItems } from './bulk-delete-items.js';
export { type SettableStatus, useChangeItemStatus } from './change-item-status.js';
export { createItem } from './create-item.js';
export { useCreateLocation } from './create-location.js';
export { createProductType } from './create-product-type.js';
export { useDeleteItem } from './delete-item.js';
export { useDeleteProductType } from './delete-product-type.js';
export { useGenerateItemIds } from './generate-item-ids.js';
export { useActivityLog } from './get-activity-log.js';
export { useInventory } from './get-inventory.js';
export { useLocations } from './get-locations.js';
export type { BulkCreateBody, ItemBody } from './item-bodies.js';
export { INVENTORY, INVENTORY_ACTIVITY } from './keys.js';
export { createVariant, deleteVariant, updateVariant } from './save-variants.js';
export { updateItem } from './update-item.js';
export { updateProductType } from './update-product-type.js';
