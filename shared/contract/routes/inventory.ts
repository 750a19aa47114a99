import { z } from 'zod';
import { route } from '../types.js';
import { amount, idParam } from '../common.js';

import {
  ITEM_CONDITIONS, ITEM_STATUSES, RATE_TYPES, activityLogEntrySchema, bulkCreateResponseSchema, bulkDeleteResponseSchema, deletedSchema,
  generateIdsResponseSchema, inventoryItemSchema, inventoryStatsSchema, itemPageSchema, locationSchema, productTypeSchema, productVariantSchema,
} from '../inventory-models.js';

export { ITEM_CONDITIONS, ITEM_STATUSES, RATE_TYPES };

const rateRow = z.object({ rate: amount('Rate'), rateType: z.enum(RATE_TYPES, { error: 'Rate type must be hourly, daily, weekly, monthly or flat_rate' }) });
const optionalAmount = z.union([amount('Rate'), z.literal(''), z.null()]).optional();

export const productTypeBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
  category: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').max(120),
  description: z.string().max(2000).optional().nullable(),
  rates: z.array(rateRow).max(20).optional(),
  defaultHourlyRate: optionalAmount,
  defaultDailyRate: optionalAmount,
});
export const variantBody = z.object({
  name: z.string({ error: 'Variant name is required' }).trim().min(1, 'Variant name is required').max(120),
  description: z.string().max(2000).optional().nullable(),
  hourlyRate: optionalAmount,
  dailyRate: optionalAmount,
  rates: z.array(rateRow).max(20).optional(),
});
export const itemBody = z.object({
  productTypeId: z.string({ error: 'Product type is required' }).min(1, 'Product type is required').max(128),
  itemNumber: z.string({ error: 'Item ID is required' }).trim().min(1, 'Item ID is required').max(64),
  serialNumber: z.string().trim().max(120).optional().nullable(),
  productVariantId: z.string().max(128).optional().nullable(),
  condition: z.enum(ITEM_CONDITIONS).optional().nullable(),
  location: z.string().trim().max(120).optional().nullable(),
  notes: z.string().max(2000).optional().nullable(),
});
export const statusBody = z.object({
  status: z.enum(['AVAILABLE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'], { error: 'Status must be AVAILABLE, MAINTENANCE, OUT_OF_SERVICE or DAMAGED' }),
  notes: z.string().max(2000).optional().nullable(),
});
export const generateIdsBody = z.object({
  productTypeId: z.string().min(1, 'Product type is required').max(128),
  quantity: z.coerce.number().int().min(1, 'Maximum 100 items per batch').max(100, 'Maximum 100 items per batch'),
});
export const bulkCreateBody = z.object({
  productTypeId: z.string().min(1, 'Product type is required').max(128),
  productVariantId: z.string().max(128).optional().nullable(),
  items: z.array(z.object({ itemId: z.string().trim().min(1).max(64), customProperties: z.record(z.string(), z.unknown()).optional() })).min(1).max(100, 'Maximum 100 items per batch'),
  commonProperties: z.object({
    condition: z.enum(ITEM_CONDITIONS).optional().nullable(),
    location: z.string().trim().max(120).optional().nullable(),
    notes: z.string().max(2000).optional().nullable(),
    status: z.enum(['AVAILABLE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED']).optional(),
  }).optional(),
});
export const bulkDeleteBody = z.object({ itemIds: z.array(z.string().min(1).max(128)).min(1).max(100, 'Maximum 100 items per batch') });
export const locationBody = z.object({
  name: z.string({ error: 'Location name is required' }).trim().min(1, 'Location name is required').max(120),
  description: z.string().max(2000).optional().nullable(),
});

