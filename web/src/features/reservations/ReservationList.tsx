import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { roundDollars } from '../../../../shared/domain/money.js';
import {
  NO_SHOW_LABEL,
  RESERVATION_STATUS_LABEL,
  reservationStatusLabel,
} from '../../../../shared/domain/reservations.js';
import { useUser } from '../../app/SessionProvider.js';
import { EmptyState } from '../../components/EmptyState.js';
import { EyeIcon, TrashIcon } from '../../components/icons.js';
import { useServices } from '../services/api/index.js';
import { reservationsApi, useReservationPage, useTracking, type ListQuery } from './api/index.js';
import {
  bookedLabel,
  customerName,
  employeeName,
  fmtDateTime,
  hoursOf,
  money,
  NO_SHOW_FILTER,
  usePageZone,
  STATUS_COLOUR,
} from './display.js';
import { isOverdue, PAGE_SIZE, PAYMENT_SOURCES, phoneLast4, rowActions, TEXT } from './rules.js';
import type { Reservation, Tracking } from './types.js';
import { useBelow } from '../../components/media.js';
import { useDebounced } from './hooks.js';
import { useSubmissionKey } from '../../api/submission-key.js';
import { DateTimeLines } from './DateTimeLines.js';

type SortKey = 'customer' | 'service' | 'start' | 'hours' | 'end' | 'createdBy';
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'customer', label: 'Customer' },
  { key: 'service', label: 'Service' },
  { key: 'start', label: 'Start Time' },
  { key: 'hours', label: 'Hours' },
  { key: 'end', label: 'End Time' },
  { key: 'createdBy', label: 'Created By' },
];

function sortValue(r: Reservation, k: SortKey): string | number {
  switch (k) {
    case 'customer':
      return customerName(r).toLowerCase();
    case 'service':
      return bookedLabel(r).toLowerCase();
    case 'start':
      return Date.parse(r.startTime) || 0;
    case 'hours':
      return hoursOf(r) ?? 0;
    case 'end':
      return Date.parse(r.endTime ?? '') || 0;
    case 'createdBy':
      return employeeName(r.createdByEmployee).toLowerCase();
  }
}

export function sortRows(
  rows: readonly Reservation[],
  sort: { key: SortKey; dir: 'asc' | 'desc' } | null,
): Reservation[] {
  if (!sort) return [...rows];
  const f = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    return (x < y ? -1 : x > y ? 1 : 0) * f;
  });
}

const CHIPS = [
  { value: '', label: 'All', count: 'all' },
  { value: 'ACTIVE', label: RESERVATION_STATUS_LABEL.ACTIVE, count: 'active' },
  { value: 'COMPLETED', label: RESERVATION_STATUS_LABEL.COMPLETED, count: 'completed' },
  { value: 'CANCELLED', label: RESERVATION_STATUS_LABEL.CANCELLED, count: 'cancelled' },
  // R-RES-12: the cancelled ones that were no-shows (a filter of the server's, counted on write).
  { value: NO_SHOW_FILTER, label: NO_SHOW_LABEL, count: 'noShow' },
] as const;

export interface RowHandlers {
  onDetails: (r: Reservation) => void;
  onReturn: (r: Reservation) => void;
  onCancel: (r: Reservation) => void;
  onDelete: (r: Reservation) => void;
}

