/** Pure rules of DataTable: sorting, column filters, paging (tested without rendering). */

export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: string;
  dir: SortDir;
}

export type Sortable = string | number | boolean | Date | null | undefined;

/** Compares as people expect: numbers by value, text case-insensitively with numeric runs, empty last. */
export function compareValues(a: Sortable, b: Sortable): number {
  const empty = (v: Sortable) => v === null || v === undefined || v === '';
  if (empty(a) && empty(b)) return 0;
  if (empty(a)) return 1;
  if (empty(b)) return -1;
  const av = a instanceof Date ? a.getTime() : a;
  const bv = b instanceof Date ? b.getTime() : b;
  if (typeof av === 'number' && typeof bv === 'number') return av - bv;
  return String(av).localeCompare(String(bv), 'en', { numeric: true, sensitivity: 'base' });
}

export function sortRows<T>(
  rows: readonly T[],
  sort: SortState | null,
  valueOf: (row: T, key: string) => Sortable,
): T[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  // Stable: equal values keep their order; empty values stay last either way.
  return rows
    .map((row, i) => ({ row, i, v: valueOf(row, sort.key) }))
    .sort((x, y) => {
      const ex = x.v === null || x.v === undefined || x.v === '';
      const ey = y.v === null || y.v === undefined || y.v === '';
      if (ex !== ey) return ex ? 1 : -1;
      return sign * compareValues(x.v, y.v) || x.i - y.i;
    })
    .map((x) => x.row);
}

/** Next sort after a click on a header: ascending, then descending, then none. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  if (current.dir === 'asc') return { key, dir: 'desc' };
  return null;
}

export function filterRows<T>(
  rows: readonly T[],
  filters: Record<string, string>,
  valueOf: (row: T, key: string) => unknown,
): T[] {
  const active = Object.entries(filters).filter(([, v]) => v !== '');
  if (!active.length) return [...rows];
  return rows.filter((r) => active.every(([k, v]) => String(valueOf(r, k) ?? '') === v));
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const p = Math.min(Math.max(1, page), pageCount(rows.length, pageSize));
  return rows.slice((p - 1) * pageSize, p * pageSize);
}
