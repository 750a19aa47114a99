import { Alert, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../components/EmptyState.js';
import { useBelow } from '../../components/media.js';
import { useServiceNames } from '../services/api/index.js';
import { useMayCallFn } from '../storefront/index.js';
import { type ListQuery, useReservationPage } from './api/index.js';
import { listTotalsText, NO_SHOW_FILTER, usePageZone } from './display.js';
import { useDebounced } from './hooks.js';
import { type Filters, ListFilters, NO_FILTERS } from './ListFilters.js';
import { type SortState, sortRows } from './listSort.js';
import { ReservationCard } from './ReservationCard.js';
import { ReservationTable } from './ReservationTable.js';
import type { RowHandlers } from './RowParts.js';
import { PAGE_SIZE, TEXT } from './rules.js';

export type { RowHandlers } from './RowParts.js';

/** The Reservations or the Services tab (R-RES-1): searches, chips, paging from the server, rows. */
export function ReservationList({ kind, handlers }: { kind: 'ITEM' | 'SERVICE'; handlers: RowHandlers }) {
  const mayCall = useMayCallFn();
  const mobile = useBelow('tablet');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [cursors, setCursors] = useState<string[]>([]);
  const [sort, setSort] = useState<SortState | null>(null);
  const search = useDebounced(filters.search.trim(), 300);
  const customer = useDebounced(filters.customer.trim(), 300);
  const query: ListQuery = {
    kind,
    status: (filters.status && filters.status !== NO_SHOW_FILTER ? filters.status : undefined) as ListQuery['status'],
    noShow: filters.status === NO_SHOW_FILTER ? 'true' : undefined,
    search: search || undefined,
    serviceId: filters.service || undefined,
    customer: customer || undefined,
    // Start Time is ordered by the server (across pages); the other columns sort the page shown.
    order: sort?.key === 'start' ? sort.dir : undefined,
    // R-RES-1: the return-date range applies to the Completed chip only.
    startDate: filters.status === 'COMPLETED' && filters.from ? filters.from : undefined,
    endDate: filters.status === 'COMPLETED' && filters.to ? filters.to : undefined,
    cursor: cursors.at(-1),
  };
  const page = useReservationPage(query);
  // Names only, without zod: the filter's options (docs/decisions/0221-first-load-route-preload-and-compression.md).
  const services = useServiceNames();
  const rows = useMemo(
    () => sortRows(page.data?.reservations ?? [], sort?.key === 'start' ? null : sort),
    [page.data, sort],
  );
  const zone = usePageZone();

  // New filters start again from the first page.
  const filterKey = JSON.stringify([
    kind,
    filters.status,
    search,
    filters.service,
    customer,
    filters.from,
    filters.to,
    sort?.key === 'start' ? sort.dir : '',
  ]);
  useEffect(() => setCursors([]), [filterKey]);

  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => setFilters((f) => ({ ...f, [k]: v }));
  const anyFilter = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const serviceIds = kind === 'SERVICE' ? rows.map((r) => r.id) : [];

  return (
    <Stack gap="4">
      <ListFilters
        kind={kind}
        filters={filters}
        set={set}
        counts={page.data?.counts}
        services={services.data ?? []}
        anyFilter={anyFilter}
        onClear={() => {
          setFilters(NO_FILTERS);
          setSort(null);
        }}
      />

      {page.error && !page.data ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{TEXT.loadFailed}</Alert.Title>
          </Alert.Content>
          <Button size="sm" onClick={() => void page.mutate()}>
            Retry
          </Button>
        </Alert.Root>
      ) : !page.data ? (
        <Stack gap="2" aria-busy="true" aria-label="Loading reservations">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="10" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState
          title={TEXT.noReservations}
          description={
            anyFilter
              ? 'No reservations match the current filters.'
              : kind === 'SERVICE'
                ? 'Service bookings will appear here.'
                : 'Reservations of items will appear here.'
          }
        />
      ) : mobile ? (
        <Stack gap="3">
          {rows.map((r) => (
            <ReservationCard
              key={r.id}
              r={r}
              zone={zone}
              kind={kind}
              handlers={handlers}
              mayCall={mayCall}
              serviceIds={serviceIds}
            />
          ))}
          <Text fontSize="sm" fontWeight="semibold">
            {listTotalsText(rows)}
          </Text>
        </Stack>
      ) : (
        <ReservationTable
          rows={rows}
          kind={kind}
          zone={zone}
          handlers={handlers}
          mayCall={mayCall}
          serviceIds={serviceIds}
          sort={sort}
          setSort={setSort}
        />
      )}
      {page.data && (cursors.length > 0 || page.data.pagination.nextCursor) && (
        <HStack as="nav" aria-label="Pagination" justify="center" gap="3">
          <Button
            size="sm"
            variant="outline"
            disabled={cursors.length === 0}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            Previous
          </Button>
          <Text fontSize="sm" color="fg.muted">
            Page {cursors.length + 1} of {Math.max(1, Math.ceil(page.data.pagination.total / PAGE_SIZE))}
          </Text>
          <Button
            size="sm"
            variant="outline"
            disabled={!page.data.pagination.nextCursor}
            onClick={() => {
              const next = page.data?.pagination.nextCursor;
              if (next) setCursors((c) => [...c, next]);
            }}
          >
            Next
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
