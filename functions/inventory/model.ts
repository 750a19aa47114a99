import type { InventoryItem, ItemCondition, ItemStatus, Location, ProductType, ProductVariant, RateRow } from '../../shared/contract/inventory-models.js';
import { ITEM_STATUSES } from '../../shared/contract/routes/inventory.js';
import { tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';

/** Row prefixes of the inventory area under the tenant partition (docs/data-model.md, "Inventory"). */
export const E = {
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

export interface ProductTypeRow {
  id: string;
  name: string;
  category: string;
  description: string | null;
  defaultHourlyRate: number | null;
  defaultDailyRate: number | null;
  rates: RateRow[];
  /** ADDed in the transaction of every item create and delete. */
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface VariantRow {
  id: string;
  productTypeId: string;
  name: string;
  description: string | null;
  hourlyRate: number | null;
  dailyRate: number | null;
  rates: RateRow[];
  createdAt: string;
  updatedAt: string;
}

export interface ItemRow {
  id: string;
  itemNumber: string;
  serialNumber: string | null;
  productTypeId: string;
  productVariantId: string | null;
  condition: ItemCondition;
  location: string | null;
  notes: string | null;
  status: ItemStatus;
  createdAt: string;
  updatedAt: string;
  /** Set while a bulk create that wrote it has not finished (crash recovery finds them by it). */
  batchId?: string;
}

export interface LocationRow extends Location {
  createdAt: string;
}

const KEY_ATTRS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'expiresAt']);
export function strip<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !KEY_ATTRS.has(k))) as T;
}

export const T = () => tableName();

export function toVariant(v: VariantRow): ProductVariant {
  return { id: v.id, productTypeId: v.productTypeId, name: v.name, description: v.description, hourlyRate: v.hourlyRate, dailyRate: v.dailyRate, rates: v.rates ?? [] };
}

export function toProductType(t: ProductTypeRow, variants: VariantRow[]): ProductType {
  return {
    id: t.id, name: t.name, category: t.category, description: t.description,
    defaultHourlyRate: t.defaultHourlyRate, defaultDailyRate: t.defaultDailyRate, rates: t.rates ?? [],
    variants: variants.filter((v) => v.productTypeId === t.id).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(toVariant),
    _count: { items: Math.max(0, t.itemCount ?? 0) },
    createdAt: t.createdAt, updatedAt: t.updatedAt,
  };
}

/** Names are joined at read time from the type and variant rows, so a rename shows everywhere. */
export function toItem(i: ItemRow, types: Map<string, ProductTypeRow>, variants: Map<string, VariantRow>): InventoryItem {
  const t = types.get(i.productTypeId);
  const v = i.productVariantId ? variants.get(i.productVariantId) : undefined;
  return {
    id: i.id, itemNumber: i.itemNumber, serialNumber: i.serialNumber, productTypeId: i.productTypeId,
    productType: t ? { id: t.id, name: t.name, category: t.category } : null,
    productVariantId: i.productVariantId, productVariant: v ? { id: v.id, name: v.name } : null,
    condition: i.condition, location: i.location, notes: i.notes, status: i.status,
    createdAt: i.createdAt, updatedAt: i.updatedAt,
  };
}

/** Counter attributes of the stats row: `total` and one per status. */
export const STATUS_COUNTERS = ITEM_STATUSES;

/**
 * One Update of the stats row adding `delta` to the counters named (total and/or statuses), to go
 * in the same transaction as the item writes it counts.
 */
export function statsUpdate(tenant: TenantId, delta: Partial<Record<'total' | ItemStatus, number>>) {
  const entries = Object.entries(delta).filter(([, n]) => n !== 0);
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts = entries.map(([k, n], i) => {
    names[`#c${i}`] = k;
    values[`:c${i}`] = n!;
    return `#c${i} :c${i}`;
  });
  return { Update: { TableName: T(), Key: STATS_KEY(tenant), UpdateExpression: `ADD ${parts.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values } };
}

/** ADD to a product type's item count; fails the transaction if the type is gone. */
export function typeCountUpdate(tenant: TenantId, productTypeId: string, delta: number) {
  return {
    Update: {
      TableName: T(), Key: keys.entity(tenant, E.productType, productTypeId),
      UpdateExpression: 'ADD itemCount :d', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':d': delta },
    },
  };
}
