/**
 * Inventory rules shared by the API and the page (R-SVC-5, R-INV-4, R-INV-2).
 */

/**
 * How people read an item's status and condition (R-INV-11): every table, badge, filter, select and
 * export shows these words, never the stored code. The codes themselves are the contract's
 * (ITEM_STATUSES, ITEM_CONDITIONS); shared/contract/labels.test.ts checks each has its word.
 */
const ITEM_STATUS_LABEL = {
  AVAILABLE: 'Available',
  IN_USE: 'In use',
  MAINTENANCE: 'Maintenance',
  OUT_OF_SERVICE: 'Out of service',
  DAMAGED: 'Damaged',
} as const satisfies Record<string, string>;
const ITEM_CONDITION_LABEL = {
  EXCELLENT: 'Excellent',
  GOOD: 'Good',
  FAIR: 'Fair',
  POOR: 'Poor',
} as const satisfies Record<string, string>;
/** The word for a status or condition; a code this build does not know shows as it came rather than blank. */
export const itemStatusLabel = (s: string): string => ITEM_STATUS_LABEL[s as keyof typeof ITEM_STATUS_LABEL] ?? s;
export const itemConditionLabel = (c: string): string =>
  ITEM_CONDITION_LABEL[c as keyof typeof ITEM_CONDITION_LABEL] ?? c;

/** R-INV-6: bulk batches take 1-100 items. */
export const MAX_BULK_ITEMS = 100;
export const BULK_LIMIT_MESSAGE = 'Maximum 100 items per batch';

/** Item numbers are unique per tenant regardless of case and surrounding spaces. */
export function normaliseItemNumber(itemNumber: string): string {
  return itemNumber.trim().toLowerCase();
}

/** R-INV-6: the bulk quantity field is clamped to 1-100. */
export function clampBulkQuantity(n: unknown): number {
  const v = Math.floor(Number(n));
  if (!Number.isFinite(v) || v < 1) return 1;
  return Math.min(v, MAX_BULK_ITEMS);
}

/**
 * The prefix generated item ids start with: the initials of the product type's words ("Golf Cart"
 * → "GC"), or its first three letters for a one-word name ("Kayak" → "KAY"); "ITEM" when the name
 * has no letters or digits.
 */
export function itemIdPrefix(productTypeName: string): string {
  const words = productTypeName
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return 'ITEM';
  if (words.length === 1) return words[0]!.slice(0, 3);
  return words
    .map((w) => w[0])
    .join('')
    .slice(0, 4);
}

/**
 * `quantity` ids `{prefix}-001`, `{prefix}-002`, ... that are not taken (compared normalised),
 * continuing after the highest number already used with this prefix so new batches follow old ones.
 */
export function suggestItemIds(prefix: string, taken: Iterable<string>, quantity: number): string[] {
  const takenSet = new Set([...taken].map(normaliseItemNumber));
  const pattern = new RegExp(`^${prefix.toLowerCase().replace(/[^a-z0-9]/g, '')}-(\\d+)$`);
  let highest = 0;
  for (const t of takenSet) {
    const m = pattern.exec(t);
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  const width = Math.max(3, String(highest + quantity).length);
  const out: string[] = [];
  for (let n = highest + 1; out.length < quantity; n++) {
    const id = `${prefix}-${String(n).padStart(width, '0')}`;
    if (!takenSet.has(normaliseItemNumber(id))) out.push(id);
  }
  return out;
}

interface FieldChange {
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

/** The fields whose value differs between two versions of a row (null and undefined are the same). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  const norm = (v: unknown) => (v === undefined || v === '' ? null : v);
  return fields
    .filter((f) => f in after && JSON.stringify(norm(before[f])) !== JSON.stringify(norm(after[f])))
    .map((f) => ({ field: f, oldValue: norm(before[f]), newValue: norm(after[f]) }));
}

/** Splits a list into runs of at most `size` (the last may be shorter). */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  if (size < 1) throw new Error('chunk size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The items' numbers that appear more than once in one request (compared normalised). */
export function repeatedItemNumbers(numbers: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const n of numbers) {
    const k = normaliseItemNumber(n);
    if (seen.has(k)) repeated.add(n.trim());
    seen.add(k);
  }
  return [...repeated];
}
