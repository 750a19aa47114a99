/**
 * The writes that keep an item out of two overlapping ACTIVE reservations (items.ts says how): the
 * per-item booking row and the item's IN_USE status, as parts of a reservation's audited write. Apart
 * from items.ts (which items are free, read by the create dialog) so the reads start without them.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditedWrite } from '../lib/audited-write.js';
import { batchGetAll, db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { type BookEntry, type ItemBook, itemBookKey, parseItemBookRow } from './item-book-row.js';
import { INVENTORY_ROWS, STATS_KEY as INVENTORY_STATS_KEY, type ItemRow } from './model.js';

/** The item's booking row (consistent read: every booking decides on the version it read). */
export async function readItemBook(tenant: TenantId, itemId: string): Promise<ItemBook> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: itemBookKey(tenant, itemId), ConsistentRead: true }),
  );
  if (!res.Item) return { version: 0, active: {}, exists: false };
  const book = parseItemBookRow(res.Item);
  return { version: book.version, active: book.active, exists: true };
}

/** An ACTIVE reservation holding an item (now or later), as its booking row names it. */
export interface ItemBooking {
  reservationId: string;
  reservationNumber: string;
  start: number;
  end: number;
}

/**
 * The ACTIVE reservations (under way, overdue or still to come) of each item that has any, from the
 * items' booking rows: consistent reads by key, no scan (the inventory deletes ask before deleting).
 */
export async function activeBookings(
  tenant: TenantId,
  itemIds: readonly string[],
): Promise<Map<string, ItemBooking[]>> {
  const out = new Map<string, ItemBooking[]>();
  const ids = [...new Set(itemIds)];
  for (const item of await batchGetAll(
    ids.map((id) => ({ ...itemBookKey(tenant, id) })),
    { consistent: true },
  )) {
    const row = parseItemBookRow(item);
    const entries = Object.entries(row.active);
    if (!entries.length) continue;
    out.set(
      row.itemId,
      entries
        .map(([id, b]) => ({ reservationId: id, reservationNumber: b.n, start: b.s, end: b.e }))
        .sort((a, b) => a.start - b.start),
    );
  }
  return out;
}

/**
 * A delete's guard (part `name`): the item's booking row holds no ACTIVE reservation. Every booking
 * of the item writes that row in its own transaction, so a booking made while the delete runs either
 * lands first (and this condition fails) or conflicts with the delete and is retried against a gone item.
 */
export function noActiveBookingCheck(w: AuditedWrite, name: string, tenant: TenantId, itemId: string): void {
  w.check(name, itemBookKey(tenant, itemId), {
    condition: 'attribute_not_exists(#a) OR size(#a) = :zero',
    names: { '#a': 'active' },
    values: { ':zero': 0 },
  });
}

/** Adds the booking entry, conditional on the version read ('item-book' part). */
export function claimItem(
  w: AuditedWrite,
  tenant: TenantId,
  itemId: string,
  book: ItemBook,
  reservationId: string,
  entry: BookEntry,
): void {
  if (!book.exists) {
    w.put(
      'item-book',
      { ...itemBookKey(tenant, itemId), itemId, version: 1, active: { [reservationId]: entry } },
      { condition: 'attribute_not_exists(pk)' },
    );
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
export function itemInUseParts(
  w: AuditedWrite,
  tenant: TenantId,
  item: ItemRow,
  reservationId: string,
  at: string,
): void {
  w.update('item', keys.entity(tenant, INVENTORY_ROWS.item, item.id), {
    update: 'SET #s = :inUse, currentReservationId = :rid, updatedAt = :at',
    condition: '#s = :seen',
    names: { '#s': 'status' },
    values: { ':inUse': 'IN_USE', ':rid': reservationId, ':at': at, ':seen': item.status },
  });
  if (item.status !== 'IN_USE') {
    w.count(INVENTORY_STATS_KEY(tenant), { [item.status]: -1, IN_USE: 1 });
    w.event('inventory-status-changed', {
      itemId: item.id,
      itemNumber: item.itemNumber,
      oldStatus: item.status,
      newStatus: 'IN_USE',
      reservationId,
    });
  }
}

export function itemRentableCheck(w: AuditedWrite, tenant: TenantId, item: ItemRow): void {
  w.check('item', keys.entity(tenant, INVENTORY_ROWS.item, item.id), {
    condition: '#s IN (:a, :u)',
    names: { '#s': 'status' },
    values: { ':a': 'AVAILABLE', ':u': 'IN_USE' },
  });
}

/** The item back to AVAILABLE when this reservation is the one that holds it IN_USE. */
export function itemReleaseParts(
  w: AuditedWrite,
  tenant: TenantId,
  item: ItemRow | null,
  reservationId: string,
  at: string,
): void {
  if (
    !item ||
    item.status !== 'IN_USE' ||
    (item as { currentReservationId?: string }).currentReservationId !== reservationId
  )
    return;
  w.update('item', keys.entity(tenant, INVENTORY_ROWS.item, item.id), {
    update: 'SET #s = :avail, updatedAt = :at REMOVE currentReservationId',
    condition: '#s = :inUse AND currentReservationId = :rid',
    names: { '#s': 'status' },
    values: { ':avail': 'AVAILABLE', ':inUse': 'IN_USE', ':rid': reservationId, ':at': at },
  });
  w.count(INVENTORY_STATS_KEY(tenant), { IN_USE: -1, AVAILABLE: 1 });
  w.event('inventory-status-changed', {
    itemId: item.id,
    itemNumber: item.itemNumber,
    oldStatus: 'IN_USE',
    newStatus: 'AVAILABLE',
    reservationId,
  });
}
