import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  DataList,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import type { InventoryItem, ItemStatus, ProductType } from '../../../../shared/contract/inventory-models.js';
import { errorMessage } from '../../api/client.js';
import { inventoryApi } from './api/index.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { pluralize } from '../../components/format.js';
import { Pagination } from '../../components/Pagination.js';
import { PencilIcon, TrashIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';
import { useBelow } from '../../components/media.js';
import {
  bulkDeleteOutcome,
  DEFAULT_SORT,
  filterItems,
  NO_FILTERS,
  pageCount,
  pageOf,
  shortId,
  statusDropdown,
  sortItems,
  STATUS_CHIPS,
  STATUS_COLOR,
  statusCounts,
  statusLabel,
  toggleSort,
  type ItemFilters,
  type Sort,
  type SortKey,
} from './itemRules.js';

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
}) {
  return (
    <NativeSelect.Root size="sm" width="auto" minW="40">
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A row (or select-all) checkbox without a visible label: the name is for screen readers and tests. */
function SelectBox({
  label,
  checked,
  onToggle,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onToggle: () => void;
}) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={onToggle}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      {/* The input's aria-labelledby names this label (docs/decisions/accessibility-checked-by-axe.md). */}
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** A manager's per-row status control; see statusDropdown for which options it offers. */
function StatusDropdown({
  item,
  onChange,
}: {
  item: InventoryItem;
  onChange: (s: Exclude<ItemStatus, 'IN_USE'>) => void;
}) {
  const { options, disabled } = statusDropdown(item.status);
  return (
    <NativeSelect.Root size="xs" width="40" disabled={disabled}>
      <NativeSelect.Field
        aria-label={`Status of ${item.itemNumber}`}
        value={item.status}
        onChange={(e) => onChange(e.target.value as Exclude<ItemStatus, 'IN_USE'>)}
      >
        {options.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

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

/** The Inventory Items tab (R-INV-2). */
export function ItemsTab(props: {
  items: InventoryItem[];
  productTypes: ProductType[];
  /** What the signed-in person may do to an item (mayUse with the matrix, as the API decides). */
  access: { edit: boolean; delete: boolean };
  initialStatus: ItemStatus | null;
  onEdit: (item: InventoryItem) => void;
  onChanged: () => Promise<unknown>;
}) {
  const { items, productTypes, access } = props;
  // Below the tablet width the items are cards, as the reservations are (docs/decisions/layout-at-375-and-1366.md).
  const narrow = useBelow('tablet');
  const [filters, setFilters] = useState<ItemFilters>({ ...NO_FILTERS, status: props.initialStatus });
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<InventoryItem | null>(null);
  const [bulkDeleting, setBulkDeleting] = useState(false);
  const [busy, setBusy] = useState(false);

  const visible = useMemo(() => sortItems(filterItems(items, filters), sort), [items, filters, sort]);
  const counts = useMemo(() => statusCounts(items, filters), [items, filters]);
  const totalPages = pageCount(visible.length);
  const shown = pageOf(visible, Math.min(page, totalPages));
  const locations = useMemo(
    () => [...new Set(items.map((i) => i.location).filter((l): l is string => !!l))].sort(),
    [items],
  );

  useEffect(() => setPage(1), [filters, sort]);
  // Selections of items that are gone (deleted, filtered by someone else's change) drop out.
  useEffect(() => setSelected((s) => new Set([...s].filter((id) => items.some((i) => i.id === id)))), [items]);

  const setFilter = <K extends keyof ItemFilters>(k: K, v: ItemFilters[K]) => setFilters((f) => ({ ...f, [k]: v }));
  const allShownSelected = shown.length > 0 && shown.every((i) => selected.has(i.id));
  const someShownSelected = shown.some((i) => selected.has(i.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function changeStatus(item: InventoryItem, status: Exclude<ItemStatus, 'IN_USE'>) {
    try {
      await inventoryApi.changeStatus(item.id, status);
      notify.success(`Status of ${item.itemNumber} changed to ${statusLabel(status)}`);
      await props.onChanged();
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to update item status'));
    }
  }

  async function deleteOne() {
    if (!deleting) return;
    setBusy(true);
    try {
      await inventoryApi.deleteItem(deleting.id);
      notify.success('Item deleted successfully');
      await props.onChanged();
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to delete item'));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  async function deleteSelected() {
    setBusy(true);
    try {
      const res = await inventoryApi.bulkDelete([...selected]);
      const { deleted, kept } = bulkDeleteOutcome(res.data);
      notify.success(deleted);
      if (kept) notify.error(kept);
      // What stayed stays selected: the person sees which items were kept.
      setSelected(new Set((res.data.keptItems ?? []).map((k) => k.id)));
      await props.onChanged();
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to delete items'));
    } finally {
      setBusy(false);
      setBulkDeleting(false);
    }
  }

  const filtered = filters.columnType || filters.columnLocation;
  const selectAll = (
    <SelectBox
      label="Select all items on this page"
      checked={allShownSelected ? true : someShownSelected ? 'indeterminate' : false}
      onToggle={() =>
        setSelected((s) => {
          const next = new Set(s);
          for (const i of shown)
            if (allShownSelected) next.delete(i.id);
            else next.add(i.id);
          return next;
        })
      }
    />
  );
  const select = (i: InventoryItem) => (
    <SelectBox label={`Select ${i.itemNumber}`} checked={selected.has(i.id)} onToggle={() => toggle(i.id)} />
  );
  const status = (i: InventoryItem) =>
    access.edit ? (
      <StatusDropdown item={i} onChange={(s) => void changeStatus(i, s)} />
    ) : (
      <Badge colorPalette={STATUS_COLOR[i.status]}>{statusLabel(i.status)}</Badge>
    );
  const actions = (i: InventoryItem) =>
    (access.edit || access.delete) && (
      <HStack gap="1">
        {access.edit && (
          <IconButton size="xs" variant="ghost" aria-label={`Edit ${i.itemNumber}`} onClick={() => props.onEdit(i)}>
            <PencilIcon />
          </IconButton>
        )}
        {access.delete && (
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={`Delete ${i.itemNumber}`}
            onClick={() => setDeleting(i)}
          >
            <TrashIcon />
          </IconButton>
        )}
      </HStack>
    );
  return (
    <Stack gap="4">
      <Wrap gap="3" align="center">
        <Input
          size="sm"
          maxW="xs"
          type="search"
          aria-label="Search items"
          placeholder="Search item number, serial, type, location, notes"
          value={filters.search}
          onChange={(e) => setFilter('search', e.target.value)}
        />
        <Select label="Filter by product type" value={filters.typeId} onChange={(v) => setFilter('typeId', v)}>
          <option value="">All Types</option>
          {productTypes.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </Wrap>
      <Wrap gap="2" role="group" aria-label="Status">
        {(['ALL', ...STATUS_CHIPS] as const).map((s) => {
          const active = s === 'ALL' ? !filters.status : filters.status === s;
          return (
            <Button
              key={s}
              size="xs"
              borderRadius="full"
              variant={active ? 'solid' : 'outline'}
              colorPalette={s === 'ALL' ? 'brand' : STATUS_COLOR[s]}
              aria-pressed={active}
              onClick={() => setFilter('status', s === 'ALL' ? null : s)}
            >
              {s === 'ALL' ? 'All' : statusLabel(s)} ({counts[s]})
            </Button>
          );
        })}
      </Wrap>
      <Wrap gap="2" align="center">
        <Text fontSize="sm" color="fg.muted">
          Column filters:
        </Text>
        <Select label="Column filter: type" value={filters.columnType} onChange={(v) => setFilter('columnType', v)}>
          <option value="">Any type</option>
          {productTypes.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
        <Select
          label="Column filter: location"
          value={filters.columnLocation}
          onChange={(v) => setFilter('columnLocation', v)}
        >
          <option value="">Any location</option>
          {locations.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </Select>
        {filtered && (
          <Button
            size="xs"
            variant="ghost"
            onClick={() => setFilters((f) => ({ ...f, columnType: '', columnLocation: '' }))}
          >
            Clear All
          </Button>
        )}
      </Wrap>

      {access.delete && selected.size > 0 && (
        <HStack
          role="region"
          aria-label="Bulk actions"
          bg="bg.muted"
          p="2"
          borderRadius="l2"
          justify="space-between"
          wrap="wrap"
        >
          <Text fontWeight="medium">{pluralize(selected.size, 'item')} selected</Text>
          <HStack>
            <Button size="sm" colorPalette="red" onClick={() => setBulkDeleting(true)}>
              Delete Selected
            </Button>
            <Button size="sm" variant="outline" onClick={() => setSelected(new Set())}>
              Clear Selection
            </Button>
          </HStack>
        </HStack>
      )}

      {visible.length === 0 ? (
        <EmptyState title="No items found" description="No items match the current filters." />
      ) : narrow ? (
        <Stack as="ul" gap="3" aria-label="Inventory items" listStyleType="none">
          {access.delete && (
            <HStack as="li" gap="2">
              {selectAll}
              <Text fontSize="sm" color="fg.muted">
                Select all on this page
              </Text>
            </HStack>
          )}
          {shown.map((i) => (
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
      ) : (
        // The scroll area keeps every cell on one line; long names wrap instead.
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
                    onClick={() => setSort(toggleSort(sort, c.key))}
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
              {shown.map((i) => (
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
      )}
      <Pagination page={Math.min(page, totalPages)} totalPages={totalPages} onChange={setPage} />

      <ConfirmDialog
        open={!!deleting}
        title="Delete item"
        message={`Delete item ${deleting?.itemNumber ?? ''}? This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={() => void deleteOne()}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={bulkDeleting}
        title="Delete selected items"
        message={`Delete ${selected.size} selected items? This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setBulkDeleting(false)}
      />
    </Stack>
  );
}