interface Filters {
  search: string;
  service: string;
  customer: string;
  status: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { search: '', service: '', customer: '', status: '', from: '', to: '' };

/** The Reservations or the Services tab (R-RES-1): searches, chips, paging from the server, rows. */
export function ReservationList({ kind, handlers }: { kind: 'ITEM' | 'SERVICE'; handlers: RowHandlers }) {
  const user = useUser();
  const mobile = useBelow('tablet');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [cursors, setCursors] = useState<string[]>([]);
  const [sort, setSort] = useState<{ key: SortKey; dir: 'asc' | 'desc' } | null>(null);
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
  const services = useServices();
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
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Input
          size="sm"
          type="search"
          aria-label="Search reservations"
          placeholder="Search number, customer, phone…"
          value={filters.search}
          onChange={(e) => set('search', e.target.value)}
        />
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label="Search by service"
            value={filters.service}
            onChange={(e) => set('service', e.target.value)}
          >
            <option value="">{kind === 'SERVICE' ? 'All services' : 'Any service'}</option>
            {(services.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          type="search"
          aria-label="Search by customer"
          placeholder="Search by customer"
          value={filters.customer}
          onChange={(e) => set('customer', e.target.value)}
        />
      </SimpleGrid>
      <Wrap gap="2" align="center" role="group" aria-label="Status">
        {CHIPS.map((c) => {
          const active = filters.status === c.value;
          const n = page.data ? (page.data.counts[c.count] ?? 0) : null;
          return (
            <Button
              key={c.label}
              size="xs"
              borderRadius="full"
              variant={active ? 'solid' : 'outline'}
              colorPalette={c.value ? (STATUS_COLOUR[c.value] ?? 'orange') : 'brand'}
              aria-pressed={active}
              onClick={() => set('status', c.value)}
            >
              {c.label}
              {n === null ? '' : ` (${n})`}
            </Button>
          );
        })}
        {anyFilter && (
          <Button
            size="xs"
            variant="ghost"
            onClick={() => {
              setFilters(NO_FILTERS);
              setSort(null);
            }}
          >
            Clear All Filters
          </Button>
        )}
      </Wrap>
      {filters.status === 'COMPLETED' && (
        <Wrap gap="3" align="end">
          <Field.Root width="auto">
            <Field.Label fontSize="xs">Returned from</Field.Label>
            <Input
              size="sm"
              type="date"
              aria-label="Returned from"
              value={filters.from}
              onChange={(e) => set('from', e.target.value)}
            />
          </Field.Root>
          <Field.Root width="auto">
            <Field.Label fontSize="xs">Returned to</Field.Label>
            <Input
              size="sm"
              type="date"
              aria-label="Returned to"
              value={filters.to}
              onChange={(e) => set('to', e.target.value)}
            />
          </Field.Root>
        </Wrap>
      )}

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
              user={user}
              serviceIds={serviceIds}
            />
          ))}
        </Stack>
      ) : (
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
                  user={user}
                  serviceIds={serviceIds}
                />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
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

type RowProps = {
  r: Reservation;
  zone: string;
  kind: 'ITEM' | 'SERVICE';
  handlers: RowHandlers;
  user: { role: string; accessLevel?: string | null };
};

function Actions({ r, handlers, user, mobile }: Omit<RowProps, 'zone' | 'kind'> & { mobile?: boolean }) {
  const a = rowActions(r, user, { mobile });
  const label = r.reservationNumber;
  return (
    <HStack gap="1" wrap="wrap">
      <IconButton size="xs" variant="ghost" aria-label={`Details of ${label}`} onClick={() => handlers.onDetails(r)}>
        <EyeIcon />
      </IconButton>
      {a.processReturn && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="brand"
          onClick={() => handlers.onReturn(r)}
          aria-label={`Process return of ${label}`}
        >
          Return
        </Button>
      )}
      {a.cancel && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="orange"
          onClick={() => handlers.onCancel(r)}
          aria-label={`Cancel ${label}`}
        >
          Cancel
        </Button>
      )}
      {a.delete && (
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={`Delete ${label}`}
          onClick={() => handlers.onDelete(r)}
        >
          <TrashIcon />
        </IconButton>
      )}
    </HStack>
  );
}

function StatusCell({ r }: { r: Reservation }) {
  const overdue = isOverdue(r);
  return (
    <Stack gap="1">
      <HStack gap="1">
        <Badge colorPalette={STATUS_COLOUR[r.status] ?? 'gray'}>{reservationStatusLabel(r.status)}</Badge>
        {r.noShow && (
          <Badge colorPalette="orange" variant="solid">
            {NO_SHOW_LABEL}
          </Badge>
        )}
        {overdue && (
          <Badge colorPalette="red" variant="solid">
            OVERDUE
          </Badge>
        )}
      </HStack>
      {overdue && (
        <Text fontSize="xs" color="red.fg">
          {TEXT.overdue}
        </Text>
      )}
    </Stack>
  );
}

function ReservationRow({ r, zone, kind, handlers, user, serviceIds }: RowProps & { serviceIds: string[] }) {
  const overdue = isOverdue(r);
  const hours = hoursOf(r);
  return (
    <Table.Row data-reservation={r.reservationNumber} bg={overdue ? 'red.subtle' : undefined}>
      <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
        {r.reservationNumber}
      </Table.Cell>
      <Table.Cell>
        <Text fontWeight="medium">{customerName(r)}</Text>
        <Text fontSize="xs" color="fg.muted">
          {phoneLast4(r.customer?.phone)}
        </Text>
      </Table.Cell>
      <Table.Cell>{bookedLabel(r)}</Table.Cell>
      <Table.Cell>
        <DateTimeLines iso={r.startTime} zone={zone} />
      </Table.Cell>
      <Table.Cell>{hours ?? '-'}</Table.Cell>
      <Table.Cell>
        <DateTimeLines iso={r.endTime} zone={zone} />
      </Table.Cell>
      <Table.Cell>
        {r.createdByEmployee
          ? employeeName(r.createdByEmployee)
          : r.source === 'PUBLIC_BOOKING'
            ? 'Public booking'
            : '-'}
      </Table.Cell>
      <Table.Cell>
        <StatusCell r={r} />
      </Table.Cell>
      {kind === 'SERVICE' && <TrackingCells r={r} ids={serviceIds} />}
      <Table.Cell>
        <Actions r={r} handlers={handlers} user={user} />
      </Table.Cell>
    </Table.Row>
  );
}

