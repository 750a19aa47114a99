/**
 * The writes that keep an item out of two overlapping ACTIVE reservations (items.ts says how): the
 * per-item booking row and the item's IN_USE status, as parts of a reservation's audited write. Apart
 * from items.ts (which items are free, read by the create dialog) so the reads start without them.
 */
import type { AuditedWrite } from '../lib/audited-write.js';
import { keys, type TenantId } from '../lib/keys.js';
import { getRow } from '../inventory/model.js';
import { E as INV, STATS_KEY as INVENTORY_STATS_KEY, type ItemRow } from '../inventory/model.js';
import { itemBookKey, R } from './entity.js';
import type { BookEntry, ItemBook } from './items.js';

export async function readItemBook(tenant: TenantId, itemId: string): Promise<ItemBook> {
  const item = await getRow<Record<string, unknown>>(tenant, R.itemBook, itemId);
  if (!item) return { version: 0, active: {}, exists: false };
  return { version: Number(item.version) || 0, active: (item.active as Record<string, BookEntry>) ?? {}, exists: true };
}

/** Adds the booking entry, conditional on the version read ('item-book' part). */
export function claimItem(w: AuditedWrite, tenant: TenantId, itemId: string, book: ItemBook, reservationId: string, entry: BookEntry): void {
  if (!book.exists) {
    w.put('item-book', { ...itemBookKey(tenant, itemId), itemId, version: 1, active: { [reservationId]: entry } }, { condition: 'attribute_not_exists(pk)' });
  } else {
    w.update('item-book', itemBookKey(tenant, itemId), {
      update: 'SET #a.#r = :entry, #v = :next',
      condition: '#v = :seen',
      names: { '#a': 'active', '#r': reservationId, '#v': 'version' },
      values: { ':entry': entry, ':next': book.version + 1, ':seen': book.version },
    });
  }
}

/** Removes the booking entry (cancel, return, delete); bumps the version so a concurrent claim re-reads. */
export function releaseItem(w: AuditedWrite, tenant: TenantId, itemId: string, reservationId: string): void {
  w.update('item-book', itemBookKey(tenant, itemId), {
    update: 'REMOVE #a.#r ADD #v :one',
    names: { '#a': 'active', '#r': reservationId, '#v': 'version' },
    values: { ':one': 1 },
  });
}

/**
 * The item part of a booking that starts now or earlier: IN_USE, conditional on the status read
 * ('item' part), with the inventory counters and the inventory event. A later booking only checks
 * the item is still rentable; the start sweep flips it when the time comes.
 */
export function itemInUseParts(w: AuditedWrite, tenant: TenantId, item: ItemRow, reservationId: string, at: string): void {
  w.update('item', keys.entity(tenant, INV.item, item.id), {
    update: 'SET #s = :inUse, currentReservationId = :rid, updatedAt = :at',
    condition: '#s = :seen',
    names: { '#s': 'status' },
    values: { ':inUse': 'IN_USE', ':rid': reservationId, ':at': at, ':seen': item.status },
  });
  if (item.status !== 'IN_USE') {
    w.count(INVENTORY_STATS_KEY(tenant), { [item.status]: -1, IN_USE: 1 });
    w.event('inventory-status-changed', { itemId: item.id, itemNumber: item.itemNumber, oldStatus: item.status, newStatus: 'IN_USE', reservationId });
  }
}

export function itemRentableCheck(w: AuditedWrite, tenant: TenantId, item: ItemRow): void {
  w.check('item', keys.entity(tenant, INV.item, item.id), {
    condition: '#s IN (:a, :u)',
    names: { '#s': 'status' },
    values: { ':a': 'AVAILABLE', ':u': 'IN_USE' },
  });
}

/** The item back to AVAILABLE when this reservation is the one that holds it IN_USE. */
export function itemReleaseParts(w: AuditedWrite, tenant: TenantId, item: ItemRow | null, reservationId: string, at: string): void {
  if (!item || item.status !== 'IN_USE' || (item as { currentReservationId?: string }).currentReservationId !== reservationId) return;
  w.update('item', keys.entity(tenant, INV.item, item.id), {
    update: 'SET #s = :avail, updatedAt = :at REMOVE currentReservationId',
    condition: '#s = :inUse AND currentReservationId = :rid',
    names: { '#s': 'status' },
    values: { ':avail': 'AVAILABLE', ':inUse': 'IN_USE', ':rid': reservationId, ':at': at },
  });
  w.count(INVENTORY_STATS_KEY(tenant), { IN_USE: -1, AVAILABLE: 1 });
  w.event('inventory-status-changed', { itemId: item.id, itemNumber: item.itemNumber, oldStatus: 'IN_USE', newStatus: 'AVAILABLE', reservationId });
}
