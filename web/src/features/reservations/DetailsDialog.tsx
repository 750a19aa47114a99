import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Portal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { fromCents, sumCents, toCents } from '../../../../shared/domain/money.js';
import { staffPriceText } from '../../../../shared/domain/pricing.js';
import { mayMarkNoShow, NO_SHOW_LABEL, reservationStatusLabel } from '../../../../shared/domain/reservations.js';
import { formatPhone } from '../../components/format.js';
import { notify } from '../../components/toaster.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useUser } from '../../app/SessionProvider.js';
import { useMayUseFn } from '../storefront/index.js';
import { errorMessage } from '../../api/client.js';
import { reservationsApi, useReservation } from './api/index.js';
import { bookedLabel, customerName, employeeName, fmtDateTime, money, usePageZone, STATUS_COLOUR } from './display.js';
import {
  depositTypeLabel,
  detailsError,
  durationText,
  isOverdue,
  noShowError,
  restoreError,
  rowActions,
  TEXT,
} from './rules.js';
import type { ReservationDetail } from './types.js';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between" align="start" gap="4" py="1" borderBottomWidth="1px" borderColor="border.muted">
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Box textAlign="end" fontSize="sm">
        {children}
      </Box>
    </HStack>
  );
}

/** The service's own line (docs/decisions/right-about-money.md): the tier that applied, named, its rate and how many it was charged for. */
function serviceLine(r: ReservationDetail): string {
  const s = r.service!;
  const times = s.rateType === 'PER_PERSON' && (r.participantCount ?? 1) !== 1 ? ` × ${r.participantCount}` : '';
  return `${s.name}${s.tier ? ` · ${s.tier}` : ''} (${staffPriceText(s.rate, s.rateType)}${times})`;
}

/** The base amount holds the add-ons too (R-BOOK-4's booked base); the service line is what is left. */
const serviceAmount = (r: ReservationDetail) =>
  fromCents(toCents(r.baseAmount) - sumCents(r.addons.map((a) => toCents(a.amount))));

/** R-MONEY-3 price breakdown as the server stored it, one line per part; tax shows only when its rate is above 0. */
function Breakdown({ r }: { r: ReservationDetail }) {
  return (
    <Stack gap="0" aria-label="Price breakdown" role="group">
      {r.kind === 'SERVICE' && r.service && <Row label={serviceLine(r)}>{money(serviceAmount(r))}</Row>}
      {r.kind === 'SERVICE' && r.participantCount ? <Row label="Participants">{r.participantCount}</Row> : null}
      {r.addons.map((a) => (
        <Row
          key={a.name}
          label={`${a.name} (${staffPriceText(a.rate, a.rateType)}${a.quantity !== 1 ? ` × ${a.quantity}` : ''})`}
        >
          {money(a.amount)}
        </Row>
      ))}
      {r.addons.length === 0 && r.addonNames.length > 0 && <Row label="Add-ons">{r.addonNames.join(', ')}</Row>}
      {r.kind === 'ITEM' && (
        <Row
          label={`Base (${r.reservationDuration} h × ${money(r.hourlyRateAtBooking ?? r.inventoryItem?.hourlyRate ?? 0)})`}
        >
          {money(r.baseAmount)}
        </Row>
      )}
      {r.overageAmount > 0 && <Row label={`Overage (${r.overageHours} h)`}>{money(r.overageAmount)}</Row>}
      {r.refundAmount > 0 && (
        <Row label={`Refund${r.refundHours ? ` (${r.refundHours} h)` : ''}`}>-{money(r.refundAmount)}</Row>
      )}
      <Row label="Subtotal">{money(r.subtotal)}</Row>
      {r.taxRate > 0 && <Row label={`Tax (${r.taxRate}%)`}>{money(r.taxAmount)}</Row>}
      <Row label="Total">
        <Text fontWeight="bold">{money(r.totalAmount)}</Text>
      </Row>
    </Stack>
  );
}

