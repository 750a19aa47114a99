/**
 * What the inventory endpoints answer (document 2 §3, §7). The API (functions/inventory) produces
 * these and the SPA (web/src/features/inventory) reads them: one definition, no guessing.
 */
import type { ITEM_CONDITIONS, ITEM_STATUSES, RATE_TYPES } from './routes/inventory.js';

export type RateType = (typeof RATE_TYPES)[number];
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

export interface RateRow {
  rate: number;
  rateType: RateType;
}

export interface Location {
  id: string;
  name: string;
  description: string | null;
}

export interface ProductVariant {
  id: string;
  productTypeId: string;
  name: string;
  description: string | null;
  hourlyRate: number | null;
  dailyRate: number | null;
  rates: RateRow[];
}

export interface ProductType {
  id: string;
  name: string;
  category: string;
  description: string | null;
  defaultHourlyRate: number | null;
  defaultDailyRate: number | null;
  rates: RateRow[];
  variants: ProductVariant[];
  /** Kept up to date on every item write, so the cards never count items. */
  _count: { items: number };
  createdAt: string;
  updatedAt: string;
}

export interface InventoryItem {
  id: string;
  itemNumber: string;
  serialNumber: string | null;
  productTypeId: string;
  productType: { id: string; name: string; category: string } | null;
  productVariantId: string | null;
  productVariant: { id: string; name: string } | null;
  condition: ItemCondition;
  location: string | null;
  notes: string | null;
  status: ItemStatus;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/inventory/items: one page; `nextCursor` is null on the last page. */
export interface ItemPage {
  items: InventoryItem[];
  nextCursor: string | null;
}

/**
 * GET /api/inventory/items/stats/overview (dashboard inventory card, document 1 §3 and §8):
 * `statusCounts` uses document 1's names (MAINTENANCE_REQUIRED counts items in MAINTENANCE);
 * `byStatus` has every item status of document 2 for the inventory page.
 */
export interface InventoryStats {
  total: number;
  statusCounts: { AVAILABLE: number; IN_USE: number; MAINTENANCE_REQUIRED: number; OUT_OF_SERVICE: number };
  byStatus: Record<ItemStatus, number>;
  /** Items in MAINTENANCE or DAMAGED. */
  maintenanceDue: number;
}

export interface ActivityChange {
  field: string;
  oldValue: unknown;
  newValue: unknown;
  itemNumber?: string;
}

export interface ActivityLogEntry {
  id: string;
  /** ITEM_CREATED, ITEM_UPDATED, ITEM_DELETED, ITEM_STATUS_CHANGED, PRODUCT_TYPE_CREATED/UPDATED/DELETED, VARIANT_*, BULK_CREATED, BULK_DELETED */
  eventType: string;
  eventDate: string;
  details: {
    operationType?: string;
    itemCount?: number;
    productTypeName?: string;
    itemsByType?: Record<string, number>;
    itemIds?: string[];
    itemsData?: { id: string; itemNumber: string; productTypeName: string | null; status: ItemStatus; location: string | null }[];
    changes?: ActivityChange[];
    timestamp: string;
    [key: string]: unknown;
  };
  oldStatus: ItemStatus | null;
  newStatus: ItemStatus | null;
  item: { id: string; itemNumber: string } | null;
  productType: { id: string; name: string } | null;
  user: { id: string; firstName: string; lastName: string } | null;
}

/** POST /api/inventory/bulk/generate-ids */
export interface GenerateIdsResponse {
  success: true;
  data: { suggestions: { suggestedId: string }[] };
}

/** POST /api/inventory/bulk/create */
export interface BulkCreateResponse {
  success: true;
  data: { createdItems: InventoryItem[] };
}

/** DELETE /api/inventory/bulk/delete */
export interface BulkDeleteResponse {
  success: true;
  data: { deletedItems: { id: string; itemNumber: string }[] };
}
