import { Button, Table } from '@chakra-ui/react';
import type { Dispatch, SetStateAction } from 'react';
import type { GatedRoute } from '../../../../shared/contract/route-needs.js';
import { listTotalsText } from './display.js';
import { COLUMNS, type SortState } from './listSort.js';
import { ReservationRow } from './ReservationRow.js';
import type { RowHandlers } from './RowParts.js';
import type { Reservation } from './types.js';

/** The lists' table at tablet width and up: sortable column headers, one row per reservation (R-RES-1). */
export function ReservationTable({
  rows,
  kind,
  zone,
  handlers,
  mayCall,
  serviceIds,
  sort,
  setSort,
}: {
  rows: Reservation[];
  kind: 'ITEM' | 'SERVICE';
  zone: string;
  handlers: RowHandlers;
  mayCall: (route: GatedRoute) => boolean;
  serviceIds: string[];
  sort: SortState | null;
  setSort: Dispatch<SetStateAction<SortState | null>>;
}) {
  return (
    // The scroll area keeps every cell on one line; long names wrap instead, so the table fits 1366 px.
    <Table.ScrollArea borderWidth="1px" borderRadius="l2" whiteSpace="normal">
      <Table.Root size="sm" aria-label={kind === 'SERVICE' ? 'Service bookings' : 'Reservations'}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>#</Table.ColumnHeader>
            {COLUMNS.map((c) => (
              <Table.ColumnHeader
                key={c.key}
                aria-sort={sort?.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <Button
                  variant="plain"
                  size="xs"
                  px="0"
                  fontWeight="semibold"
                  onClick={() =>
                    setSort((s) => ({ key: c.key, dir: s?.key === c.key && s.dir === 'asc' ? 'desc' : 'asc' }))
                  }
                >
                  {c.key === 'service' && kind === 'ITEM' ? 'Item / Service' : c.label}{' '}
                  {sort?.key === c.key ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
                </Button>
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            {kind === 'SERVICE' && (
              <>
                <Table.ColumnHeader>Paid?</Table.ColumnHeader>
                <Table.ColumnHeader>Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Source</Table.ColumnHeader>
              </>
            )}
            <Table.ColumnHeader>Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <ReservationRow
              key={r.id}
              r={r}
              zone={zone}
              kind={kind}
              handlers={handlers}
              mayCall={mayCall}
              serviceIds={serviceIds}
            />
          ))}
        </Table.Body>
        {rows.length > 0 && (
          // One cell across the row: the totals add no column, so the table still fits 1366 px.
          <Table.Footer>
            <Table.Row>
              <Table.Cell colSpan={COLUMNS.length + (kind === 'SERVICE' ? 6 : 3)} fontWeight="semibold">
                {listTotalsText(rows)}
              </Table.Cell>
            </Table.Row>
          </Table.Footer>
        )}
      </Table.Root>
    </Table.ScrollArea>
  );
}