/** The reservation details dialog (R-RES-1): breakdown, payments, allergies, notes, Reprocess and Restore. */
export function DetailsDialog({
  id,
  onClose,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const user = useUser();
  const zone = usePageZone();
  const one = useReservation(id);
  const { confirm, confirmDialog } = useConfirm();
  const r = one.data;
  const actions = r ? rowActions(r, user) : null;
  const may = useMayUseFn();
  // R-RES-12: ACTIVE and started, for whoever may cancel (the route's own permission).
  const offerNoShow = !!r && mayMarkNoShow(r) && may('reservations.cancel');

  async function reprocess() {
    if (!r) return;
    const ok = await confirm({
      title: 'Reprocess Reservation',
      message: TEXT.reprocessConfirm,
      confirmLabel: 'Reprocess',
      action: async () => {
        try {
          await reservationsApi.reprocess(r.id);
          notify.success(TEXT.reprocessDone);
          await one.mutate();
          onChanged();
        } catch (e) {
          notify.error(errorMessage(e, TEXT.reprocessFailed));
        }
      },
    });
    void ok;
  }

  async function markNoShow() {
    if (!r) return;
    await confirm({
      title: 'Mark as no-show',
      message: TEXT.noShowConfirm,
      confirmLabel: 'Mark as no-show',
      action: async () => {
        try {
          await reservationsApi.noShow(r.id);
          notify.success(TEXT.noShowDone);
          await one.mutate();
          onChanged();
        } catch (e) {
          notify.error(noShowError(e));
        }
      },
    });
  }

  async function restore() {
    if (!r) return;
    await confirm({
      title: 'Restore Reservation',
      message: TEXT.restoreConfirm,
      confirmLabel: 'Restore',
      action: async () => {
        try {
          await reservationsApi.restore(r.id);
          notify.success('Reservation restored successfully');
          await one.mutate();
          onChanged();
        } catch (e) {
          notify.error(restoreError(e));
        }
      },
    });
  }

  return (
    <>
      <Dialog.Root
        open={!!id}
        onOpenChange={(e) => !e.open && onClose()}
        placement="center"
        size={{ base: 'full', sm: 'md', md: 'lg' }}
        scrollBehavior="inside"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content aria-label="Reservation details">
              <Dialog.Header>
                <Dialog.Title>Reservation Details{r ? ` · ${r.reservationNumber}` : ''}</Dialog.Title>
              </Dialog.Header>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
              <Dialog.Body>
                {one.error ? (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{detailsError(one.error, (iso) => fmtDateTime(iso, zone))}</Alert.Title>
                  </Alert.Root>
                ) : !r ? (
                  <Stack gap="2">
                    {[0, 1, 2, 3].map((i) => (
                      <Skeleton key={i} height="6" />
                    ))}
                  </Stack>
                ) : (
                  <Stack gap="5">
                    <HStack gap="2" wrap="wrap">
                      <Badge colorPalette={STATUS_COLOUR[r.status] ?? 'gray'}>{reservationStatusLabel(r.status)}</Badge>
                      {r.noShow && (
                        <Badge colorPalette="orange" variant="solid">
                          {NO_SHOW_LABEL}
                        </Badge>
                      )}
                      {isOverdue(r) && (
                        <Badge colorPalette="red" variant="solid">
                          OVERDUE
                        </Badge>
                      )}
                      {r.paymentStatus === 'PENDING_PAYMENT' && <Badge colorPalette="orange">Pending Payment</Badge>}
                    </HStack>
                    {isOverdue(r) && (
                      <Text color="red.fg" fontSize="sm">
                        {TEXT.overdue}
                      </Text>
                    )}
                    {r.allergies && (
                      <Box
                        role="alert"
                        bg="red.subtle"
                        borderWidth="1px"
                        borderColor="red.muted"
                        color="red.fg"
                        p="3"
                        borderRadius="l2"
                      >
                        <Text fontWeight="bold">Allergies and dietary restrictions</Text>
                        <Text whiteSpace="pre-wrap">
                          {r.allergiesText || 'The customer reported allergies or dietary restrictions.'}
                        </Text>
                      </Box>
                    )}
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                      <Stack gap="0">
                        <Text fontWeight="semibold" mb="1">
                          Customer
                        </Text>
                        <Row label="Name">{customerName(r)}</Row>
                        <Row label="Phone">{formatPhone(r.customer.phone)}</Row>
                        {r.customer.email && <Row label="Email">{r.customer.email}</Row>}
                        {r.customer.address && <Row label="Address">{r.customer.address}</Row>}
                      </Stack>
                      <Stack gap="0">
                        <Text fontWeight="semibold" mb="1">
                          Booking
                        </Text>
                        <Row label={r.kind === 'SERVICE' ? 'Service' : 'Item'}>{bookedLabel(r)}</Row>
                        <Row label="Start">{fmtDateTime(r.startTime, zone)}</Row>
                        <Row label="End">{fmtDateTime(r.endTime, zone)}</Row>
                        <Row label="Duration">{durationText(r.startTime, r.endTime)}</Row>
                        {r.actualReturnTime && <Row label="Returned">{fmtDateTime(r.actualReturnTime, zone)}</Row>}
                        <Row label="Deposit">
                          {money(r.depositAmount)} ({depositTypeLabel(r.depositTypeCash, r.depositTypeCredit)})
                        </Row>
                        {r.paymentId && <Row label="Payment ID">{r.paymentId}</Row>}
                        <Row label="Created by">
                          {r.createdByEmployee
                            ? employeeName(r.createdByEmployee)
                            : r.source === 'PUBLIC_BOOKING'
                              ? 'Public booking'
                              : '-'}
                        </Row>
                        {r.processedByEmployee && <Row label="Processed by">{employeeName(r.processedByEmployee)}</Row>}
                        {r.reprocessedByEmployee && (
                          <Row label="Reprocessed by">
                            {employeeName(r.reprocessedByEmployee)}
                            {r.reprocessedAt ? `, ${fmtDateTime(r.reprocessedAt, zone)}` : ''}
                          </Row>
                        )}
                      </Stack>
                    </SimpleGrid>
                    <Stack gap="1">
                      <Text fontWeight="semibold">Price breakdown</Text>
                      <Breakdown r={r} />
                    </Stack>
                    <Stack gap="1">
                      <Text fontWeight="semibold">Payment history</Text>
                      {r.payments.length === 0 ? (
                        <Text fontSize="sm" color="fg.muted">
                          No payments recorded.
                        </Text>
                      ) : (
                        <Table.ScrollArea>
                          <Table.Root size="sm" aria-label="Payment history">
                            <Table.Header>
                              <Table.Row>
                                <Table.ColumnHeader>Date</Table.ColumnHeader>
                                <Table.ColumnHeader>Type</Table.ColumnHeader>
                                <Table.ColumnHeader>Method</Table.ColumnHeader>
                                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                                <Table.ColumnHeader>By</Table.ColumnHeader>
                              </Table.Row>
                            </Table.Header>
                            <Table.Body>
                              {r.payments.map((p) => (
                                <Table.Row key={p.id}>
                                  <Table.Cell whiteSpace="nowrap">{fmtDateTime(p.paymentDate, zone)}</Table.Cell>
                                  <Table.Cell>{p.paymentType}</Table.Cell>
                                  <Table.Cell>
                                    {p.method ?? '-'}
                                    {p.paymentId ? ` · ${p.paymentId}` : ''}
                                  </Table.Cell>
                                  <Table.Cell textAlign="end" color={p.amount < 0 ? 'red.fg' : undefined}>
                                    {p.amount < 0 ? `-${money(-p.amount)}` : money(p.amount)}
                                  </Table.Cell>
                                  <Table.Cell>{employeeName(p.employee)}</Table.Cell>
                                </Table.Row>
                              ))}
                            </Table.Body>
                          </Table.Root>
                        </Table.ScrollArea>
                      )}
                    </Stack>
                    {r.notes && (
                      <Stack gap="1">
                        <Text fontWeight="semibold">Notes</Text>
                        <Text fontSize="sm" whiteSpace="pre-wrap" bg="bg.muted" p="3" borderRadius="l2">
                          {r.notes}
                        </Text>
                      </Stack>
                    )}
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                {actions?.reprocess && (
                  <Button colorPalette="purple" variant="outline" onClick={() => void reprocess()}>
                    Reprocess Reservation
                  </Button>
                )}
                {offerNoShow && (
                  <Button colorPalette="orange" variant="outline" onClick={() => void markNoShow()}>
                    Mark as no-show
                  </Button>
                )}
                {actions?.restore && (
                  <Button colorPalette="teal" variant="outline" onClick={() => void restore()}>
                    Restore Reservation
                  </Button>
                )}
                <Button onClick={onClose}>Close</Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      {confirmDialog}
    </>
  );
}
