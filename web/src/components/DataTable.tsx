import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { EmptyState } from './EmptyState.js';
import { Pagination } from './Pagination.js';
import { filterRows, nextSort, pageCount, pageSlice, sortRows, type Sortable, type SortState } from './tableRules.js';
import { useBelow } from './media.js';

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

export interface DataTableProps<T> {
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

function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

function cellValue<T>(row: T, col: Column<T>): ReactNode {
  if (col.render) return col.render(row);
  if (col.sortValue) return textOf(col.sortValue(row));
  return textOf((row as Record<string, unknown>)[col.key]);
}

function Truncated<T>({ row, col, children }: { row: T; col: Column<T>; children: ReactNode }) {
  const full =
    typeof col.truncate === 'function'
      ? col.truncate(row)
      : typeof children === 'string'
        ? children
        : textOf(col.sortValue?.(row) ?? (row as Record<string, unknown>)[col.key]);
  return (
    <Box
      as="span"
      display="block"
      overflow="hidden"
      textOverflow="ellipsis"
      whiteSpace="nowrap"
      title={full}
      maxW="100%"
    >
      {children}
    </Box>
  );
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

  const filterable = columns.filter((c) => c.filterOptions?.length);
  const filterBar = filterable.length > 0 && (
    <HStack gap="2" wrap="wrap">
      {filterable.map((c) => (
        <NativeSelect.Root key={c.key} size="sm" width="auto" minW="10rem">
          <NativeSelect.Field
            aria-label={`Filter by ${c.header}`}
            value={filters[c.key] ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, [c.key]: e.target.value }))}
          >
            <option value="">All {c.header}</option>
            {c.filterOptions!.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ))}
    </HStack>
  );

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
        {/* The input's aria-labelledby names this label (docs/decisions/accessibility-checked-by-axe.md). */}
        <Checkbox.Label srOnly>{`Select ${props.rowLabel ? props.rowLabel(row) : id}`}</Checkbox.Label>
      </Checkbox.Root>
    );
  };

  const body =
    visible.length === 0 ? (
      <Text color="fg.muted" py="6" textAlign="center">
        No {props.label.toLowerCase()} match the current filters
      </Text>
    ) : narrow ? (
      <Stack gap="3" role="list" aria-label={props.label}>
        {shown.map((row) => (
          <Card.Root key={rowId(row)} role="listitem" size="sm">
            <Card.Body gap="1">
              {selectable && rowCheckbox(row)}
              {columns
                .filter((c) => !c.hideOnCard)
                .map((c) => (
                  <HStack key={c.key} justify="space-between" align="flex-start" gap="3" minW="0">
                    <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                      {c.header}
                    </Text>
                    <Box minW="0" textAlign="end" fontSize="sm" wordBreak="break-word">
                      {cellValue(row, c)}
                    </Box>
                  </HStack>
                ))}
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    ) : (
      <Table.ScrollArea borderWidth="1px" borderRadius="l2">
        <Table.Root size="sm" aria-label={props.label} tableLayout="fixed" minW="40rem">
          <Table.Header>
            <Table.Row>
              {selectable && (
                <Table.ColumnHeader w="10">
                  <Checkbox.Root
                    size="sm"
                    checked={allOnPage ? true : someOnPage ? 'indeterminate' : false}
                    onCheckedChange={() => toggleAll(!allOnPage)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label srOnly>Select all on this page</Checkbox.Label>
                  </Checkbox.Root>
                </Table.ColumnHeader>
              )}
              {columns.map((c) => {
                const dir = sort?.key === c.key ? sort.dir : null;
                return (
                  <Table.ColumnHeader
                    key={c.key}
                    w={c.width}
                    minW={c.minWidth}
                    textAlign={c.align}
                    whiteSpace={c.nowrap ? 'nowrap' : undefined}
                    aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : c.sortValue ? 'none' : undefined}
                    // The whole cell sorts; the button inside (keyboard, screen readers) bubbles its click here.
                    cursor={c.sortValue ? 'pointer' : undefined}
                    onClick={c.sortValue ? () => setSort((s) => nextSort(s, c.key)) : undefined}
                  >
                    {c.sortValue ? (
                      <Button variant="plain" size="xs" px="0" fontWeight="semibold">
                        {c.header}
                        <Box as="span" aria-hidden color="fg.muted">
                          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                        </Box>
                      </Button>
                    ) : (
                      c.header
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((row) => (
              <Table.Row key={rowId(row)} data-selected={selected.has(rowId(row)) ? '' : undefined}>
                {selectable && <Table.Cell>{rowCheckbox(row)}</Table.Cell>}
                {columns.map((c) => {
                  const v = cellValue(row, c);
                  return (
                    <Table.Cell
                      key={c.key}
                      textAlign={c.align}
                      whiteSpace={c.nowrap ? 'nowrap' : undefined}
                      overflow={c.truncate ? 'hidden' : undefined}
                    >
                      {c.truncate ? (
                        <Truncated row={row} col={c}>
                          {v}
                        </Truncated>
                      ) : (
                        v
                      )}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );

  return (
    <Stack gap="3">
      {filterBar}
      {body}
      {pageSize > 0 && <Pagination page={Math.min(page, pages)} totalPages={pages} onChange={setPage} />}
    </Stack>
  );
}
