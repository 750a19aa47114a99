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
import type { ReservationView } from '../../shared/contract/reservation-models.js';
import { fromCents } from '../../shared/domain/money.js';
import { firstRateCents, type RentalRates } from '../../shared/domain/charges.js';
import { openingHoursNote } from '../../shared/domain/opening-hours.js';
import type { TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { tenantRowsWithPrefix } from '../lib/rows.js';
import { getRow, listRows } from '../inventory/model.js';
import { INVENTORY_ROWS, type ItemRow, type ProductTypeRow, type VariantRow } from '../inventory/model.js';
import { readOpeningHours } from '../settings/hours.js';
import { type BookEntry, ITEM_BOOK, type ItemBook, parseItemBookRow } from '../inventory/item-book-row.js';

export type { ItemBook };

/** Statuses an item can be rented in. */
export const RENTABLE = new Set(['AVAILABLE', 'IN_USE']);

/** The first ACTIVE reservation (other than `self`) whose window overlaps [start, end). */
export function overlapping(
  book: Pick<ItemBook, 'active'>,
  start: number,
  end: number,
  now: number,
  self?: string,
): (BookEntry & { id: string }) | null {
  for (const [id, b] of Object.entries(book.active)) {
    if (id === self) continue;
    // Overdue (past its end, not returned): the item is still out, so it is held until now.
    const effectiveEnd = Math.max(b.e, now);
    if (start < effectiveEnd && b.s < end) return { id, ...b };
  }
  return null;
}

interface ItemInfo {
  item: ItemRow;
  type: ProductTypeRow | null;
  variant: VariantRow | null;
}

export async function readItem(tenant: TenantId, itemId: string): Promise<ItemInfo | null> {
  const item = await getRow<ItemRow>(tenant, INVENTORY_ROWS.item, itemId);
  if (!item) return null;
  const [type, variant] = await Promise.all([
    getRow<ProductTypeRow>(tenant, INVENTORY_ROWS.productType, item.productTypeId),
    item.productVariantId
      ? getRow<VariantRow>(tenant, INVENTORY_ROWS.variant, item.productVariantId)
      : Promise.resolve(null),
  ]);
  return { item, type, variant };
}

type Rated = { rates?: { rate: number; rateType: string }[] | null } & Record<string, unknown>;
/** A rate of one type on a variant, item or product type: its own field, else its rates list. */
const rateOf = (v: Rated | null | undefined, field: string, type: string) =>
  v ? ((v[field] as number | null | undefined) ?? v.rates?.find((r) => r.rateType === type)?.rate ?? null) : null;
/** R-RES-7 and R-RES-15 precedence for one rate type: variant, item, product-type default (cents). */
const itemRateCents = (info: ItemInfo, field: string, defaultField: string, type: string) =>
  firstRateCents([
    rateOf(info.variant as Rated | null, field, type),
    rateOf(info.item as unknown as Rated, field, type),
    rateOf(info.type as Rated | null, defaultField, type),
  ]);

/** R-RES-7 precedence, without a rate at booking: variant, item, product-type default (cents). */
export function itemHourlyCents(info: ItemInfo): number {
  return itemRateCents(info, 'hourlyRate', 'defaultHourlyRate', 'hourly');
}

/** R-RES-15: the rates a rental of the item is priced by now (daily and weekly: the same precedence). */
export function itemRates(info: ItemInfo): RentalRates {
  return {
    hourlyCents: itemHourlyCents(info),
    dailyCents: itemRateCents(info, 'dailyRate', 'defaultDailyRate', 'daily'),
    weeklyCents: itemRateCents(info, 'weeklyRate', 'defaultWeeklyRate', 'weekly'),
  };
}

export function itemView(info: ItemInfo): NonNullable<ReservationView['inventoryItem']> {
  const { item, type, variant } = info;
  const rates = [...(variant?.rates ?? []), ...(variant?.rates?.length ? [] : (type?.rates ?? []))].map((r) => ({
    rate: Number(r.rate) || 0,
    rateType: r.rateType,
  }));
  const r = itemRates(info);
  const dollars = (c: number | null | undefined) => (c ? fromCents(c) : null);
  return {
    id: item.id,
    itemNumber: item.itemNumber,
    name: [type?.name, variant?.name].filter(Boolean).join(' ') || item.itemNumber,
    productType: type ? { id: type.id, name: type.name } : null,
    productVariant: variant ? { id: variant.id, name: variant.name } : null,
    condition: item.condition ?? null,
    status: item.status ?? null,
    hourlyRate: dollars(r.hourlyCents),
    dailyRate: dollars(r.dailyCents),
    weeklyRate: dollars(r.weeklyCents),
    rates,
  };
}

/**
 * Items free for [start, start + hours): rentable (AVAILABLE or IN_USE now) and with no overlapping
 * ACTIVE reservation. Two Queries of the tenant partition (items, booking rows) whatever the number
 * of reservations; the cost follows the number of items.
 */
async function availableItems(
  tenant: TenantId,
  start: number,
  hours: number,
  now = Date.now(),
): Promise<ReservationView['inventoryItem'][]> {
  const end = start + hours * 36e5;
  const [items, books, types, variants] = await Promise.all([
    listRows<ItemRow>(tenant, INVENTORY_ROWS.item),
    tenantRowsWithPrefix(tenant, `${ITEM_BOOK}#`, parseItemBookRow),
    listRows<ProductTypeRow>(tenant, INVENTORY_ROWS.productType),
    listRows<VariantRow>(tenant, INVENTORY_ROWS.variant),
  ]);
  const bookOf = new Map(books.map((b) => [b.itemId, b]));
  const typeOf = new Map(types.map((t) => [t.id, t]));
  const variantOf = new Map(variants.map((v) => [v.id, v]));
  return items
    .filter((i) => RENTABLE.has(i.status) && !overlapping(bookOf.get(i.id) ?? { active: {} }, start, end, now))
    .map((i) =>
      itemView({
        item: i,
        type: typeOf.get(i.productTypeId) ?? null,
        variant: i.productVariantId ? (variantOf.get(i.productVariantId) ?? null) : null,
      }),
    )
    .sort((a, b) => a.itemNumber.localeCompare(b.itemNumber, undefined, { numeric: true }));
}

/** The free-items answer: the items free for the whole time, and whether that time is outside opening hours (R-RES-16). */
export async function freeItemsAnswer(tenant: TenantId, start: number, hours: number) {
  const [items, zone, opening] = await Promise.all([
    availableItems(tenant, start, hours),
    organizationTimeZone(tenant),
    readOpeningHours(tenant),
  ]);
  return {
    items: items.filter((i) => i !== null),
    openingHoursNote: openingHoursNote(start, start + hours * 36e5, zone, opening.hours, opening.specialHours),
  };
}
