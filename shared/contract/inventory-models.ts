/**
 * What the inventory endpoints answer (R-INV-4, R-INV-2), as zod schemas: the contract's `response`
 * of each inventory route, the pipeline's check of what the API answers, and (through z.infer) the
 * types the API (functions/inventory) produces and the SPA (web/src/features/inventory) reads.
 */
import * as z from '../zod.js';

export const RATE_TYPES = ['hourly', 'daily', 'weekly', 'monthly', 'flat_rate'] as const;
export const ITEM_STATUSES = ['AVAILABLE', 'IN_USE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'] as const;
export const ITEM_CONDITIONS = ['EXCELLENT', 'GOOD', 'FAIR', 'POOR'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

const itemStatus = z.enum(ITEM_STATUSES);

export const rateRowSchema = z.object({ rate: z.number(), rateType: z.enum(RATE_TYPES) });
export type RateRow = z.infer<typeof rateRowSchema>;

export const locationSchema = z.object({ id: z.string(), name: z.string(), description: z.nullable(z.string()) });
export type Location = z.infer<typeof locationSchema>;

export const productVariantSchema = z.object({
  id: z.string(),
  productTypeId: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  hourlyRate: z.nullable(z.number()),
  dailyRate: z.nullable(z.number()),
  rates: z.array(rateRowSchema),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.nullable(z.string()),
  defaultHourlyRate: z.nullable(z.number()),
  defaultDailyRate: z.nullable(z.number()),
  rates: z.array(rateRowSchema),
  variants: z.array(productVariantSchema),
  /** Kept up to date on every item write, so the cards never count items. */
  _count: z.object({ items: z.number().check(z.int()) }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductType = z.infer<typeof productTypeSchema>;

export const inventoryItemSchema = z.object({
  id: z.string(),
  itemNumber: z.string(),
  serialNumber: z.nullable(z.string()),
  productTypeId: z.string(),
  productType: z.nullable(z.object({ id: z.string(), name: z.string(), category: z.string() })),
  productVariantId: z.nullable(z.string()),
  productVariant: z.nullable(z.object({ id: z.string(), name: z.string() })),
  condition: z.enum(ITEM_CONDITIONS),
  location: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  status: itemStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** GET /api/inventory/items: one page; `nextCursor` is null on the last page. */
export const itemPageSchema = z.object({ items: z.array(inventoryItemSchema), nextCursor: z.nullable(z.string()) });
export type ItemPage = z.infer<typeof itemPageSchema>;

/**
 * GET /api/inventory/items/stats/overview (dashboard inventory card, R-PLAT-5, R-PLAT-4):
 * `statusCounts` uses document 1's names (MAINTENANCE_REQUIRED counts items in MAINTENANCE);
 * `byStatus` has every item status of document 2 for the inventory page.
 */
export const inventoryStatsSchema = z.object({
  total: z.number().check(z.int()),
  statusCounts: z.object({
    AVAILABLE: z.number().check(z.int()),
    IN_USE: z.number().check(z.int()),
    MAINTENANCE_REQUIRED: z.number().check(z.int()),
    OUT_OF_SERVICE: z.number().check(z.int()),
  }),
  byStatus: z.object({
    AVAILABLE: z.number().check(z.int()),
    IN_USE: z.number().check(z.int()),
    MAINTENANCE: z.number().check(z.int()),
    OUT_OF_SERVICE: z.number().check(z.int()),
    DAMAGED: z.number().check(z.int()),
  }),
  /** Items in MAINTENANCE or DAMAGED. */
  maintenanceDue: z.number().check(z.int()),
});
export type InventoryStats = z.infer<typeof inventoryStatsSchema>;

export const activityChangeSchema = z.object({
  field: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  itemNumber: z.optional(z.string()),
});
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const activityLogEntrySchema = z.object({
  id: z.string(),
  /** ITEM_CREATED, ITEM_UPDATED, ITEM_DELETED, ITEM_STATUS_CHANGED, PRODUCT_TYPE_CREATED/UPDATED/DELETED, VARIANT_*, BULK_CREATED, BULK_DELETED */
  eventType: z.string(),
  eventDate: z.string(),
  details: z.looseObject({
    operationType: z.optional(z.string()),
    itemCount: z.optional(z.number()),
    productTypeName: z.optional(z.string()),
    itemsByType: z.optional(z.record(z.string(), z.number())),
    itemIds: z.optional(z.array(z.string())),
    itemsData: z.optional(
      z.array(
        z.object({
          id: z.string(),
          itemNumber: z.string(),
          productTypeName: z.nullable(z.string()),
          status: itemStatus,
          location: z.nullable(z.string()),
        }),
      ),
    ),
    changes: z.optional(z.array(activityChangeSchema)),
    timestamp: z.string(),
  }),
  oldStatus: z.nullable(itemStatus),
  newStatus: z.nullable(itemStatus),
  item: z.nullable(z.object({ id: z.string(), itemNumber: z.string() })),
  productType: z.nullable(z.object({ id: z.string(), name: z.string() })),
  user: z.nullable(z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntrySchema>;

/** `{success, message}` of the deletes. */
export const deletedSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST /api/inventory/bulk/generate-ids */
export const generateIdsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ suggestions: z.array(z.object({ suggestedId: z.string() })) }),
});
export type GenerateIdsResponse = z.infer<typeof generateIdsResponseSchema>;

/** POST /api/inventory/bulk/create */
export const bulkCreateResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ createdItems: z.array(inventoryItemSchema) }),
});
export type BulkCreateResponse = z.infer<typeof bulkCreateResponseSchema>;

/** DELETE /api/inventory/bulk/delete */
export const bulkDeleteResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    deletedItems: z.array(z.object({ id: z.string(), itemNumber: z.string() })),
    /** Items left in place because active or upcoming reservations hold them (docs/decisions/0006-nothing-rented-disappears.md), with those reservations' numbers. */
    keptItems: z.array(z.object({ id: z.string(), itemNumber: z.string(), reservations: z.array(z.string()) })),
  }),
});
export type BulkDeleteResponse = z.infer<typeof bulkDeleteResponseSchema>;
