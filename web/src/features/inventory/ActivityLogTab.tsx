import { Alert, Box, Button, CloseButton, Code, Dialog, HStack, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { ActivityChange, ActivityLogEntry } from '../../../../shared/contract/inventory-models.js';
import { itemStatusLabel } from '../../../../shared/domain/inventory.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { DIALOG_SIZE } from '../../components/DialogFrame.js';
import { EmptyState } from '../../components/EmptyState.js';
import { useOrgClock } from '../../app/time-zone.js';
import { notify } from '../../components/toaster.js';
import { useActivityLog } from './api/index.js';

const isBulk = (e: ActivityLogEntry) => e.eventType === 'BULK_CREATED' || e.eventType === 'BULK_DELETED';
const userName = (e: ActivityLogEntry) =>
  e.user ? `${e.user.firstName} ${e.user.lastName}`.trim() || 'System' : 'System';
const itemText = (e: ActivityLogEntry) =>
  isBulk(e) ? `Multiple (${e.details.itemCount ?? e.details.itemIds?.length ?? 0})` : (e.item?.itemNumber ?? '-');
const typeText = (e: ActivityLogEntry) =>
  e.productType?.name ?? (e.details.itemsByType ? Object.keys(e.details.itemsByType).join(', ') : '-');
const updateText = (e: ActivityLogEntry) => e.eventType.replace(/_/g, ' ');
const fieldsText = (e: ActivityLogEntry) => e.details.changes?.map((c) => c.field).join(', ') || '-';
const show = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

const ACTIVITY_LOAD_ERROR = 'Failed to load activity logs';

/** The Activity Log tab (managers only, loaded when opened; R-INV-2). */
export function ActivityLogTab() {
  const { data, error, isLoading, isValidating, mutate } = useActivityLog();
  const [open, setOpen] = useState<ActivityLogEntry | null>(null);
  const clock = useOrgClock();
  // R-INV-10: the toast, and (docs/decisions/README.md#web-house) the error in place of the list, never "No Activity Yet".
  useEffect(() => {
    if (error) notify.error(ACTIVITY_LOAD_ERROR);
  }, [error]);

  const columns: Column<ActivityLogEntry>[] = [
    { key: 'item', header: 'Item #', sortValue: itemText, truncate: true, width: '13%' },
    { key: 'type', header: 'Item Type', sortValue: typeText, truncate: true, width: '15%' },
    { key: 'update', header: 'Type of Update', sortValue: updateText, truncate: true, width: '15%' },
    {
      key: 'date',
      header: 'Date/Time',
      sortValue: (e) => e.eventDate,
      render: (e) => clock.dateTime(e.eventDate),
      width: '17%',
    },
    { key: 'fields', header: 'Fields Changed', sortValue: fieldsText, truncate: true, width: '16%' },
    { key: 'user', header: 'User', sortValue: userName, truncate: true, width: '13%' },
    {
      key: 'details',
      header: 'Details',
      nowrap: true,
      width: '11%',
      render: (e) => (
        <Button
          size="xs"
          variant="outline"
          // The visible word starts the name (axe label-content-name-mismatch).
          aria-label={`View details of ${updateText(e)} ${itemText(e)}`}
          onClick={() => setOpen(e)}
        >
          View
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="3">
      <HStack justify="flex-end">
        <Button size="sm" variant="outline" loading={isLoading || isValidating} onClick={() => void mutate()}>
          Refresh
        </Button>
      </HStack>
      {error && !data ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{ACTIVITY_LOAD_ERROR}</Alert.Title>
          </Alert.Content>
          <Button size="sm" onClick={() => void mutate()}>
            Retry
          </Button>
        </Alert.Root>
      ) : !isLoading && data && data.length === 0 ? (
        <EmptyState title="No Activity Yet" description="Changes to items and product types appear here." />
      ) : (
        <DataTable
          label="Activity log"
          rows={data}
          loading={isLoading}
          columns={columns}
          rowId={(e) => e.id}
          pageSize={0}
        />
      )}
      <ActivityDetailsDialog entry={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

function ActivityDetailsDialog({ entry, onClose }: { entry: ActivityLogEntry | null; onClose: () => void }) {
  const clock = useOrgClock();
  return (
    <Dialog.Root
      open={!!entry}
      onOpenChange={(e) => !e.open && onClose()}
      size={DIALOG_SIZE}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label="Activity Log Details">
            <Dialog.Header>
              <Dialog.Title>Activity Log Details</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            {entry && (
              <Dialog.Body>
                <Stack gap="3" fontSize="sm">
                  <Text>
                    <b>Event:</b> {updateText(entry)}
                  </Text>
                  <Text>
                    <b>Date and time:</b> {clock.dateTime(entry.eventDate)}
                  </Text>
                  <Text>
                    <b>User:</b> {userName(entry)}
                  </Text>
                  <Text>
                    <b>Item:</b> {itemText(entry)}
                  </Text>
                  {(entry.oldStatus || entry.newStatus) && (
                    <Text>
                      <b>Status:</b> {show(entry.oldStatus)} → {show(entry.newStatus)}
                    </Text>
                  )}
                  {entry.details.changes && entry.details.changes.length > 0 && (
                    <ChangesTable changes={entry.details.changes} />
                  )}
                  {isBulk(entry) && entry.details.itemsData && (
                    <Table.Root size="sm" aria-label="Affected items">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>Item #</Table.ColumnHeader>
                          <Table.ColumnHeader>Type</Table.ColumnHeader>
                          <Table.ColumnHeader>Location</Table.ColumnHeader>
                          <Table.ColumnHeader>Status</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {entry.details.itemsData.map((i) => (
                          <Table.Row key={i.id}>
                            <Table.Cell>{i.itemNumber}</Table.Cell>
                            <Table.Cell>{i.productTypeName ?? '-'}</Table.Cell>
                            <Table.Cell>{i.location ?? '-'}</Table.Cell>
                            <Table.Cell>{itemStatusLabel(i.status)}</Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  )}
                  <Box>
                    <Text fontWeight="semibold" mb="1">
                      Raw details
                    </Text>
                    <Code as="pre" display="block" whiteSpace="pre-wrap" p="2" fontSize="xs">
                      {JSON.stringify(entry.details, null, 2)}
                    </Code>
                  </Box>
                </Stack>
              </Dialog.Body>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Before/after of each changed field; an Item column when the changes name their items (bulk edits). */
function ChangesTable({ changes }: { changes: ActivityChange[] }) {
  const perItem = changes.some((c) => c.itemNumber);
  return (
    <Table.Root size="sm" aria-label="Changes">
      <Table.Header>
        <Table.Row>
          {perItem && <Table.ColumnHeader>Item</Table.ColumnHeader>}
          <Table.ColumnHeader>Field</Table.ColumnHeader>
          <Table.ColumnHeader>Before</Table.ColumnHeader>
          <Table.ColumnHeader>After</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {changes.map((c, i) => (
          <Table.Row key={i}>
            {perItem && <Table.Cell>{c.itemNumber ?? '-'}</Table.Cell>}
            <Table.Cell>{c.field}</Table.Cell>
            <Table.Cell>{show(c.oldValue)}</Table.Cell>
            <Table.Cell>{show(c.newValue)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
