import type {
  InventoryItem,
  ItemStatus,
  Location,
  ProductType,
  ProductVariant,
} from '../../shared/contract/inventory-models.js';
import {
  ITEM_CONDITIONS,
  ITEM_STATUSES,
  locationSchema,
  productVariantSchema,
  rateRowSchema,
} from '../../shared/contract/inventory-models.js';
import * as z from '../../shared/zod.js';
import type { AuditedWrite } from '../lib/audited-write.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { counter, optionalText, type RowParser, rowParser, tenantRowsWithPrefix } from '../lib/rows.js';

/** Row prefixes of the inventory area under the tenant partition (docs/data-model.md, "Inventory"). */
export const INVENTORY_ROWS = {
  productType: 'PTYPE',
  variant: 'PVARIANT',
  item: 'ITEM',
  itemNumber: 'ITEMNO',
  location: 'LOCATION',
  locationName: 'LOCATIONNAME',
  log: 'INVLOG',
  batch: 'INVBATCH',
} as const;
export const STATS_KEY = (tenant: TenantId) => keys.entity(tenant, 'STATS', 'inventory');

/** Index partition the batch-recovery sweep reads (cross-tenant, pointers only). */
export const BATCH_INDEX_PK = 'SWEEP#INVBATCH';

/** A product type as stored: variants live in their own rows, the item count is a counter. */
export interface ProductTypeRow extends Omit<ProductType, 'variants' | '_count'> {
  /** ADDed in the transaction of every item create and delete. */
  itemCount: number;
}

/** A variant as stored: the wire shape plus its timestamps. */
export interface VariantRow extends ProductVariant {
  createdAt: string;
  updatedAt: string;
}

/** An item as stored: the wire shape without the joined names. */
export interface ItemRow extends Omit<InventoryItem, 'productType' | 'productVariant'> {
  /** Set while a bulk create that wrote it has not finished (crash recovery finds them by it). */
  batchId?: string;
  /** The reservation holding it IN_USE, set and removed by ./item-book.ts (in reservations' transactions). */
  currentReservationId?: string;
}

export interface LocationRow extends Location {
  createdAt: string;
}

/** The rows as this area writes them (catalogue.ts, items.ts, bulk.ts): every attribute, nulls included. */
const stamps = { createdAt: z.string(), updatedAt: z.string() };
const productTypeRow = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: optionalText(),
  defaultHourlyRate: z.nullable(z.number()),
  defaultDailyRate: z.nullable(z.number()),
  rates: z.array(rateRowSchema),
  itemCount: counter(),
  ...stamps,
});
const variantRow = z.extend(productVariantSchema, { description: optionalText(), ...stamps });
export const itemRowSchema = z.object({
  id: z.string(),
  itemNumber: z.string(),
  serialNumber: optionalText(),
  productTypeId: z.string(),
  productVariantId: optionalText(),
  condition: z.enum(ITEM_CONDITIONS),
  location: optionalText(),
  notes: optionalText(),
  status: z.enum(ITEM_STATUSES),
  batchId: z.optional(z.string()),
  currentReservationId: z.optional(z.string()),
  ...stamps,
});
const locationRow = z.extend(locationSchema, { description: optionalText(), createdAt: z.string() });

export const parseItemRow: RowParser<ItemRow> = rowParser('inventory item', itemRowSchema);
const parseProductType: RowParser<ProductTypeRow> = rowParser('product type', productTypeRow);
const parseVariant: RowParser<VariantRow> = rowParser('product variant', variantRow);
const parseLocation: RowParser<LocationRow> = rowParser('location', locationRow);
/** The parser of each entity `getRow` and `listRows` read. */
const ROWS = {
  [INVENTORY_ROWS.productType]: parseProductType,
  [INVENTORY_ROWS.variant]: parseVariant,
  [INVENTORY_ROWS.item]: parseItemRow,
  [INVENTORY_ROWS.location]: parseLocation,
};
type RowEntity = keyof typeof ROWS;
type RowOf<K extends RowEntity> = ReturnType<(typeof ROWS)[K]>;

