import { Badge, Button, HStack, IconButton, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import type { InventoryItem, ItemStatus, ProductType } from '../../../../shared/contract/inventory-models.js';
import { type SettableStatus, useBulkDeleteItems, useChangeItemStatus, useDeleteItem } from './api/index.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ItemCards, ItemTable } from './ItemViews.js';
import { EmptyState } from '../../components/EmptyState.js';
import { pluralize } from '../../../../shared/domain/words.js';
import { Pagination } from '../../components/Pagination.js';
import { PencilIcon, TrashIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';
import { useBelow } from '../../components/media.js';
import {
  NO_FILTERS,
  STATUS_CHIPS,
  bulkDeleteOutcome,
  DEFAULT_SORT,
  filterItems,
  pageCount,
  pageOf,
  sortItems,
  STATUS_COLOR,
  statusCounts,
  statusLabel,
  toggleSort,
  type ItemFilters,
  type Sort,
} from './itemRules.js';
import { Select, SelectBox, StatusDropdown } from './ItemControls.js';

/** The Inventory Items tab (R-INV-2). */
export function ItemsTab(props: {
  items: InventoryItem[];
  productTypes: ProductType[];
  /** What the signed-in person may do to an item (mayUse with the matrix, as the API decides). */
  access: { edit: boolean; delete: boolean };
  initialStatus: ItemStatus | null;
  onEdit: (item: InventoryItem) => void;
}) {
  const { items, productTypes, access } = props;
  // Below the tablet width the items are cards, as the reservations are
  // (docs/decisions/0225-layout-at-375-and-1366.md).
  const narrow = useBelow('tablet');
  const [filters, setFilters] = useState<ItemFilters>({ ...NO_FILTERS, status: props.initialStatus });
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<InventoryItem | null>(null);
  const [bulkDeleting, setBulkDeleting] = useState(false);

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

  // Each write revalidates the inventory caches (the activity log included) through its hook.
  const setStatus = useChangeItemStatus({ failure: 'Failed to update item status' });
  const delOne = useDeleteItem({ success: 'Item deleted successfully', failure: 'Failed to delete item' });
  const delMany = useBulkDeleteItems({ failure: 'Failed to delete items' });
  const busy = delOne.busy || delMany.busy;

  async function changeStatus(item: InventoryItem, status: SettableStatus) {
    const r = await setStatus.run(item.id, status);
    if (r.ok) notify.success(`Status of ${item.itemNumber} changed to ${statusLabel(status)}`);
  }

  async function deleteOne() {
    if (!deleting) return;
    await delOne.run(deleting.id);
    setDeleting(null);
  }

  async function deleteSelected() {
    const r = await delMany.run([...selected]);
    if (r.ok) {
      const { deleted, kept } = bulkDeleteOutcome(r.value.data);
      notify.success(deleted);
      if (kept) notify.error(kept);
      // What stayed stays selected: the person sees which items were kept.
      setSelected(new Set((r.value.data.keptItems ?? []).map((k) => k.id)));
    }
    setBulkDeleting(false);
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
  const view = { items: shown, access, selectAll, select, status, actions };
  return (
    <Stack gap="4">
      <Wrap gap="3" align="center">
        <Input
          size="sm"
          maxW="xs"
          type="search"
          aria-label="Search items"
          // Short enough to show whole in the 320 px box at 375 px; the search also reads locations and notes.
          placeholder="Search number, serial, type…"
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
        <ItemCards {...view} />
      ) : (
        <ItemTable {...view} sort={sort} onSort={(key) => setSort(toggleSort(sort, key))} />
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
