import type { ReactNode } from 'react';
import type { Sortable } from './tableRules.js';

// Its own module so the table's parts (grid, cards, filters, cells) and DataTable.tsx, which
// composes them, do not import each other.
/** One column of a DataTable: its header, its cell, and how it sorts, filters and shrinks. */
export interface Column<T> {
  key: string;
  header: string;
  /** The cell; defaults to the sort value or the row's property `key`. */
  render?: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => Sortable;
  /** A select filter over these values (label shown, value compared with filterValue). */
  filterOptions?: readonly { value: string; label: string }[];
  filterValue?: (row: T) => string;
  /** Long text: one line with an ellipsis, the full value on hover (title). */
  truncate?: boolean | ((row: T) => string);
  /** CSS width/min width, e.g. '30%' or '8rem'. */
  width?: string;
  minWidth?: string;
  align?: 'start' | 'end' | 'center';
  /** Stays visible (not shrunk) next to long columns: status and actions. */
  nowrap?: boolean;
  /** Hidden from the card layout (phones). */
  hideOnCard?: boolean;
}