/** Counter attributes of the stats row (kept by ADD: absent until the first write of that status). */
export const parseStatsRow = rowParser(
  'inventory stats',
  z.object({
    total: counter(),
    AVAILABLE: counter(),
    IN_USE: counter(),
    MAINTENANCE: counter(),
    OUT_OF_SERVICE: counter(),
    DAMAGED: counter(),
  }),
);

export const table = () => tableName();

export function toVariant(v: VariantRow): ProductVariant {
  return {
    id: v.id,
    productTypeId: v.productTypeId,
    name: v.name,
    description: v.description,
    hourlyRate: v.hourlyRate,
    dailyRate: v.dailyRate,
    rates: v.rates,
  };
}

export function toProductType(t: ProductTypeRow, variants: VariantRow[]): ProductType {
  return {
    id: t.id,
    name: t.name,
    category: t.category,
    description: t.description,
    defaultHourlyRate: t.defaultHourlyRate,
    defaultDailyRate: t.defaultDailyRate,
    rates: t.rates,
    variants: variants
      .filter((v) => v.productTypeId === t.id)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map(toVariant),
    _count: { items: t.itemCount },
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

/**
 * Names are joined at read time from the type and variant rows, so a rename shows everywhere.
 * A variant deleted since the item was saved reads as no variant (id included): the edit form sends
 * back what it was given, and a dangling id would make every later save of the item fail.
 */
export function toItem(
  i: ItemRow,
  types: Map<string, ProductTypeRow>,
  variants: Map<string, VariantRow>,
): InventoryItem {
  const t = types.get(i.productTypeId);
  const v = i.productVariantId ? variants.get(i.productVariantId) : undefined;
  return {
    id: i.id,
    itemNumber: i.itemNumber,
    serialNumber: i.serialNumber,
    productTypeId: i.productTypeId,
    productType: t ? { id: t.id, name: t.name, category: t.category } : null,
    productVariantId: v ? v.id : null,
    productVariant: v ? { id: v.id, name: v.name } : null,
    condition: i.condition,
    location: i.location,
    notes: i.notes,
    status: i.status,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
  };
}

/** Deltas for the stats row (`total` and per status), ADDed with `AuditedWrite.count` in the write they count. */
export type StatsDelta = Partial<Record<'total' | ItemStatus, number>>;

/** Adds `delta` to the tenant's inventory counters, in the same transaction as the item writes it counts. */
export function countStats(w: AuditedWrite, tenant: TenantId, delta: StatsDelta): AuditedWrite {
  return w.count(STATS_KEY(tenant), delta as Record<string, number>);
}

export const productTypeKey = (tenant: TenantId, id: string) => keys.entity(tenant, INVENTORY_ROWS.productType, id);

/**
 * ADD to a product type's item count as the named part `name`, conditional on the type existing (the
 * write fails with that name when the type is gone). For removals, where the type may be gone, use
 * `w.count(productTypeKey(...), { itemCount: -n })` instead.
 */
export function addToTypeCount(
  w: AuditedWrite,
  name: string,
  tenant: TenantId,
  productTypeId: string,
  delta: number,
): AuditedWrite {
  return w.update(name, productTypeKey(tenant, productTypeId), {
    update: 'ADD itemCount :d',
    condition: 'attribute_exists(pk)',
    values: { ':d': delta },
  });
}

/** Every row of one entity in the tenant partition (tens to hundreds: types, variants, locations). */
export async function listRows<R extends RowOf<K>, K extends RowEntity = RowEntity>(
  tenant: TenantId,
  entity: K,
): Promise<R[]> {
  return tenantRowsWithPrefix(tenant, `${entity}#`, ROWS[entity] as RowParser<R>);
}

export async function getRow<R extends RowOf<K>, K extends RowEntity = RowEntity>(
  tenant: TenantId,
  entity: K,
  id: string,
): Promise<R | null>;
export async function getRow(tenant: TenantId, entity: RowEntity, id: string): Promise<unknown> {
  const res = await db().send(
    new GetCommand({ TableName: table(), Key: keys.entity(tenant, entity, id), ConsistentRead: true }),
  );
  return res.Item ? (ROWS[entity] as RowParser<unknown>)(res.Item) : null;
}
