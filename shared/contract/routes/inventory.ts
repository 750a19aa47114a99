import * as z from '../../zod.js';
import { route } from '../types.js';
import { amount, cursorParam, idParam } from '../common.js';

import {
  ITEM_CONDITIONS,
  ITEM_STATUSES,
  RATE_TYPES,
  activityLogEntrySchema,
  bulkCreateResponseSchema,
  bulkDeleteResponseSchema,
  deletedSchema,
  generateIdsResponseSchema,
  inventoryItemSchema,
  inventoryStatsSchema,
  itemPageSchema,
  locationSchema,
  productTypeSchema,
  productVariantSchema,
} from '../inventory-models.js';

export { ITEM_CONDITIONS, ITEM_STATUSES, RATE_TYPES };

const rateRow = z.object({
  rate: amount('Rate'),
  rateType: z.enum(RATE_TYPES, { error: 'Rate type must be hourly, daily, weekly, monthly or flat_rate' }),
});
const optionalAmount = z.optional(z.union([amount('Rate'), z.literal(''), z.null()]));

export const productTypeBody = z.object({
  name: z.string({ error: 'Name is required' }).check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(120)),
  category: z
    .string({ error: 'Category is required' })
    .check(z.trim(), z.minLength(1, 'Category is required'), z.maxLength(120)),
  description: z.nullable(z.optional(z.string().check(z.maxLength(2000)))),
  rates: z.optional(z.array(rateRow).check(z.maxLength(20))),
  defaultHourlyRate: optionalAmount,
  defaultDailyRate: optionalAmount,
});
export const variantBody = z.object({
  name: z
    .string({ error: 'Variant name is required' })
    .check(z.trim(), z.minLength(1, 'Variant name is required'), z.maxLength(120)),
  description: z.nullable(z.optional(z.string().check(z.maxLength(2000)))),
  hourlyRate: optionalAmount,
  dailyRate: optionalAmount,
  rates: z.optional(z.array(rateRow).check(z.maxLength(20))),
});
export const itemBody = z.object({
  productTypeId: z
    .string({ error: 'Product type is required' })
    .check(z.minLength(1, 'Product type is required'), z.maxLength(128)),
  itemNumber: z
    .string({ error: 'Item ID is required' })
    .check(z.trim(), z.minLength(1, 'Item ID is required'), z.maxLength(64)),
  serialNumber: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(120)))),
  productVariantId: z.nullable(z.optional(z.string().check(z.maxLength(128)))),
  condition: z.nullable(z.optional(z.enum(ITEM_CONDITIONS))),
  location: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(120)))),
  notes: z.nullable(z.optional(z.string().check(z.maxLength(2000)))),
});
export const statusBody = z.object({
  status: z.enum(['AVAILABLE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'], {
    error: 'Status must be AVAILABLE, MAINTENANCE, OUT_OF_SERVICE or DAMAGED',
  }),
  notes: z.nullable(z.optional(z.string().check(z.maxLength(2000)))),
});
export const generateIdsBody = z.object({
  productTypeId: z.string().check(z.minLength(1, 'Product type is required'), z.maxLength(128)),
  quantity: z.coerce
    .number()
    .check(z.int(), z.gte(1, 'Maximum 100 items per batch'), z.lte(100, 'Maximum 100 items per batch')),
});
export const bulkCreateBody = z.object({
  productTypeId: z.string().check(z.minLength(1, 'Product type is required'), z.maxLength(128)),
  productVariantId: z.nullable(z.optional(z.string().check(z.maxLength(128)))),
  items: z
    .array(
      z.object({
        itemId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
        customProperties: z.optional(z.record(z.string(), z.unknown())),
      }),
    )
    .check(z.minLength(1), z.maxLength(100, 'Maximum 100 items per batch')),
  commonProperties: z.optional(
    z.object({
      condition: z.nullable(z.optional(z.enum(ITEM_CONDITIONS))),
      location: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(120)))),
      notes: z.nullable(z.optional(z.string().check(z.maxLength(2000)))),
      status: z.optional(z.enum(['AVAILABLE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'])),
    }),
  ),
});
export const bulkDeleteBody = z.object({
  itemIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(128)))
    .check(z.minLength(1), z.maxLength(100, 'Maximum 100 items per batch')),
});
export const locationBody = z.object({
  name: z
    .string({ error: 'Location name is required' })
    .check(z.trim(), z.minLength(1, 'Location name is required'), z.maxLength(120)),
  description: z.nullable(z.optional(z.string().check(z.maxLength(2000)))),
});

