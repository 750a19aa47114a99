import useSWR from 'swr';
import type { InventoryItem, ProductType } from '../../../../../shared/contract/inventory-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { loadAllItems } from '../itemRules.js';
import { INVENTORY_PAGE } from './keys.js';

/** Items per request while loading the whole list (the API's maximum page). */
const LOAD_PAGE = 1000;

interface InventoryData {
  productTypes: ProductType[];
  items: InventoryItem[];
}

async function getInventory(): Promise<InventoryData> {
  const [productTypes, items] = await Promise.all([
    api('inventory.listProductTypes'),
    loadAllItems((cursor) => api('inventory.listItems', { query: { limit: LOAD_PAGE, cursor } })),
  ]);
  return { productTypes, items };
}

/** Product types and every item (R-INV-2: loaded together). */
export function useInventory() {
  return useSWR(apiKey(INVENTORY_PAGE), getInventory);
}
