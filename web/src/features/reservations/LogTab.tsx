import {
  Alert,
  Badge,
  Button,
  Card,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { logActionLabel } from '../../../../shared/domain/reservations.js';
import { EmptyState } from '../../components/EmptyState.js';
import { Pagination } from '../../components/Pagination.js';
import { useReservationLogs } from './api/index.js';
import { DateTimeLines } from './DateTimeLines.js';
import { fmtDateTime, usePageZone } from './display.js';
import { useBelow } from '../../components/media.js';
import { useDebounced } from './hooks.js';
import { LOG_ACTIONS, TEXT } from './rules.js';
import type { LogEntry } from './types.js';

const ACTION_COLOUR: Record<string, string> = {
  CREATED: 'green',
  CANCELLED: 'orange',
  RETURNED: 'blue',
  REPROCESSED: 'purple',
  RESTORED: 'teal',
  DELETED: 'red',
  NO_SHOW: 'orange',
};

/**
 * The Reservations Log tab (R-RES-10): filters by action, employee and reservation, Refresh, 25
 * a page. The screen never shows internal ids, so the employee is picked by name (the select's value
 * is the id the API filters by) and the reservation by its number, RES-000123 or just 123.
 */
export function LogTab() {
  const mobile = useBelow('tablet');
  const [action, setAction] = useState('');
  const [employeeId, setEmployeeId] = useState('');
  const [reservation, setReservation] = useState('');
  const [page, setPage] = useState(1);
  const reservationNumber = useDebounced(reservation.trim(), 300);
  useEffect(() => setPage(1), [action, employeeId, reservationNumber]);
  const logs = useReservationLogs({ page, action, employeeId, reservationNumber }, true);
  // The choices stay while a filtered answer loads (the answer carries them).
  const [employees, setEmployees] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    if (logs.data?.employees) setEmployees(logs.data.employees);
  }, [logs.data]);
  const zone = usePageZone();
  const rows = logs.data?.data ?? [];
  const totalPages = logs.data?.pagination.totalPages ?? 1;

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" alignItems="end">
        <NativeSelect.Root size="sm">
          <NativeSelect.Field aria-label="Filter by action" value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">All actions</option>
            {LOG_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {logActionLabel(a)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label="Filter by employee"
            value={employeeId}
            onChange={(e) => setEmployeeId(e.target.value)}
          >
            <option value="">All employees</option>
            {employees.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          aria-label="Reservation number"
          placeholder="Reservation # (RES-000123 or 123)"
          value={reservation}
          onChange={(e) => setReservation(e.target.value)}
        />
        <Button size="sm" variant="outline" loading={logs.isValidating} onClick={() => void logs.mutate()}>
          Refresh
        </Button>
      </SimpleGrid>
      {logs.error && !logs.data ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{TEXT.logsFailed}</Alert.Title>
          </Alert.Content>
          <Button size="sm" onClick={() => void logs.mutate()}>
            Retry
          </Button>
        </Alert.Root>
      ) : !logs.data ? (
        <Stack gap="2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="8" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState
          title={TEXT.noActivity}
          description={
            action || employeeId || reservationNumber
              ? 'No log entries match these filters.'
              : 'Reservation changes will be listed here.'
          }
        />
      ) : mobile ? (
        <Stack gap="3">
          {rows.map((e) => (
            <LogCard key={e.id} e={e} zone={zone} />
          ))}
        </Stack>
      ) : (
        // The scroll area keeps every cell on one line; long names wrap instead, so the table fits 1366 px.
        <Table.ScrollArea borderWidth="1px" borderRadius="l2" whiteSpace="normal">
          <Table.Root size="sm" aria-label="Reservations log">
            <Table.Header>
              <Table.Row>
                {[
                  'Date/Time',
                  'Action',
                  'Reservation',
                  'Customer',
                  'Item / Service',
                  'By',
                  'Start',
                  'Hours',
                  'Expected Return',
                  'Actual Return',
                  'Payment ID',
                ].map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((e) => (
                <Table.Row key={e.id} data-log-action={e.action}>
                  <Table.Cell>
                    <DateTimeLines iso={e.createdAt} zone={zone} />
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={ACTION_COLOUR[e.action] ?? 'gray'}>{logActionLabel(e.action)}</Badge>
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="nowrap" title={e.reservationId}>
                    {e.reservationNumber ?? e.reservationId}
                  </Table.Cell>
                  <Table.Cell>{e.customerName ?? '-'}</Table.Cell>
                  <Table.Cell>{e.itemLabel ?? '-'}</Table.Cell>
                  <Table.Cell title={e.actorUserId ?? undefined}>{e.actorName ?? 'System'}</Table.Cell>
                  <Table.Cell>
                    <DateTimeLines iso={e.startTime} zone={zone} />
                  </Table.Cell>
                  <Table.Cell>{e.hours ?? '-'}</Table.Cell>
                  <Table.Cell>
                    <DateTimeLines iso={e.expectedReturnTime} zone={zone} />
                  </Table.Cell>
                  <Table.Cell>
                    <DateTimeLines iso={e.actualReturnTime} zone={zone} />
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs">
                    {e.paymentId ?? '-'}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {logs.data && (
        <Text fontSize="xs" color="fg.muted" textAlign="center">
          {logs.data.pagination.total} entries
        </Text>
      )}
      <Pagination page={page} totalPages={totalPages} onChange={setPage} />
    </Stack>
  );
}

function LogCard({ e, zone }: { e: LogEntry; zone: string }) {
  return (
    <Card.Root size="sm" data-log-action={e.action}>
      <Card.Body gap="1">
        <HStack justify="space-between">
          <Badge colorPalette={ACTION_COLOUR[e.action] ?? 'gray'}>{logActionLabel(e.action)}</Badge>
          <Text fontSize="xs" color="fg.muted">
            {fmtDateTime(e.createdAt, zone)}
          </Text>
        </HStack>
        <Text fontSize="sm" fontWeight="medium">
          {e.reservationNumber ?? e.reservationId} · {e.customerName ?? '-'}
        </Text>
        <Text fontSize="sm">{e.itemLabel ?? '-'}</Text>
        <Text fontSize="xs" color="fg.muted">
          By {e.actorName ?? 'System'}
          {e.paymentId ? ` · Payment ${e.paymentId}` : ''}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
