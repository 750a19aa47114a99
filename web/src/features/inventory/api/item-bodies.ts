import type { InventoryItem } from '../../../../../shared/contract/inventory-models.js';
import type { BodyOf } from '../../../api/client.js';

/** One item as the item form sends it (create and update). */
export interface ItemBody {
  productTypeId: string;
  productVariantId: string | null;
  itemNumber: string;
  serialNumber: string | null;
  condition: InventoryItem['condition'];
  location: string | null;
  notes: string | null;
}

/** Generated item IDs with the properties they share (the form's bulk mode). */
export type BulkCreateBody = BodyOf<'inventory.bulkCreate'>;
