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
  Text,
} from '@chakra-ui/react';
import {
  depositTypeLabel,
  mayMarkNoShow,
  NO_SHOW_LABEL,
  reservationStatusLabel,
} from '../../../../shared/domain/reservations.js';
import { formatPhone } from '../../components/format.js';
import { notify } from '../../components/toaster.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useMayCallFn } from '../storefront/index.js';
import { useMarkNoShow, useReprocessReservation, useReservation, useRestoreReservation } from './api/index.js';
import { Row } from './DetailRow.js';
import { PaymentHistory } from './PaymentHistory.js';
import { Breakdown } from './PriceBreakdown.js';
import { bookedLabel, customerName, employeeName, fmtDateTime, money, usePageZone, STATUS_COLOUR } from './display.js';
import { detailsError, durationText, isOverdue, noShowError, restoreError, rowActions, TEXT } from './rules.js';

/** The reservation details dialog (R-RES-1): breakdown, payments, allergies, notes, Reprocess and Restore. */
export function DetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const zone = usePageZone();
  const one = useReservation(id);
  const { confirm, confirmDialog } = useConfirm();
  const r = one.data;
  const mayCall = useMayCallFn();
  const actions = r ? rowActions(r, mayCall) : null;
  // R-RES-12: ACTIVE and started, for whoever may call the no-show route (R-RES-13).
  const offerNoShow = !!r && mayMarkNoShow(r) && mayCall('reservations.noShow');
  // Each hook revalidates this reservation, the lists, items, customers and dashboard counts.
  const reprocessOne = useReprocessReservation({ success: TEXT.reprocessDone, failure: TEXT.reprocessFailed });
  // No-show and restore word their failures with the status (R-RES-11), so the dialog toasts those itself.
  const noShowOne = useMarkNoShow({ success: TEXT.noShowDone, failure: TEXT.noShowFailed, toastFailure: false });
  const restoreOne = useRestoreReservation({
    success: 'Reservation restored successfully',
    failure: TEXT.restoreFailed,
    toastFailure: false,
  });

  async function reprocess() {
    if (!r) return;
    const ok = await confirm({
      title: 'Reprocess Reservation',
      message: TEXT.reprocessConfirm,
      confirmLabel: 'Reprocess',
      action: async () => {
        await reprocessOne.run(r.id);
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
        const done = await noShowOne.run(r.id);
        if (!done.ok) notify.error(noShowError(done.error));
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
        const done = await restoreOne.run(r.id);
        if (!done.ok) notify.error(restoreError(done.error));
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
                      <PaymentHistory payments={r.payments} zone={zone} />
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