/** Paid?, Amount, Source of a service row (R-RES-9): saved on change; a failed save is only logged. */
function TrackingCells({ r, ids, asCard }: { r: Reservation; ids: string[]; asCard?: boolean }) {
  const tracking = useTracking(ids);
  const server: Tracking = tracking.data?.[r.id] ?? {
    isPaid: r.isPaid,
    amount: r.paidAmount,
    source: (r.paidSource as Tracking['source']) ?? null,
  };
  const [local, setLocal] = useState<Tracking | null>(null);
  const [amount, setAmount] = useState<string | null>(null);
  const submission = useSubmissionKey();
  const t = local ?? server;
  const save = (next: Tracking) => {
    setLocal(next);
    submission
      .send(next, (key) => reservationsApi.setTracking(r.id, next, key))
      .then(() => tracking.mutate())
      .catch((e: unknown) => console.warn('Payment tracking save failed', e));
  };
  const amountText = amount ?? (t.amount === null || t.amount === undefined ? '' : String(t.amount));
  const commitAmount = () => {
    if (amount === null) return;
    const n = amount.trim() === '' ? null : Number(amount);
    setAmount(null);
    if (n !== null && (!Number.isFinite(n) || n < 0)) return;
    if (n !== t.amount) save({ ...t, amount: n === null ? null : roundDollars(n) });
  };
  const label = r.reservationNumber;
  const paid = (
    <Checkbox.Root size="sm" checked={t.isPaid} onCheckedChange={(e) => save({ ...t, isPaid: !!e.checked })}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      {/* The input's aria-labelledby names this label (docs/decisions/accessibility-checked-by-axe.md): "Paid" on a card, "Paid RES-…" to a reader. */}
      <Checkbox.Label srOnly={!asCard}>
        Paid
        <Box as="span" srOnly>{` ${label}`}</Box>
      </Checkbox.Label>
    </Checkbox.Root>
  );
  const amountInput = (
    <Input
      size="xs"
      width="20"
      type="number"
      step="0.01"
      min="0"
      inputMode="decimal"
      aria-label={`Amount ${label}`}
      value={amountText}
      onChange={(e) => setAmount(e.target.value)}
      onBlur={commitAmount}
      onKeyDown={(e) => e.key === 'Enter' && commitAmount()}
    />
  );
  const source = (
    <NativeSelect.Root size="xs" width="28">
      <NativeSelect.Field
        aria-label={`Source ${label}`}
        value={t.source ?? ''}
        onChange={(e) => save({ ...t, source: (e.target.value || null) as Tracking['source'] })}
      >
        <option value="">-</option>
        {PAYMENT_SOURCES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  if (asCard)
    return (
      <HStack gap="3" wrap="wrap">
        {paid}
        {amountInput}
        {source}
      </HStack>
    );
  return (
    <>
      <Table.Cell>{paid}</Table.Cell>
      <Table.Cell>{amountInput}</Table.Cell>
      <Table.Cell>{source}</Table.Cell>
    </>
  );
}

function ReservationCard({ r, zone, kind, handlers, user, serviceIds }: RowProps & { serviceIds: string[] }) {
  const overdue = isOverdue(r);
  const hours = hoursOf(r);
  return (
    <Card.Root
      size="sm"
      data-reservation={r.reservationNumber}
      bg={overdue ? 'red.subtle' : undefined}
      borderColor={overdue ? 'red.muted' : undefined}
    >
      <Card.Body gap="2">
        <HStack justify="space-between" align="start">
          <Box>
            <Text fontWeight="semibold">{customerName(r)}</Text>
            <Text fontSize="xs" color="fg.muted">
              {r.reservationNumber} · {phoneLast4(r.customer?.phone)}
            </Text>
          </Box>
          <StatusCell r={r} />
        </HStack>
        <Text fontSize="sm">{bookedLabel(r)}</Text>
        <Text fontSize="sm" color="fg.muted">
          {fmtDateTime(r.startTime, zone)} → {fmtDateTime(r.endTime, zone)}
          {hours ? ` · ${hours} h` : ''}
        </Text>
        <Text fontSize="sm">Total {money(r.totalAmount)}</Text>
        {kind === 'SERVICE' && <TrackingCells r={r} ids={serviceIds} asCard />}
        <Actions r={r} handlers={handlers} user={user} mobile />
      </Card.Body>
    </Card.Root>
  );
}
