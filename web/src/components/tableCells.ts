import type { ReactNode } from 'react';
import type { Column } from './tableColumn.js';

/** A sort or property value as cell text. */
export function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/** What a cell shows: its render, else its sort value, else the row's property `key`, as text. */
export function cellValue<T>(row: T, col: Column<T>): ReactNode {
  if (col.render) return col.render(row);
  if (col.sortValue) return textOf(col.sortValue(row));
  return textOf((row as Record<string, unknown>)[col.key]);
}
