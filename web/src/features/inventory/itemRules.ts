import type { InventoryItem, ItemPage, ItemStatus, RateRow } from '../../../../shared/contract/inventory-models.js';
import { BULK_LIMIT_MESSAGE, itemStatusLabel, MAX_BULK_ITEMS } from '../../../../shared/domain/inventory.js';
import { formatUsd } from '../../../../shared/domain/money.js';

/** R-INV-2. */
const ITEMS_PAGE_SIZE = 25;
export const ACTIVITY_LOG_LIMIT = 100;

export const STATUS_CHIPS: readonly ItemStatus[] = ['AVAILABLE', 'IN_USE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'];
/** What a manager may pick by hand: IN_USE comes from rentals (R-INV-5). */
const SETTABLE_STATUSES: readonly ItemStatus[] = ['AVAILABLE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'];

/** The status in words (R-INV-11): chips, badges, the status dropdown and toasts. */
export const statusLabel = (s: ItemStatus) => itemStatusLabel(s);

/**
 * A manager's status dropdown on one row (R-INV-5): the four settable statuses; IN_USE is
 * listed only while it is the current status, and then the dropdown is disabled because IN_USE
 * belongs to rentals, not to a hand edit.
 */
export function statusDropdown(current: ItemStatus): { options: readonly ItemStatus[]; disabled: boolean } {
  return current === 'IN_USE'
    ? { options: ['IN_USE', ...SETTABLE_STATUSES], disabled: true }
    : { options: SETTABLE_STATUSES, disabled: false };
}

/** The note under the bulk quantity while typing: out of 1-100 says the limit (the value is clamped on blur and on Generate IDs). */
export function bulkQuantityNote(raw: string): string {
  if (raw.trim() === '') return '';
  const n = Number(raw);
  return n > MAX_BULK_ITEMS || n < 1 ? BULK_LIMIT_MESSAGE : '';
}
export const STATUS_COLOR: Record<ItemStatus, string> = {
  AVAILABLE: 'green',
  IN_USE: 'blue',
  MAINTENANCE: 'orange',
  OUT_OF_SERVICE: 'gray',
  DAMAGED: 'red',
};

/** `?status=out-of-service` (R-PLAT-5 dashboard links) → OUT_OF_SERVICE; anything else → none. */
export function statusFromQuery(value: string | null): ItemStatus | null {
  const s = value?.trim().toUpperCase().replace(/-/g, '_');
  return s && (STATUS_CHIPS as readonly string[]).includes(s) ? (s as ItemStatus) : null;
}

/**
 * The whole item list, page by page. The list endpoint is paged (a tenant may have tens of
 * thousands of items); the page needs every item at once for its search, status counts and column
 * filters, so it follows the cursor with large pages and filters in the browser.
 */
export async function loadAllItems(
  fetchPage: (cursor: string | undefined) => Promise<ItemPage>,
): Promise<InventoryItem[]> {
  const items: InventoryItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

export interface ItemFilters {
  search: string;
  typeId: string;
  status: ItemStatus | null;
  columnType: string;
  columnLocation: string;
}
export const NO_FILTERS: ItemFilters = { search: '', typeId: '', status: null, columnType: '', columnLocation: '' };

export type SortKey = 'itemNumber' | 'type' | 'id' | 'location' | 'status';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}
export const DEFAULT_SORT: Sort = { key: 'itemNumber', dir: 'asc' };

/** Everything but the status chip, so each chip can count what it would show. */
function matchesExceptStatus(i: InventoryItem, f: ItemFilters): boolean {
  const q = f.search.trim().toLowerCase();
  if (q) {
    const hay = [i.itemNumber, i.serialNumber, i.productType?.name, i.location, i.notes]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
    if (!hay.includes(q)) return false;
  }
  if (f.typeId && i.productTypeId !== f.typeId) return false;
  if (f.columnType && i.productTypeId !== f.columnType) return false;
  if (f.columnLocation && (i.location ?? '') !== f.columnLocation) return false;
  return true;
}

export function filterItems(items: readonly InventoryItem[], f: ItemFilters): InventoryItem[] {
  return items.filter((i) => matchesExceptStatus(i, f) && (!f.status || i.status === f.status));
}

export function statusCounts(items: readonly InventoryItem[], f: ItemFilters): Record<ItemStatus | 'ALL', number> {
  const base = items.filter((i) => matchesExceptStatus(i, f));
  const counts = { ALL: base.length } as Record<ItemStatus | 'ALL', number>;
  for (const s of STATUS_CHIPS) counts[s] = base.filter((i) => i.status === s).length;
  return counts;
}

const sortValue = (i: InventoryItem, key: SortKey): string => {
  switch (key) {
    case 'itemNumber':
      return i.itemNumber;
    case 'type':
      return i.productType?.name ?? '';
    case 'id':
      return shortId(i.id);
    case 'location':
      return i.location ?? '';
    case 'status':
      return i.status;
  }
};

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
export function sortItems(items: readonly InventoryItem[], sort: Sort): InventoryItem[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...items].sort(
    (a, b) =>
      sign * collator.compare(sortValue(a, sort.key), sortValue(b, sort.key)) ||
      collator.compare(a.itemNumber, b.itemNumber),
  );
}

export function toggleSort(current: Sort, key: SortKey): Sort {
  return current.key === key ? { key, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' };
}

export function pageOf<T>(list: readonly T[], page: number, size = ITEMS_PAGE_SIZE): T[] {
  return list.slice((page - 1) * size, page * size);
}
export const pageCount = (n: number, size = ITEMS_PAGE_SIZE) => Math.max(1, Math.ceil(n / size));

/** The ID column shows the last 8 characters (R-INV-2). */
export const shortId = (id: string) => id.slice(-8);

const RATE_LABEL: Record<RateRow['rateType'], string> = {
  hourly: 'hour',
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  flat_rate: 'flat rate',
};
/** "$25.00 per hour" (R-INV-2 product type cards). */
export function rateText(r: RateRow): string {
  return `${formatUsd(r.rate)} per ${RATE_LABEL[r.rateType] ?? r.rateType}`;
}

/**
 * The toasts of a bulk delete (docs/decisions/0006-nothing-rented-disappears.md): how many went, and which items were kept because
 * active or upcoming reservations hold them, each with those reservations' numbers.
 */
export function bulkDeleteOutcome(data: {
  deletedItems: { itemNumber: string }[];
  keptItems?: { itemNumber: string; reservations: string[] }[];
}): { deleted: string; kept: string | null } {
  const n = data.deletedItems.length;
  const deleted = `${n} item${n === 1 ? '' : 's'} deleted successfully`;
  const keptItems = data.keptItems ?? [];
  if (!keptItems.length) return { deleted, kept: null };
  const list = keptItems
    .map((k) => `${k.itemNumber} (${k.reservations.length ? k.reservations.join(', ') : 'in use'})`)
    .join('; ');
  return {
    deleted,
    kept: `Kept ${keptItems.length} item${keptItems.length === 1 ? '' : 's'} with active or upcoming reservations: ${list}`,
  };
}
