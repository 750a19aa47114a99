import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Portal,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import type { CustomerView } from '../../../../shared/contract/customer-models.js';
import { reservationStatusLabel } from '../../../../shared/domain/reservations.js';
import { DIALOG_SIZE } from '../../components/DialogFrame.js';
import { formatCurrency, formatPhone, pluralize } from '../../components/format.js';
import { useOrgClock } from '../../app/time-zone.js';
import { useCustomer } from './api/index.js';
import { DETAIL_ERROR, fullName } from './customers.js';

const STATUS_COLOR: Record<string, string> = { ACTIVE: 'green', COMPLETED: 'blue', CANCELLED: 'gray' };

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </Box>
  );
}

/** R-CUS-1: customer-since and, per reservation, number, start date, status, item or service, duration, total and overage. */
export function CustomerDetailsDialog({ customer, onClose }: { customer: CustomerView | null; onClose: () => void }) {
  const { data, error, isLoading, mutate } = useCustomer(customer?.id ?? null);
  const clock = useOrgClock();
  const c = data ?? customer;
  return (
    <Dialog.Root
      open={!!customer}
      onOpenChange={(e) => !e.open && onClose()}
      size={{ base: DIALOG_SIZE.base, md: 'xl' }}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content h={{ md: 'auto' }} maxH={{ md: '85dvh' }} minH={{ md: '0' }}>
            <Dialog.Header>
              <Dialog.Title>{c ? fullName(c) : 'Customer'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {c && (
                <Stack gap="5">
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                    <Field label="Customer since" value={clock.date(c.createdAt)} />
                    <Field label="Phone" value={formatPhone(c.phone)} />
                    <Field label="Email" value={c.email ?? ''} />
                    <Field label="Address" value={c.address ?? ''} />
                    {/* R-RES-12: kept on write with each no-show and its restore. */}
                    <Field label="No-shows" value={String(c.noShowCount)} />
                  </SimpleGrid>
                  <Stack gap="2">
                    <Text fontWeight="semibold">
                      Reservations ({data ? data.reservations.length : c.reservationCount})
                    </Text>
                    {error ? (
                      <Alert.Root status="error">
                        <Alert.Indicator />
                        <Stack gap="2" flex="1">
                          <Alert.Title>{DETAIL_ERROR}</Alert.Title>
                          <Alert.Description>{(error as Error).message}</Alert.Description>
                          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => void mutate()}>
                            Retry
                          </Button>
                        </Stack>
                      </Alert.Root>
                    ) : isLoading || !data ? (
                      <Spinner size="sm" aria-label="Loading reservations" />
                    ) : data.reservations.length === 0 ? (
                      <Text color="fg.muted">No reservations yet.</Text>
                    ) : (
                      <Table.ScrollArea borderWidth="1px" borderRadius="l2">
                        <Table.Root size="sm">
                          <Table.Header>
                            <Table.Row>
                              <Table.ColumnHeader>Number</Table.ColumnHeader>
                              <Table.ColumnHeader>Date</Table.ColumnHeader>
                              <Table.ColumnHeader>Status</Table.ColumnHeader>
                              <Table.ColumnHeader>Item / Service</Table.ColumnHeader>
                              <Table.ColumnHeader textAlign="end">Duration</Table.ColumnHeader>
                              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                              <Table.ColumnHeader textAlign="end">Overage</Table.ColumnHeader>
                            </Table.Row>
                          </Table.Header>
                          <Table.Body>
                            {data.reservations.map((r) => (
                              <Table.Row key={r.id}>
                                <Table.Cell whiteSpace="nowrap">{r.reservationNumber}</Table.Cell>
                                {/* The start, in the organization's zone (docs/decisions/0008-one-time-zone.md). */}
                                <Table.Cell whiteSpace="nowrap">{clock.dateTime(r.startTime)}</Table.Cell>
                                <Table.Cell>
                                  <Badge colorPalette={STATUS_COLOR[r.status] ?? 'gray'}>
                                    {reservationStatusLabel(r.status)}
                                  </Badge>
                                </Table.Cell>
                                <Table.Cell>{r.itemName}</Table.Cell>
                                <Table.Cell textAlign="end" whiteSpace="nowrap">
                                  {pluralize(r.reservationDuration, 'hour', undefined, String)}
                                </Table.Cell>
                                <Table.Cell textAlign="end">{formatCurrency(r.totalAmount)}</Table.Cell>
                                <Table.Cell textAlign="end">{formatCurrency(r.overageAmount)}</Table.Cell>
                              </Table.Row>
                            ))}
                          </Table.Body>
                        </Table.Root>
                      </Table.ScrollArea>
                    )}
                  </Stack>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
