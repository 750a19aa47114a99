import useSWR from 'swr';
import type { InventoryItem, ItemStatus, ProductType } from '../../../../../shared/contract/inventory-models.js';
import { api, type BodyOf } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { ACTIVITY_LOG_LIMIT, loadAllItems } from '../itemRules.js';

/** Cache resources of this area (for useMutationAction's `revalidate`). */
export const INVENTORY = 'inventory';
export const INVENTORY_PAGE = 'inventory.page';
export const INVENTORY_ACTIVITY = 'inventory.activity';
export const LOCATIONS = 'inventory.locations';

/** Items per request while loading the whole list (the API's maximum page). */
const LOAD_PAGE = 1000;

export interface InventoryData {
  productTypes: ProductType[];
  items: InventoryItem[];
}

async function loadInventory(): Promise<InventoryData> {
  const [productTypes, items] = await Promise.all([
    api('inventory.listProductTypes'),
    loadAllItems((cursor) => api('inventory.listItems', { query: { limit: LOAD_PAGE, cursor } })),
  ]);
  return { productTypes, items };
}

/** Product types and every item (R-INV-2: loaded together). */
export function useInventory() {
  return useSWR(apiKey(INVENTORY_PAGE), loadInventory);
}

/** The activity log, loaded when its tab opens (limit 100). */
export function useActivityLog() {
  return useSWR(apiKey(INVENTORY_ACTIVITY, ACTIVITY_LOG_LIMIT), () =>
    api('inventory.activityLog', { query: { limit: ACTIVITY_LOG_LIMIT } }),
  );
}

export interface Location {
  id: string;
  name: string;
}

/** The tenant's locations: a plain {id, name, description} list (the contract's response). */
export function useLocations() {
  return useSWR(apiKey(LOCATIONS), () => api('inventory.listLocations'));
}

export interface ItemBody {
  productTypeId: string;
  productVariantId: string | null;
  itemNumber: string;
  serialNumber: string | null;
  condition: InventoryItem['condition'];
  location: string | null;
  notes: string | null;
}

export const inventoryApi = {
  createLocation: (name: string, idempotencyKey: string) =>
    api('inventory.createLocation', { body: { name }, idempotencyKey }),
  createItem: (body: ItemBody, idempotencyKey: string) => api('inventory.createItem', { body, idempotencyKey }),
  updateItem: (id: string, body: ItemBody) => api('inventory.updateItem', { params: { id }, body }),
  deleteItem: (id: string) => api('inventory.deleteItem', { params: { id } }),
  changeStatus: (id: string, status: Exclude<ItemStatus, 'IN_USE'>) =>
    api('inventory.changeItemStatus', { params: { id }, body: { status } }),
  bulkDelete: (itemIds: string[]) => api('inventory.bulkDelete', { body: { itemIds } }),
  generateIds: (productTypeId: string, quantity: number) =>
    api('inventory.generateIds', { body: { productTypeId, quantity } }),
  bulkCreate: (
    body: {
      productTypeId: string;
      productVariantId: string | null;
      items: { itemId: string }[];
      commonProperties: {
        condition: InventoryItem['condition'];
        location: string | null;
        notes: string | null;
        status: 'AVAILABLE';
      };
    },
    idempotencyKey: string,
  ) => api('inventory.bulkCreate', { body, idempotencyKey }),
  deleteProductType: (id: string) => api('inventory.deleteProductType', { params: { id } }),
  createProductType: (body: BodyOf<'inventory.createProductType'>, idempotencyKey: string) =>
    api('inventory.createProductType', { body, idempotencyKey }),
  updateProductType: (id: string, body: BodyOf<'inventory.updateProductType'>) =>
    api('inventory.updateProductType', { params: { id }, body }),
  createVariant: (typeId: string, body: BodyOf<'inventory.createVariant'>, idempotencyKey: string) =>
    api('inventory.createVariant', { params: { id: typeId }, body, idempotencyKey }),
  updateVariant: (id: string, body: BodyOf<'inventory.updateVariant'>) =>
    api('inventory.updateVariant', { params: { id }, body }),
  deleteVariant: (id: string) => api('inventory.deleteVariant', { params: { id } }),
};
