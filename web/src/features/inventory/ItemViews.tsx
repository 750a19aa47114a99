/**
 * Below the tablet width the items are cards, above it a sortable table
 * (docs/decisions/0225-layout-at-375-and-1366.md).
 */
import { Box, Button, Card, DataList, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { InventoryItem } from '../../../../shared/contract/inventory-models.js';
import { shortId, type Sort, type SortKey } from './itemRules.js';

const typeText = (i: InventoryItem) =>
  `${i.productType?.name ?? '-'}${i.productVariant ? ` (${i.productVariant.name})` : ''}`;

function CardField({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="20">{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
    </DataList.Item>
  );
}

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'itemNumber', label: 'Item' },
  { key: 'type', label: 'Item Type' },
  { key: 'id', label: 'ID' },
  { key: 'location', label: 'Location' },
  { key: 'status', label: 'Status' },
];

/** What both views show of an item; the tab owns selection, status changes and the actions. */
interface ItemViewProps {
  items: InventoryItem[];
  access: { edit: boolean; delete: boolean };
  selectAll: ReactNode;
  select: (i: InventoryItem) => ReactNode;
  status: (i: InventoryItem) => ReactNode;
  actions: (i: InventoryItem) => ReactNode;
}

export function ItemCards({ items, access, selectAll, select, status, actions }: ItemViewProps) {
  return (
    <Stack as="ul" gap="3" aria-label="Inventory items" listStyleType="none">
      {access.delete && (
        <HStack as="li" gap="2">
          {selectAll}
          <Text fontSize="sm" color="fg.muted">
            Select all on this page
          </Text>
        </HStack>
      )}
      {items.map((i) => (
        <Card.Root as="li" key={i.id} size="sm" data-item-number={i.itemNumber}>
          <Card.Body gap="2">
            <HStack justify="space-between" align="start" gap="2">
              <HStack align="start" gap="2" minW="0">
                {access.delete && select(i)}
                <Box minW="0">
                  <Text fontWeight="semibold" wordBreak="break-word">
                    {i.itemNumber}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                    {typeText(i)}
                  </Text>
                </Box>
              </HStack>
              {actions(i)}
            </HStack>
            <DataList.Root orientation="horizontal" size="sm" gap="1">
              {i.serialNumber && <CardField label="Serial" value={i.serialNumber} />}
              <CardField label="ID" value={<span title={i.id}>{shortId(i.id)}</span>} />
              <CardField label="Location" value={i.location ?? '-'} />
            </DataList.Root>
            {status(i)}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

export function ItemTable({
  items,
  access,
  selectAll,
  select,
  status,
  actions,
  sort,
  onSort,
}: ItemViewProps & { sort: Sort; onSort: (key: SortKey) => void }) {
  // The scroll area keeps every cell on one line; long names wrap instead.
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2" whiteSpace="normal">
      <Table.Root size="sm" aria-label="Inventory items">
        <Table.Header>
          <Table.Row>
            {access.delete && <Table.ColumnHeader w="8">{selectAll}</Table.ColumnHeader>}
            {COLUMNS.map((c) => (
              <Table.ColumnHeader
                key={c.key}
                aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                // The whole cell sorts; the button inside (keyboard, screen readers) bubbles its click here.
                cursor="pointer"
                onClick={() => onSort(c.key)}
              >
                <Button variant="plain" size="xs" px="0" fontWeight="semibold">
                  {c.label} {sort.key === c.key ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
                </Button>
              </Table.ColumnHeader>
            ))}
            {(access.edit || access.delete) && <Table.ColumnHeader>Actions</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((i) => (
            <Table.Row key={i.id} data-item-number={i.itemNumber}>
              {access.delete && <Table.Cell>{select(i)}</Table.Cell>}
              <Table.Cell fontWeight="medium">
                {i.itemNumber}
                {i.serialNumber ? (
                  <Text as="span" color="fg.muted" fontSize="xs">
                    {' '}
                    · {i.serialNumber}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>{typeText(i)}</Table.Cell>
              <Table.Cell fontFamily="mono" title={i.id}>
                {shortId(i.id)}
              </Table.Cell>
              <Table.Cell>{i.location ?? '-'}</Table.Cell>
              <Table.Cell>{status(i)}</Table.Cell>
              {(access.edit || access.delete) && <Table.Cell>{actions(i)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
