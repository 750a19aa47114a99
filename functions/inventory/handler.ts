import { createAreaHandler, reply } from '../lib/pipeline.js';
import type {
  BulkCreateResponse,
  BulkDeleteResponse,
  GenerateIdsResponse,
  ItemPage,
} from '../../shared/contract/inventory-models.js';
import { listActivity } from './activity-log.js';
import { bulkCreate, generateItemIds } from './bulk-create.js';
import { bulkDelete } from './bulk-delete.js';
import {
  createLocation,
  createProductType,
  createVariant,
  deleteProductType,
  deleteVariant,
  listLocations,
  requireType,
  updateProductType,
  updateVariant,
} from './catalogue.js';
import { listRows } from './model.js';
import { listItemPage, readStats, typesAndVariants } from './item-list.js';
import { changeItemStatus, createItem, deleteItem, updateItem } from './items.js';
import { INVENTORY_ROWS, toItem, toProductType, toVariant, type ItemRow } from './model.js';

/** Items per page when the caller names no limit (R-INV-2: the page shows 25). */
const DEFAULT_ITEM_PAGE = 25;

async function withNames(tenant: Parameters<typeof typesAndVariants>[0], rows: ItemRow[]) {
  const { types, variants } = await typesAndVariants(tenant);
  return rows.map((r) => toItem(r, types, variants));
}

/** Lambda entry of the inventory area (R-INV-2). */
export const handler = createAreaHandler('inventory', {
  'inventory.statsOverview': async ({ tenant }) => readStats(tenant),

  'inventory.listLocations': async ({ tenant }) =>
    (await listLocations(tenant)).map(({ id, name, description }) => ({ id, name, description })),
  'inventory.createLocation': async ({ tenant, body }) => {
    const { location, created } = await createLocation(tenant, body);
    return reply(created ? 201 : 200, { id: location.id, name: location.name, description: location.description });
  },

  'inventory.listProductTypes': async ({ tenant }) => {
    const [types, variants] = await Promise.all([
      listRows(tenant, INVENTORY_ROWS.productType),
      listRows(tenant, INVENTORY_ROWS.variant),
    ]);
    return types.sort((a, b) => a.name.localeCompare(b.name)).map((t) => toProductType(t, variants));
  },
  'inventory.createProductType': async ({ tenant, auth, body }) =>
    reply(201, toProductType(await createProductType(tenant, auth, body), [])),
  'inventory.updateProductType': async ({ tenant, auth, params, body }) => {
    const row = await updateProductType(tenant, auth, params.id, body);
    return toProductType(row, await listRows(tenant, INVENTORY_ROWS.variant));
  },
  'inventory.deleteProductType': async ({ tenant, auth, params }) => {
    await deleteProductType(tenant, auth, params.id);
    return { success: true, message: 'Product type deleted successfully' };
  },

  'inventory.listVariants': async ({ tenant, params }) => {
    await requireType(tenant, params.id);
    return (await listRows(tenant, INVENTORY_ROWS.variant))
      .filter((v) => v.productTypeId === params.id)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map(toVariant);
  },
  'inventory.createVariant': async ({ tenant, auth, params, body }) =>
    reply(201, toVariant(await createVariant(tenant, auth, params.id, body))),
  'inventory.updateVariant': async ({ tenant, auth, params, body }) =>
    toVariant(await updateVariant(tenant, auth, params.id, body)),
  'inventory.deleteVariant': async ({ tenant, auth, params }) => {
    await deleteVariant(tenant, auth, params.id);
    return { success: true, message: 'Variant deleted successfully' };
  },

  'inventory.listItems': async ({ tenant, query }): Promise<ItemPage> => {
    const { rows, nextCursor } = await listItemPage(tenant, {
      limit: query.limit ?? DEFAULT_ITEM_PAGE,
      cursor: query.cursor,
      status: query.status,
    });
    return { items: await withNames(tenant, rows), nextCursor };
  },
  'inventory.createItem': async ({ tenant, auth, body }) =>
    reply(201, (await withNames(tenant, [await createItem(tenant, auth, body)]))[0]!),
  'inventory.updateItem': async ({ tenant, auth, params, body }) =>
    (await withNames(tenant, [await updateItem(tenant, auth, params.id, body)]))[0]!,
  'inventory.deleteItem': async ({ tenant, auth, params }) => {
    await deleteItem(tenant, auth, params.id);
    return { success: true, message: 'Item deleted successfully' };
  },
  'inventory.changeItemStatus': async ({ tenant, auth, params, body }) =>
    (await withNames(tenant, [await changeItemStatus(tenant, auth, params.id, body.status, body.notes)]))[0]!,

  'inventory.generateIds': async ({ tenant, body }): Promise<GenerateIdsResponse> => {
    const ids = await generateItemIds(tenant, body.productTypeId, body.quantity);
    return { success: true, data: { suggestions: ids.map((suggestedId) => ({ suggestedId })) } };
  },
  'inventory.bulkCreate': async ({ tenant, auth, body }) => {
    const rows = await bulkCreate(tenant, auth, body);
    const out: BulkCreateResponse = { success: true, data: { createdItems: await withNames(tenant, rows) } };
    return reply(201, out);
  },
  'inventory.bulkDelete': async ({ tenant, auth, body }): Promise<BulkDeleteResponse> => {
    const { deleted, kept } = await bulkDelete(tenant, auth, body.itemIds);
    return {
      success: true,
      data: { deletedItems: deleted.map((r) => ({ id: r.id, itemNumber: r.itemNumber })), keptItems: kept },
    };
  },

  'inventory.activityLog': async ({ tenant, query }) => listActivity(tenant, query.limit ?? 100),
});