const i = { area: 'inventory', access: 'user' } as const;
export const inventoryRoutes = [
  route({
    ...i,
    id: 'inventory.statsOverview',
    method: 'GET',
    path: '/api/inventory/items/stats/overview',
    permission: 'dashboard.viewStats',
    response: inventoryStatsSchema,
    summary: 'Inventory counts for the dashboard',
  }),
  route({
    ...i,
    id: 'inventory.listLocations',
    method: 'GET',
    path: '/api/locations',
    response: z.array(locationSchema),
    summary: 'Locations',
  }),
  route({
    ...i,
    id: 'inventory.createLocation',
    method: 'POST',
    path: '/api/locations',
    capability: 'manageInventory',
    permission: 'systemSettings.manageLocations',
    body: locationBody,
    response: locationSchema,
    idempotent: true,
    summary: 'Add a location',
  }),
  route({
    ...i,
    id: 'inventory.listProductTypes',
    method: 'GET',
    path: '/api/inventory/product-types',
    permission: 'productTypes.view',
    response: z.array(productTypeSchema),
    summary: 'Product types with variants and item counts',
  }),
  route({
    ...i,
    id: 'inventory.listItems',
    method: 'GET',
    path: '/api/inventory/items',
    permission: 'inventoryItems.view',
    query: z.object({
      status: z.optional(z.enum(ITEM_STATUSES)),
      limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000))),
      cursor: z.optional(cursorParam(2048)),
    }),
    response: itemPageSchema,
    summary: 'Inventory items, page by page',
  }),
  route({
    ...i,
    id: 'inventory.createProductType',
    method: 'POST',
    path: '/api/inventory/product-types',
    capability: 'manageInventory',
    permission: 'productTypes.create',
    body: productTypeBody,
    response: productTypeSchema,
    idempotent: true,
    summary: 'Create a product type',
  }),
  route({
    ...i,
    id: 'inventory.updateProductType',
    method: 'PUT',
    path: '/api/inventory/product-types/{id}',
    capability: 'manageInventory',
    permission: 'productTypes.edit',
    params: idParam,
    body: productTypeBody,
    response: productTypeSchema,
    summary: 'Update a product type',
  }),
  route({
    ...i,
    id: 'inventory.deleteProductType',
    method: 'DELETE',
    path: '/api/inventory/product-types/{id}',
    capability: 'manageInventory',
    permission: 'productTypes.delete',
    params: idParam,
    response: deletedSchema,
    summary: 'Delete a product type',
  }),
  route({
    ...i,
    id: 'inventory.listVariants',
    method: 'GET',
    path: '/api/inventory/product-types/{id}/variants',
    permission: 'productTypes.view',
    params: idParam,
    response: z.array(productVariantSchema),
    summary: 'Variants of a product type',
  }),
  route({
    ...i,
    id: 'inventory.createVariant',
    method: 'POST',
    path: '/api/inventory/product-types/{id}/variants',
    capability: 'manageInventory',
    permission: 'productTypes.edit',
    params: idParam,
    body: variantBody,
    response: productVariantSchema,
    idempotent: true,
    summary: 'Create a variant',
  }),
  route({
    ...i,
    id: 'inventory.updateVariant',
    method: 'PUT',
    path: '/api/inventory/product-variants/{id}',
    capability: 'manageInventory',
    permission: 'productTypes.edit',
    params: idParam,
    body: variantBody,
    response: productVariantSchema,
    summary: 'Update a variant',
  }),
  route({
    ...i,
    id: 'inventory.deleteVariant',
    method: 'DELETE',
    path: '/api/inventory/product-variants/{id}',
    capability: 'manageInventory',
    permission: 'productTypes.edit',
    params: idParam,
    response: deletedSchema,
    summary: 'Delete a variant',
  }),
  route({
    ...i,
    id: 'inventory.createItem',
    method: 'POST',
    path: '/api/inventory/items',
    capability: 'manageInventory',
    permission: 'inventoryItems.create',
    body: itemBody,
    response: inventoryItemSchema,
    idempotent: true,
    summary: 'Create an item',
  }),
  route({
    ...i,
    id: 'inventory.updateItem',
    method: 'PUT',
    path: '/api/inventory/items/{id}',
    capability: 'manageInventory',
    permission: 'inventoryItems.edit',
    params: idParam,
    body: itemBody,
    response: inventoryItemSchema,
    summary: 'Update an item',
  }),
  route({
    ...i,
    id: 'inventory.deleteItem',
    method: 'DELETE',
    path: '/api/inventory/items/{id}',
    capability: 'manageInventory',
    permission: 'inventoryItems.delete',
    params: idParam,
    response: deletedSchema,
    summary: 'Delete an item',
  }),
  route({
    ...i,
    id: 'inventory.changeItemStatus',
    method: 'PATCH',
    path: '/api/inventory/items/{id}/status',
    capability: 'manageInventory',
    permission: 'inventoryItems.edit',
    params: idParam,
    body: statusBody,
    response: inventoryItemSchema,
    summary: 'Change an item status',
  }),
  route({
    ...i,
    id: 'inventory.generateIds',
    method: 'POST',
    path: '/api/inventory/bulk/generate-ids',
    capability: 'manageInventory',
    permission: 'inventoryItems.create',
    body: generateIdsBody,
    response: generateIdsResponseSchema,
    summary: 'Suggest unused item ids',
  }),
  route({
    ...i,
    id: 'inventory.bulkCreate',
    method: 'POST',
    path: '/api/inventory/bulk/create',
    capability: 'manageInventory',
    permission: 'inventoryItems.create',
    body: bulkCreateBody,
    response: bulkCreateResponseSchema,
    idempotent: true,
    summary: 'Create up to 100 items at once',
  }),
  route({
    ...i,
    id: 'inventory.bulkDelete',
    method: 'DELETE',
    path: '/api/inventory/bulk/delete',
    capability: 'manageInventory',
    permission: 'inventoryItems.delete',
    body: bulkDeleteBody,
    response: bulkDeleteResponseSchema,
    summary: 'Delete up to 100 items at once',
  }),
  route({
    ...i,
    id: 'inventory.activityLog',
    method: 'GET',
    path: '/api/inventory/activity-log',
    capability: 'manageInventory',
    permission: 'inventoryReports.view',
    query: z.object({ limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(500))) }),
    response: z.array(activityLogEntrySchema),
    summary: 'Inventory activity log',
  }),
] as const;