const i = { area: 'inventory', access: 'user' } as const;
export const inventoryRoutes = [
  route({ ...i, id: 'inventory.statsOverview', method: 'GET', path: '/api/inventory/items/stats/overview', permission: 'dashboard.viewStats', response: inventoryStatsSchema, summary: 'Inventory counts for the dashboard' }),
  route({ ...i, id: 'inventory.listLocations', method: 'GET', path: '/api/locations', response: z.array(locationSchema), summary: 'Locations' }),
  route({ ...i, id: 'inventory.createLocation', method: 'POST', path: '/api/locations', capability: 'manageInventory', permission: 'systemSettings.manageLocations', body: locationBody, response: locationSchema, idempotent: true, summary: 'Add a location' }),
  route({ ...i, id: 'inventory.listProductTypes', method: 'GET', path: '/api/inventory/product-types', permission: 'productTypes.view', response: z.array(productTypeSchema), summary: 'Product types with variants and item counts' }),
  route({
    ...i, id: 'inventory.listItems', method: 'GET', path: '/api/inventory/items', permission: 'inventoryItems.view',
    query: z.object({ status: z.enum(ITEM_STATUSES).optional(), limit: z.coerce.number().int().min(1).max(1000).optional(), cursor: z.string().max(2048).optional() }),
    response: itemPageSchema, summary: 'Inventory items, page by page',
  }),
  route({ ...i, id: 'inventory.createProductType', method: 'POST', path: '/api/inventory/product-types', capability: 'manageInventory', permission: 'productTypes.create', body: productTypeBody, response: productTypeSchema, idempotent: true, summary: 'Create a product type' }),
  route({ ...i, id: 'inventory.updateProductType', method: 'PUT', path: '/api/inventory/product-types/{id}', capability: 'manageInventory', permission: 'productTypes.edit', params: idParam, body: productTypeBody, response: productTypeSchema, summary: 'Update a product type' }),
  route({ ...i, id: 'inventory.deleteProductType', method: 'DELETE', path: '/api/inventory/product-types/{id}', capability: 'manageInventory', permission: 'productTypes.delete', params: idParam, response: deletedSchema, summary: 'Delete a product type' }),
  route({ ...i, id: 'inventory.listVariants', method: 'GET', path: '/api/inventory/product-types/{id}/variants', permission: 'productTypes.view', params: idParam, response: z.array(productVariantSchema), summary: 'Variants of a product type' }),
  route({ ...i, id: 'inventory.createVariant', method: 'POST', path: '/api/inventory/product-types/{id}/variants', capability: 'manageInventory', permission: 'productTypes.edit', params: idParam, body: variantBody, response: productVariantSchema, idempotent: true, summary: 'Create a variant' }),
  route({ ...i, id: 'inventory.updateVariant', method: 'PUT', path: '/api/inventory/product-variants/{id}', capability: 'manageInventory', permission: 'productTypes.edit', params: idParam, body: variantBody, response: productVariantSchema, summary: 'Update a variant' }),
  route({ ...i, id: 'inventory.deleteVariant', method: 'DELETE', path: '/api/inventory/product-variants/{id}', capability: 'manageInventory', permission: 'productTypes.edit', params: idParam, response: deletedSchema, summary: 'Delete a variant' }),
  route({ ...i, id: 'inventory.createItem', method: 'POST', path: '/api/inventory/items', capability: 'manageInventory', permission: 'inventoryItems.create', body: itemBody, response: inventoryItemSchema, idempotent: true, summary: 'Create an item' }),
  route({ ...i, id: 'inventory.updateItem', method: 'PUT', path: '/api/inventory/items/{id}', capability: 'manageInventory', permission: 'inventoryItems.edit', params: idParam, body: itemBody, response: inventoryItemSchema, summary: 'Update an item' }),
  route({ ...i, id: 'inventory.deleteItem', method: 'DELETE', path: '/api/inventory/items/{id}', capability: 'manageInventory', permission: 'inventoryItems.delete', params: idParam, response: deletedSchema, summary: 'Delete an item' }),
  route({ ...i, id: 'inventory.changeItemStatus', method: 'PATCH', path: '/api/inventory/items/{id}/status', capability: 'manageInventory', permission: 'inventoryItems.edit', params: idParam, body: statusBody, response: inventoryItemSchema, summary: 'Change an item status' }),
  route({ ...i, id: 'inventory.generateIds', method: 'POST', path: '/api/inventory/bulk/generate-ids', capability: 'manageInventory', permission: 'inventoryItems.create', body: generateIdsBody, response: generateIdsResponseSchema, summary: 'Suggest unused item ids' }),
  route({ ...i, id: 'inventory.bulkCreate', method: 'POST', path: '/api/inventory/bulk/create', capability: 'manageInventory', permission: 'inventoryItems.create', body: bulkCreateBody, response: bulkCreateResponseSchema, idempotent: true, summary: 'Create up to 100 items at once' }),
  route({ ...i, id: 'inventory.bulkDelete', method: 'DELETE', path: '/api/inventory/bulk/delete', capability: 'manageInventory', permission: 'inventoryItems.delete', body: bulkDeleteBody, response: bulkDeleteResponseSchema, summary: 'Delete up to 100 items at once' }),
  route({
    ...i, id: 'inventory.activityLog', method: 'GET', path: '/api/inventory/activity-log', capability: 'manageInventory', permission: 'inventoryReports.view',
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }), response: z.array(activityLogEntrySchema), summary: 'Inventory activity log',
  }),
] as const;
