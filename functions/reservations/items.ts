/**
 * Items in reservations: which items are free, the per-item booking row that keeps an item out of two
 * overlapping ACTIVE reservations, and the item status (IN_USE while a reservation of it is under way).
 *
 * No double booking, under any concurrency: every write that makes a reservation of an item ACTIVE
 * (create, reprocess, restore) reads `ITEMBOOK#{itemId}` (its ACTIVE reservations: id → start, end,
 * number, and a version), checks the new window against them in code, and writes the new entry in the
 * same transaction as the reservation, conditional on the version it read. Two bookers that read
 * the same version cannot both commit: the loser re-reads, now sees the winner and answers 409 naming
 * its number. Cancel, return and delete remove the entry. An ACTIVE reservation past its end (overdue)
 * still holds the item until now: the item has not come back.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ReservationView } from '../../shared/contract/reservation-models.js';
import { hourlyRateCents } from '../../shared/domain/pricing.js';
import type { AuditedWrite } from '../lib/audited-write.js';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { getRow, listRows } from '../inventory/catalogue.js';
import { E as INV, STATS_KEY as INVENTORY_STATS_KEY, type ItemRow, type ProductTypeRow, type VariantRow } from '../inventory/model.js';
import { itemBookKey, R } from './entity.js';

export interface BookEntry {
  /** Start and end, epoch ms. */
  s: number;
  e: number;
  /** Reservation number, for the 409 message. */
  n: string;
}
export interface ItemBook {
  version: number;
  active: Record<string, BookEntry>;
  exists: boolean;
}

/** Statuses an item can be rented in. */
export const RENTABLE = new Set(['AVAILABLE', 'IN_USE']);

export async function readItemBook(tenant: TenantId, itemId: string): Promise<ItemBook> {
  const item = await getRow<Record<string, unknown>>(tenant, R.itemBook, itemId);
  if (!item) return { version: 0, active: {}, exists: false };
  return { version: Number(item.version) || 0, active: (item.active as Record<string, BookEntry>) ?? {}, exists: true };
}

/** The first ACTIVE reservation (other than `self`) whose window overlaps [start, end). */
export function overlapping(book: Pick<ItemBook, 'active'>, start: number, end: number, now: number, self?: string): (BookEntry & { id: string }) | null {
  for (const [id, b] of Object.entries(book.active)) {
    if (id === self) continue;
    // Overdue (past its end, not returned): the item is still out, so it is held until now.
    const effectiveEnd = Math.max(b.e, now);
    if (start < effectiveEnd && b.s < end) return { id, ...b };
  }
  return null;
}

/** Adds the booking entry, conditional on the version read ('item-book' part). */
export function claimItem(w: AuditedWrite, tenant: TenantId, itemId: string, book: ItemBook, reservationId: string, entry: BookEntry): void {
  if (!book.exists) {
    w.put('item-book', { ...itemBookKey(tenant, itemId), itemId, version: 1, active: { [reservationId]: entry } }, { condition: 'attribute_not_exists(pk)' });
  } else {
    w.update('item-book', itemBookKey(tenant, itemId), {
      update: 'SET #a.#r = :entry, #v = :next',
      condition: '#v = :seen',
      names: { '#a': 'active', '#r': reservationId, '#v': 'version' },
      values: { ':entry': entry, ':next': book.version + 1, ':seen': book.version },
    });
  }
}

/** Removes the booking entry (cancel, return, delete); bumps the version so a concurrent claim re-reads. */
export function releaseItem(w: AuditedWrite, tenant: TenantId, itemId: string, reservationId: string): void {
  w.update('item-book', itemBookKey(tenant, itemId), {
    update: 'REMOVE #a.#r ADD #v :one',
    names: { '#a': 'active', '#r': reservationId, '#v': 'version' },
    values: { ':one': 1 },
  });
}

export interface ItemInfo {
  item: ItemRow;
  type: ProductTypeRow | null;
  variant: VariantRow | null;
}

export async function readItem(tenant: TenantId, itemId: string): Promise<ItemInfo | null> {
  const item = await getRow<ItemRow>(tenant, INV.item, itemId);
  if (!item) return null;
  const [type, variant] = await Promise.all([
    getRow<ProductTypeRow>(tenant, INV.productType, item.productTypeId),
    item.productVariantId ? getRow<VariantRow>(tenant, INV.variant, item.productVariantId) : Promise.resolve(null),
  ]);
  return { item, type, variant };
}

const hourlyOf = (v: { hourlyRate?: number | null; rates?: { rate: number; rateType: string }[] } | null | undefined) =>
  v ? (v.hourlyRate ?? v.rates?.find((r) => r.rateType === 'hourly')?.rate ?? null) : null;
const defaultHourlyOf = (t: ProductTypeRow | null) => (t ? (t.defaultHourlyRate ?? t.rates?.find((r) => r.rateType === 'hourly')?.rate ?? null) : null);

/** Document 3 §5 precedence, without a rate at booking: variant, item, product-type default (cents). */
export function itemHourlyCents(info: ItemInfo): number {
  return hourlyRateCents({
    variantHourlyRate: hourlyOf(info.variant),
    itemHourlyRate: hourlyOf(info.item as unknown as { hourlyRate?: number | null }),
    productTypeDefaultHourlyRate: defaultHourlyOf(info.type),
  });
}

