import { Alert, Button, Checkbox, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { DataTableCards } from './DataTableCards.js';
import { DataTableFilters } from './DataTableFilters.js';
import { DataTableGrid } from './DataTableGrid.js';
import { EmptyState } from './EmptyState.js';
import { useBelow } from './media.js';
import { Pagination } from './Pagination.js';
import type { Column } from './tableColumn.js';
import { filterRows, nextSort, pageCount, pageSlice, type SortState, sortRows } from './tableRules.js';

export type { Column } from './tableColumn.js';

interface DataTableProps<T> {
  label: string;
  rows: readonly T[] | undefined;
  columns: readonly Column<T>[];
  rowId: (row: T) => string;
  /** How a row is named to assistive technology ('Select {label}'); defaults to its id. */
  rowLabel?: (row: T) => string;
  loading?: boolean;
  /** A failed load: its message and a Retry; the empty state never shows for an error. */
  error?: { title: string; message: string; onRetry?: () => void } | null;
  empty?: { title: string; description?: ReactNode; action?: ReactNode };
  /** Rows per page (R-PLAT-4: 25 unless the screen says otherwise); 0 shows every row. */
  pageSize?: number;
  selectable?: boolean;
  selected?: ReadonlySet<string>;
  onSelectedChange?: (ids: Set<string>) => void;
  /** The initial sort. */
  initialSort?: SortState | null;
  /** Resets the page to 1 when it changes (for example the search text). */
  resetKey?: unknown;
}

/**
 * The one table of the back office: sorting by header, column filters, row selection with a
 * select-all for the page, pagination of N rows, loading skeletons, an error state with Retry,
 * an empty state, long text truncated with the full value on hover, and cards under 480 px.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rowId, pageSize = 25, selectable, selected = new Set<string>(), onSelectedChange } = props;
  const [sort, setSort] = useState<SortState | null>(props.initialSort ?? null);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const narrow = useBelow('phone');
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);

  const visible = useMemo(() => {
    const rows = props.rows ?? [];
    const filtered = filterRows(rows, filters, (r, k) => {
      const c = byKey.get(k);
      return c?.filterValue ? c.filterValue(r) : c?.sortValue?.(r);
    });
    return sortRows(filtered, sort, (r, k) => byKey.get(k)?.sortValue?.(r));
  }, [props.rows, filters, sort, byKey]);

  useEffect(() => setPage(1), [props.resetKey, filters]);
  const pages = pageSize > 0 ? pageCount(visible.length, pageSize) : 1;
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const shown = pageSize > 0 ? pageSlice(visible, page, pageSize) : visible;

  if (props.error) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{props.error.title}</Alert.Title>
          <Alert.Description>{props.error.message}</Alert.Description>
        </Alert.Content>
        {props.error.onRetry && (
          <Button size="sm" onClick={props.error.onRetry}>
            Retry
          </Button>
        )}
      </Alert.Root>
    );
  }
  if (props.loading && !props.rows) {
    return (
      // role="status": an aria-label on a plain div is prohibited (axe aria-prohibited-attr).
      <Stack gap="2" role="status" aria-busy="true" aria-label={`Loading ${props.label}`}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="10" />
        ))}
      </Stack>
    );
  }

  if ((props.rows ?? []).length === 0 && props.empty) {
    return <EmptyState title={props.empty.title} description={props.empty.description} action={props.empty.action} />;
  }

  const pageIds = shown.map(rowId);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someOnPage = pageIds.some((id) => selected.has(id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange?.(next);
  };
  const toggleAll = (on: boolean) => {
    const next = new Set(selected);
    for (const id of pageIds)
      if (on) next.add(id);
      else next.delete(id);
    onSelectedChange?.(next);
  };
  const rowCheckbox = (row: T) => {
    const id = rowId(row);
    return (
      <Checkbox.Root size="sm" checked={selected.has(id)} onCheckedChange={() => toggle(id, !selected.has(id))}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        {/* The input's aria-labelledby names this label (docs/decisions/0020-accessibility-checked-by-axe.md). */}
        <Checkbox.Label srOnly>{`Select ${props.rowLabel ? props.rowLabel(row) : id}`}</Checkbox.Label>
      </Checkbox.Root>
    );
  };
  const checkbox = selectable ? rowCheckbox : undefined;

  const body =
    visible.length === 0 ? (
      <Text color="fg.muted" py="6" textAlign="center">
        No {props.label.toLowerCase()} match the current filters
      </Text>
    ) : narrow ? (
      <DataTableCards label={props.label} rows={shown} columns={columns} rowId={rowId} checkbox={checkbox} />
    ) : (
      <DataTableGrid
        label={props.label}
        rows={shown}
        columns={columns}
        rowId={rowId}
        isSelected={(id) => selected.has(id)}
        checkbox={checkbox}
        pageSelection={selectable ? { all: allOnPage, some: someOnPage, onToggleAll: toggleAll } : undefined}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key))}
      />
    );

  return (
    <Stack gap="3">
      <DataTableFilters
        columns={columns}
        filters={filters}
        onChange={(key, value) => setFilters((f) => ({ ...f, [key]: value }))}
      />
      {body}
      {pageSize > 0 && <Pagination page={Math.min(page, pages)} totalPages={pages} onChange={setPage} />}
    </Stack>
  );
}
