import { Badge, Button, HStack, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader.js';
import { notify } from '../../components/toaster.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useMayCallFn } from '../storefront/index.js';
import { useCancelReservation, useDeleteReservation, useReservationPage, useReservationStats } from './api/index.js';
import { customerName, headerCounts } from './display.js';
import { ReservationList, type RowHandlers } from './ReservationList.js';
import { cancelError, TEXT } from './rules.js';
import type { Reservation } from './types.js';
import { deferred, preloadOn, useDeferred, usePreload } from '../../app/deferred.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { WrappingTabList } from '../../components/WrappingTabList.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md): the dialogs (forms with zod, react-hook-form, the
// contract's schemas, date handling) and the log tab download after the page shows, or on first use; a dialog renders
// once its code is here, mounted with its state.
const Create = deferred(() => import('./CreateReservationDialog.js').then((m) => m.CreateReservationDialog));
const Return = deferred(() => import('./ReturnDialog.js').then((m) => m.ReturnDialog));
const Details = deferred(() => import('./DetailsDialog.js').then((m) => m.DetailsDialog));
const Log = deferred(() => import('./LogTab.js').then((m) => m.LogTab));
const ServiceForm = deferred(() => import('../services/index.js').then((m) => m.ServiceFormDialog));

/** The Reservations page (R-RES-10): Reservations, Services and Reservations Log tabs and their dialogs. */
export default function ReservationsPage() {
  const mayCall = useMayCallFn();
  const [tab, setTab] = useState<'items' | 'services' | 'log'>('items');
  const [creating, setCreating] = useState<'item' | 'service' | null>(null);
  const [newService, setNewService] = useState(false);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [returning, setReturning] = useState<Reservation | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  usePreload(Create, Details, Return, ServiceForm);
  const CreateReservationDialog = useDeferred(Create, creating !== null);
  const ReturnDialog = useDeferred(Return, returning !== null);
  const DetailsDialog = useDeferred(Details, detailsId !== null);
  const LogTab = useDeferred(Log, tab === 'log');
  const ServiceFormDialog = useDeferred(ServiceForm, newService);
  const stats = useReservationStats();
  // The unfiltered first page of the tab's kind: the list's own request while no filter is set.
  const kindPage = useReservationPage({ kind: tab === 'services' ? 'SERVICE' : 'ITEM' });
  // The write hooks revalidate the lists, items, customers and dashboard counts themselves.
  const cancel = useCancelReservation({
    success: (_, r) => `Reservation ${r.reservationNumber} cancelled`,
    failure: 'Error cancelling reservation: Unknown error',
    // R-RES-11: the status-prefixed message (cancelError), not the plain server text.
    toastFailure: false,
  });
  const remove = useDeleteReservation({
    success: (_, r) => `Reservation ${r.reservationNumber} deleted`,
    failure: TEXT.deleteFailed,
  });

  const handlers: RowHandlers = {
    onDetails: (r) => setDetailsId(r.id),
    onReturn: (r) => setReturning(r),
    onCancel: (r) =>
      void confirm({
        title: 'Cancel Reservation',
        // R-RES-14: staff know the customer hears of it, and at which address.
        message: `Cancel reservation ${r.reservationNumber} for ${customerName(r)}?${
          r.customer?.email ? ` They will be told by e-mail (${r.customer.email}).` : ''
        }`,
        confirmLabel: 'Cancel Reservation',
        cancelLabel: 'Keep',
        destructive: true,
        action: async () => {
          const done = await cancel.run(r);
          if (!done.ok) notify.error(cancelError(done.error));
        },
      }),
    onDelete: (r) =>
      void confirm({
        title: 'Delete Reservation',
        message: `Delete reservation ${r.reservationNumber}? It leaves the lists; the log keeps its history.`,
        confirmLabel: 'Delete',
        destructive: true,
        action: async () => {
          await remove.run(r);
        },
      }),
  };

  const s = stats.data;
  return (
    <Stack gap="6">
      <PageHeader
        title="Reservations"
        subtitle={
          headerCounts(tab, kindPage.isLoading ? undefined : kindPage.data?.counts, s) ??
          'Bookings of items and services'
        }
        actions={
          <HStack wrap="wrap">
            {(tab === 'services' ? mayCall('reservations.createService') : mayCall('reservations.createItem')) && (
              <Button
                size="sm"
                colorPalette="brand"
                {...preloadOn(Create)}
                onClick={() => setCreating(tab === 'services' ? 'service' : 'item')}
              >
                New Reservation
              </Button>
            )}
            {mayCall('services.create') && (
              <Button size="sm" variant="outline" {...preloadOn(ServiceForm)} onClick={() => setNewService(true)}>
                New Service
              </Button>
            )}
          </HStack>
        }
      />
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as typeof tab)} lazyMount variant="line">
        <WrappingTabList>
          <Tabs.Trigger value="items" whiteSpace="nowrap">
            Reservations
          </Tabs.Trigger>
          <Tabs.Trigger value="services" whiteSpace="nowrap">
            Services
          </Tabs.Trigger>
          <Tabs.Trigger value="log" whiteSpace="nowrap">
            Reservations Log
          </Tabs.Trigger>
          {s && s.overdue > 0 && (
            <Badge alignSelf="center" ms="auto" colorPalette="red" variant="solid">
              {s.overdue} OVERDUE
            </Badge>
          )}
        </WrappingTabList>
        <Tabs.Content value="items">
          <ReservationList kind="ITEM" handlers={handlers} />
        </Tabs.Content>
        <Tabs.Content value="services">
          <ReservationList kind="SERVICE" handlers={handlers} />
        </Tabs.Content>
        <Tabs.Content value="log">{LogTab ? <LogTab /> : <PageSpinner label="Loading the log…" />}</Tabs.Content>
      </Tabs.Root>

      {CreateReservationDialog && (
        <CreateReservationDialog open={!!creating} mode={creating ?? 'item'} onClose={() => setCreating(null)} />
      )}
      {ReturnDialog && <ReturnDialog reservation={returning} onClose={() => setReturning(null)} />}
      {DetailsDialog && <DetailsDialog id={detailsId} onClose={() => setDetailsId(null)} />}
      {mayCall('services.create') && ServiceFormDialog && (
        <ServiceFormDialog
          open={newService}
          service={null}
          onClose={() => setNewService(false)}
          // The form's save hook reads the services again.
          onSaved={() => setNewService(false)}
        />
      )}
      {confirmDialog}
    </Stack>
  );
}