export function itemView(info: ItemInfo): NonNullable<ReservationView['inventoryItem']> {
  const { item, type, variant } = info;
  const rates = [...(variant?.rates ?? []), ...(variant?.rates?.length ? [] : (type?.rates ?? []))].map((r) => ({ rate: Number(r.rate) || 0, rateType: r.rateType }));
  const cents = itemHourlyCents(info);
  return {
    id: item.id,
    itemNumber: item.itemNumber,
    name: [type?.name, variant?.name].filter(Boolean).join(' ') || item.itemNumber,
    productType: type ? { id: type.id, name: type.name } : null,
    productVariant: variant ? { id: variant.id, name: variant.name } : null,
    condition: item.condition ?? null,
    status: item.status ?? null,
    hourlyRate: cents > 0 ? cents / 100 : null,
    rates,
  };
}

/**
 * The item part of a booking that starts now or earlier: IN_USE, conditional on the status read
 * ('item' part), with the inventory counters and the inventory event. A later booking only checks
 * the item is still rentable; the start sweep flips it when the time comes.
 */
export function itemInUseParts(w: AuditedWrite, tenant: TenantId, item: ItemRow, reservationId: string, at: string): void {
  w.update('item', keys.entity(tenant, INV.item, item.id), {
    update: 'SET #s = :inUse, currentReservationId = :rid, updatedAt = :at',
    condition: '#s = :seen',
    names: { '#s': 'status' },
    values: { ':inUse': 'IN_USE', ':rid': reservationId, ':at': at, ':seen': item.status },
  });
  if (item.status !== 'IN_USE') {
    w.count(INVENTORY_STATS_KEY(tenant), { [item.status]: -1, IN_USE: 1 });
    w.event('inventory-status-changed', { itemId: item.id, itemNumber: item.itemNumber, oldStatus: item.status, newStatus: 'IN_USE', reservationId });
  }
}

export function itemRentableCheck(w: AuditedWrite, tenant: TenantId, item: ItemRow): void {
  w.check('item', keys.entity(tenant, INV.item, item.id), {
    condition: '#s IN (:a, :u)',
    names: { '#s': 'status' },
    values: { ':a': 'AVAILABLE', ':u': 'IN_USE' },
  });
}

/** The item back to AVAILABLE when this reservation is the one that holds it IN_USE. */
export function itemReleaseParts(w: AuditedWrite, tenant: TenantId, item: ItemRow | null, reservationId: string, at: string): void {
  if (!item || item.status !== 'IN_USE' || (item as { currentReservationId?: string }).currentReservationId !== reservationId) return;
  w.update('item', keys.entity(tenant, INV.item, item.id), {
    update: 'SET #s = :avail, updatedAt = :at REMOVE currentReservationId',
    condition: '#s = :inUse AND currentReservationId = :rid',
    names: { '#s': 'status' },
    values: { ':avail': 'AVAILABLE', ':inUse': 'IN_USE', ':rid': reservationId, ':at': at },
  });
  w.count(INVENTORY_STATS_KEY(tenant), { IN_USE: -1, AVAILABLE: 1 });
  w.event('inventory-status-changed', { itemId: item.id, itemNumber: item.itemNumber, oldStatus: 'IN_USE', newStatus: 'AVAILABLE', reservationId });
}

/**
 * Items free for [start, start + hours): rentable (AVAILABLE or IN_USE now) and with no overlapping
 * ACTIVE reservation. Two Queries of the tenant partition (items, booking rows) whatever the number
 * of reservations; the cost follows the number of items.
 */
export async function availableItems(tenant: TenantId, start: number, hours: number, now = Date.now()): Promise<ReservationView['inventoryItem'][]> {
  const end = start + hours * 36e5;
  const [items, books, types, variants] = await Promise.all([
    listRows<ItemRow>(tenant, INV.item),
    queryPrefix(tenant, `${R.itemBook}#`),
    listRows<ProductTypeRow>(tenant, INV.productType),
    listRows<VariantRow>(tenant, INV.variant),
  ]);
  const bookOf = new Map(books.map((b) => [String(b.itemId), { active: (b.active as Record<string, BookEntry>) ?? {} }]));
  const typeOf = new Map(types.map((t) => [t.id, t]));
  const variantOf = new Map(variants.map((v) => [v.id, v]));
  return items
    .filter((i) => RENTABLE.has(i.status) && !overlapping(bookOf.get(i.id) ?? { active: {} }, start, end, now))
    .map((i) => itemView({ item: i, type: typeOf.get(i.productTypeId) ?? null, variant: i.productVariantId ? (variantOf.get(i.productVariantId) ?? null) : null }))
    .sort((a, b) => a.itemNumber.localeCompare(b.itemNumber, undefined, { numeric: true }));
}

async function queryPrefix(tenant: TenantId, prefix: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new QueryCommand({
      TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': prefix }, ExclusiveStartKey: start,
    }));
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}
