/**
 * What the inventory endpoints answer (document 2 §3, §7), as zod schemas: the contract's `response`
 * of each inventory route, the pipeline's check of what the API answers, and (through z.infer) the
 * types the API (functions/inventory) produces and the SPA (web/src/features/inventory) reads.
 */
import { z } from 'zod';

export const RATE_TYPES = ['hourly', 'daily', 'weekly', 'monthly', 'flat_rate'] as const;
export const ITEM_STATUSES = ['AVAILABLE', 'IN_USE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'] as const;
export const ITEM_CONDITIONS = ['EXCELLENT', 'GOOD', 'FAIR', 'POOR'] as const;

export type RateType = (typeof RATE_TYPES)[number];
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

const itemStatus = z.enum(ITEM_STATUSES);

export const rateRowSchema = z.object({ rate: z.number(), rateType: z.enum(RATE_TYPES) });
export type RateRow = z.infer<typeof rateRowSchema>;

export const locationSchema = z.object({ id: z.string(), name: z.string(), description: z.string().nullable() });
export type Location = z.infer<typeof locationSchema>;

export const productVariantSchema = z.object({
  id: z.string(),
  productTypeId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  hourlyRate: z.number().nullable(),
  dailyRate: z.number().nullable(),
  rates: z.array(rateRowSchema),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
  defaultHourlyRate: z.number().nullable(),
  defaultDailyRate: z.number().nullable(),
  rates: z.array(rateRowSchema),
  variants: z.array(productVariantSchema),
  /** Kept up to date on every item write, so the cards never count items. */
  _count: z.object({ items: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductType = z.infer<typeof productTypeSchema>;

export const inventoryItemSchema = z.object({
  id: z.string(),
  itemNumber: z.string(),
  serialNumber: z.string().nullable(),
  productTypeId: z.string(),
  productType: z.object({ id: z.string(), name: z.string(), category: z.string() }).nullable(),
  productVariantId: z.string().nullable(),
  productVariant: z.object({ id: z.string(), name: z.string() }).nullable(),
  condition: z.enum(ITEM_CONDITIONS),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  status: itemStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** GET /api/inventory/items: one page; `nextCursor` is null on the last page. */
export const itemPageSchema = z.object({ items: z.array(inventoryItemSchema), nextCursor: z.string().nullable() });
export type ItemPage = z.infer<typeof itemPageSchema>;

/**
 * GET /api/inventory/items/stats/overview (dashboard inventory card, document 1 §3 and §8):
 * `statusCounts` uses document 1's names (MAINTENANCE_REQUIRED counts items in MAINTENANCE);
 * `byStatus` has every item status of document 2 for the inventory page.
 */
export const inventoryStatsSchema = z.object({
  total: z.number().int(),
  statusCounts: z.object({ AVAILABLE: z.number().int(), IN_USE: z.number().int(), MAINTENANCE_REQUIRED: z.number().int(), OUT_OF_SERVICE: z.number().int() }),
  byStatus: z.object({ AVAILABLE: z.number().int(), IN_USE: z.number().int(), MAINTENANCE: z.number().int(), OUT_OF_SERVICE: z.number().int(), DAMAGED: z.number().int() }),
  /** Items in MAINTENANCE or DAMAGED. */
  maintenanceDue: z.number().int(),
});
export type InventoryStats = z.infer<typeof inventoryStatsSchema>;

export const activityChangeSchema = z.object({ field: z.string(), oldValue: z.unknown(), newValue: z.unknown(), itemNumber: z.string().optional() });
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const activityLogEntrySchema = z.object({
  id: z.string(),
  /** ITEM_CREATED, ITEM_UPDATED, ITEM_DELETED, ITEM_STATUS_CHANGED, PRODUCT_TYPE_CREATED/UPDATED/DELETED, VARIANT_*, BULK_CREATED, BULK_DELETED */
  eventType: z.string(),
  eventDate: z.string(),
  details: z.looseObject({
    operationType: z.string().optional(),
    itemCount: z.number().optional(),
    productTypeName: z.string().optional(),
    itemsByType: z.record(z.string(), z.number()).optional(),
    itemIds: z.array(z.string()).optional(),
    itemsData: z.array(z.object({ id: z.string(), itemNumber: z.string(), productTypeName: z.string().nullable(), status: itemStatus, location: z.string().nullable() })).optional(),
    changes: z.array(activityChangeSchema).optional(),
    timestamp: z.string(),
  }),
  oldStatus: itemStatus.nullable(),
  newStatus: itemStatus.nullable(),
  item: z.object({ id: z.string(), itemNumber: z.string() }).nullable(),
  productType: z.object({ id: z.string(), name: z.string() }).nullable(),
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntrySchema>;

/** `{success, message}` of the deletes. */
export const deletedSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST /api/inventory/bulk/generate-ids */
export const generateIdsResponseSchema = z.object({ success: z.literal(true), data: z.object({ suggestions: z.array(z.object({ suggestedId: z.string() })) }) });
export type GenerateIdsResponse = z.infer<typeof generateIdsResponseSchema>;

/** POST /api/inventory/bulk/create */
export const bulkCreateResponseSchema = z.object({ success: z.literal(true), data: z.object({ createdItems: z.array(inventoryItemSchema) }) });
export type BulkCreateResponse = z.infer<typeof bulkCreateResponseSchema>;

/** DELETE /api/inventory/bulk/delete */
export const bulkDeleteResponseSchema = z.object({ success: z.literal(true), data: z.object({ deletedItems: z.array(z.object({ id: z.string(), itemNumber: z.string() })) }) });
export type BulkDeleteResponse = z.infer<typeof bulkDeleteResponseSchema>;
