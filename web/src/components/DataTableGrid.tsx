import { Box, Button, Checkbox, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Column } from './tableColumn.js';
import { cellValue, textOf } from './tableCells.js';
import type { SortState } from './tableRules.js';

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

function SortableHeader<T>({
  c,
  sort,
  onSort,
}: {
  c: Column<T>;
  sort: SortState | null;
  onSort: (key: string) => void;
}) {
  const dir = sort?.key === c.key ? sort.dir : null;
  return (
    <Table.ColumnHeader
      w={c.width}
      minW={c.minWidth}
      textAlign={c.align}
      whiteSpace={c.nowrap ? 'nowrap' : undefined}
      aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : c.sortValue ? 'none' : undefined}
      // The whole cell sorts; the button inside (keyboard, screen readers) bubbles its click here.
      cursor={c.sortValue ? 'pointer' : undefined}
      onClick={c.sortValue ? () => onSort(c.key) : undefined}
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
}

/** The page's rows selected: all of them, some, or none (the select-all checkbox's three states). */
interface PageSelection {
  all: boolean;
  some: boolean;
  onToggleAll: (on: boolean) => void;
}

/** The DataTable's layout from 480 px: a table with sortable headers and a select-all for the page. */
export function DataTableGrid<T>({
  label,
  rows,
  columns,
  rowId,
  isSelected,
  checkbox,
  pageSelection,
  sort,
  onSort,
}: {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowId: (row: T) => string;
  isSelected: (id: string) => boolean;
  /** The row's selection checkbox, when rows are selectable. */
  checkbox?: (row: T) => ReactNode;
  pageSelection?: PageSelection;
  sort: SortState | null;
  onSort: (key: string) => void;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm" aria-label={label} tableLayout="fixed" minW="40rem">
        <Table.Header>
          <Table.Row>
            {pageSelection && (
              <Table.ColumnHeader w="10">
                <Checkbox.Root
                  size="sm"
                  checked={pageSelection.all ? true : pageSelection.some ? 'indeterminate' : false}
                  onCheckedChange={() => pageSelection.onToggleAll(!pageSelection.all)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label srOnly>Select all on this page</Checkbox.Label>
                </Checkbox.Root>
              </Table.ColumnHeader>
            )}
            {columns.map((c) => (
              <SortableHeader key={c.key} c={c} sort={sort} onSort={onSort} />
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowId(row)} data-selected={isSelected(rowId(row)) ? '' : undefined}>
              {checkbox && <Table.Cell>{checkbox(row)}</Table.Cell>}
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
}
