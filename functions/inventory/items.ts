import { randomUUID } from 'node:crypto';
import type * as z from '../../shared/zod.js';
import type { ItemStatus } from '../../shared/contract/inventory-models.js';
import { type itemBody } from '../../shared/contract/inventory-request-models.js';
import { changedFields, normaliseItemNumber } from '../../shared/domain/inventory.js';
import { auditedWrite, type AuditedWrite, WriteFailed } from '../lib/audited-write.js';
import { nowIso } from '../lib/db.js';
import { ApiError, badRequest, conflict, notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import type { AuthClaims } from '../lib/tokens.js';
import { logRow } from './activity-log.js';
import { getRow } from './model.js';
import { addToTypeCount, countStats, INVENTORY_ROWS, productTypeKey, type ItemRow } from './model.js';

type ItemInput = z.infer<typeof itemBody>;

export const itemKey = (tenant: TenantId, id: string) => keys.entity(tenant, INVENTORY_ROWS.item, id);
export const itemNumberKey = (tenant: TenantId, itemNumber: string) =>
  keys.entity(tenant, INVENTORY_ROWS.itemNumber, normaliseItemNumber(itemNumber));

const duplicateItemNumber = (itemNumber: string) => conflict(`Item ID "${itemNumber.trim()}" already exists`);

/**
 * Commits an item write and turns a cancelled transaction into the message a person can act on: the
 * first failed part (in the order they were added) that `reasons` names gives the answer, any other
 * failed condition the generic "changed meanwhile" conflict. Failures are mapped by part NAME.
 */
export async function commitExplained(
  w: AuditedWrite,
  reasons: Partial<Record<string, ApiError | (() => Promise<ApiError>)>>,
  otherwise = conflict('The item changed while you were editing it; reload and try again'),
): Promise<void> {
  try {
    await w.commit();
  } catch (e) {
    if (!(e instanceof WriteFailed) || !e.failed.length) throw e;
    for (const name of e.failed) {
      const reason = reasons[name];
      // A function answers from a fresh read (who booked the item meanwhile).
      if (reason) throw typeof reason === 'function' ? await reason() : reason;
    }
    throw otherwise;
  }
}

export async function getItem(tenant: TenantId, id: string): Promise<ItemRow | null> {
  return getRow(tenant, INVENTORY_ROWS.item, id);
}

async function requireItem(tenant: TenantId, id: string): Promise<ItemRow> {
  const row = await getItem(tenant, id);
  if (!row) throw notFound('Item not found');
  return row;
}

/** Marker row claiming an item number for one item; put with `attribute_not_exists(pk)` so no two items share a number. */
export function markerRow(tenant: TenantId, itemNumber: string, itemId: string): Record<string, unknown> {
  return { ...itemNumberKey(tenant, itemNumber), itemId, itemNumber: itemNumber.trim() };
}
export const CLAIM_NUMBER = { condition: 'attribute_not_exists(pk)' } as const;
/** Removes an item's number marker, only while it still points at that item. */
export function deleteMarker(
  w: AuditedWrite,
  name: string,
  tenant: TenantId,
  itemNumber: string,
  itemId: string,
): AuditedWrite {
  return w.delete(name, itemNumberKey(tenant, itemNumber), { condition: 'itemId = :id', values: { ':id': itemId } });
}

/**
 * A named variant must exist in this tenant (404) and belong to the item's type (400). Read first so
 * the answer says which; the ConditionCheck in the write keeps it true until the write lands.
 */
export async function requireVariantOfType(tenant: TenantId, variantId: string, productTypeId: string): Promise<void> {
  const variant = await getRow(tenant, INVENTORY_ROWS.variant, variantId);
  if (!variant) throw notFound('Product variant not found');
  if (variant.productTypeId !== productTypeId) throw badRequest('The variant does not belong to this product type');
}

/** The variant must exist in this tenant and belong to the item's type (a ConditionCheck named `variant`). */
function checkVariant(w: AuditedWrite, tenant: TenantId, variantId: string, productTypeId: string): AuditedWrite {
  return w.check('variant', keys.entity(tenant, INVENTORY_ROWS.variant, variantId), {
    condition: 'productTypeId = :t',
    values: { ':t': productTypeId },
  });
}

const ITEM_FIELDS = [
  'itemNumber',
  'serialNumber',
  'productTypeId',
  'productVariantId',
  'condition',
  'location',
  'notes',
] as const;

function itemFields(input: ItemInput) {
  return {
    itemNumber: input.itemNumber.trim(),
    serialNumber: input.serialNumber?.trim() || null,
    productTypeId: input.productTypeId,
    productVariantId: input.productVariantId || null,
    condition: input.condition ?? 'GOOD',
    location: input.location?.trim() || null,
    notes: input.notes?.trim() || null,
  };
}

export async function createItem(tenant: TenantId, actor: AuthClaims, input: ItemInput): Promise<ItemRow> {
  const at = nowIso();
  const row: ItemRow = { id: randomUUID(), ...itemFields(input), status: 'AVAILABLE', createdAt: at, updatedAt: at };
  const type = await getRow(tenant, INVENTORY_ROWS.productType, row.productTypeId);
  if (!type) throw notFound('Product type not found');
  if (row.productVariantId) await requireVariantOfType(tenant, row.productVariantId, row.productTypeId);
  const w = auditedWrite(tenant)
    .put('item', { ...itemKey(tenant, row.id), ...row }, { condition: 'attribute_not_exists(pk)' })
    .put('number', markerRow(tenant, row.itemNumber, row.id), CLAIM_NUMBER);
  addToTypeCount(w, 'type', tenant, row.productTypeId, 1);
  countStats(w, tenant, { total: 1, AVAILABLE: 1 });
  w.log(
    logRow(tenant, {
      eventType: 'ITEM_CREATED',
      actor,
      item: { id: row.id, itemNumber: row.itemNumber },
      productType: { id: type.id, name: type.name },
      newStatus: 'AVAILABLE',
      details: { operationType: 'CREATE', productTypeName: type.name, itemNumber: row.itemNumber },
    }),
  );
  if (row.productVariantId) checkVariant(w, tenant, row.productVariantId, row.productTypeId);
  await commitExplained(w, {
    number: duplicateItemNumber(row.itemNumber),
    type: notFound('Product type not found'),
    variant: badRequest('The variant does not belong to this product type'),
  });
  return row;
}

/** PUT never touches status: IN_USE comes from rentals, the others from PATCH .../status. */
export async function updateItem(tenant: TenantId, actor: AuthClaims, id: string, input: ItemInput): Promise<ItemRow> {
  const before = await requireItem(tenant, id);
  const fields = itemFields(input);
  // An older client may send back the id of a variant deleted since: the item simply has none now.
  if (
    fields.productVariantId &&
    fields.productVariantId === before.productVariantId &&
    !(await getRow(tenant, INVENTORY_ROWS.variant, fields.productVariantId))
  ) {
    fields.productVariantId = null;
  }
  const changes = changedFields(before as unknown as Record<string, unknown>, fields, ITEM_FIELDS).map((c) => ({
    ...c,
    itemNumber: fields.itemNumber,
  }));
  const row: ItemRow = { ...before, ...fields, updatedAt: nowIso() };
  delete row.batchId;
  const type = await getRow(tenant, INVENTORY_ROWS.productType, row.productTypeId);
  if (!type) throw notFound('Product type not found');
  if (row.productVariantId) await requireVariantOfType(tenant, row.productVariantId, row.productTypeId);
  const numberChanged = normaliseItemNumber(before.itemNumber) !== normaliseItemNumber(row.itemNumber);
  const typeChanged = before.productTypeId !== row.productTypeId;
  const w = auditedWrite(tenant)
    .put(
      'item',
      { ...itemKey(tenant, id), ...row },
      { condition: 'attribute_exists(pk) AND updatedAt = :prev', values: { ':prev': before.updatedAt } },
    )
    .log(
      logRow(tenant, {
        eventType: 'ITEM_UPDATED',
        actor,
        item: { id, itemNumber: row.itemNumber },
        productType: { id: type.id, name: type.name },
        details: { operationType: 'UPDATE', productTypeName: type.name, changes },
      }),
    );
  if (numberChanged) {
    deleteMarker(w, 'oldNumber', tenant, before.itemNumber, id).put(
      'number',
      markerRow(tenant, row.itemNumber, id),
      CLAIM_NUMBER,
    );
  } else if (before.itemNumber !== row.itemNumber) {
    // Same number in another case: the marker stays, its display text follows.
    w.put('numberText', markerRow(tenant, row.itemNumber, id), { condition: 'itemId = :id', values: { ':id': id } });
  }
  if (typeChanged) {
    addToTypeCount(w, 'oldType', tenant, before.productTypeId, -1);
    addToTypeCount(w, 'type', tenant, row.productTypeId, 1);
  }
  if (row.productVariantId) checkVariant(w, tenant, row.productVariantId, row.productTypeId);
  await commitExplained(w, {
    number: duplicateItemNumber(row.itemNumber),
    type: notFound('Product type not found'),
    variant: badRequest('The variant does not belong to this product type'),
  });
  return row;
}

export async function changeItemStatus(
  tenant: TenantId,
  actor: AuthClaims,
  id: string,
  status: ItemStatus,
  notes: string | null | undefined,
): Promise<ItemRow> {
  const before = await requireItem(tenant, id);
  if (before.status === 'IN_USE')
    throw conflict('This item is in use by a rental; its status changes when it is returned');
  if (before.status === status) return before;
  const type = await getRow(tenant, INVENTORY_ROWS.productType, before.productTypeId);
  const row: ItemRow = { ...before, status, updatedAt: nowIso(), ...(notes?.trim() ? { notes: notes.trim() } : {}) };
  const w = auditedWrite(tenant).update('item', itemKey(tenant, id), {
    update: 'SET #s = :s, updatedAt = :u, notes = :n',
    condition: '#s = :old',
    names: { '#s': 'status' },
    values: { ':s': status, ':u': row.updatedAt, ':n': row.notes, ':old': before.status },
  });
  countStats(w, tenant, { [before.status]: -1, [status]: 1 });
  w.log(
    logRow(tenant, {
      eventType: 'ITEM_STATUS_CHANGED',
      actor,
      item: { id, itemNumber: row.itemNumber },
      productType: type ? { id: type.id, name: type.name } : null,
      oldStatus: before.status,
      newStatus: status,
      details: {
        operationType: 'STATUS_CHANGE',
        productTypeName: type?.name,
        changes: [{ field: 'status', oldValue: before.status, newValue: status, itemNumber: row.itemNumber }],
        notes: notes?.trim() || null,
      },
    }),
  ).event('inventory-status-changed', {
    itemId: id,
    itemNumber: row.itemNumber,
    oldStatus: before.status,
    newStatus: status,
  });
  await commitExplained(w, { item: conflict('The item status changed meanwhile; reload and try again') });
  return row;
}

/** The reservation side of an item delete (booking rows), loaded by the first delete only. */
export const itemBookings = () => import('./item-book.js');

/** Why an item stays (docs/decisions/0006-nothing-rented-disappears.md): the reservations that hold it, by number. */
export function reservedItemMessage(itemNumber: string, reservationNumbers: readonly string[]): string {
  const list = reservationNumbers.length ? reservationNumbers.join(', ') : 'a rental in progress';
  return `Item ${itemNumber} cannot be deleted: it has active or upcoming reservations (${list}). Cancel or complete them first.`;
}

export async function deleteItem(tenant: TenantId, actor: AuthClaims, id: string): Promise<ItemRow> {
  const { activeBookings, noActiveBookingCheck } = await itemBookings();
  const [before, bookings] = await Promise.all([requireItem(tenant, id), activeBookings(tenant, [id])]);
  const held = bookings.get(id);
  if (held?.length || before.status === 'IN_USE')
    throw conflict(
      reservedItemMessage(
        before.itemNumber,
        (held ?? []).map((b) => b.reservationNumber),
      ),
    );
  const type = await getRow(tenant, INVENTORY_ROWS.productType, before.productTypeId);
  const w = auditedWrite(tenant).delete('item', itemKey(tenant, id), {
    condition: '#s = :s',
    names: { '#s': 'status' },
    values: { ':s': before.status },
  });
  noActiveBookingCheck(w, 'bookings', tenant, id);
  deleteMarker(w, 'number', tenant, before.itemNumber, id)
    .count(productTypeKey(tenant, before.productTypeId), { itemCount: -1 })
    .log(
      logRow(tenant, {
        eventType: 'ITEM_DELETED',
        actor,
        item: { id, itemNumber: before.itemNumber },
        productType: type ? { id: type.id, name: type.name } : null,
        oldStatus: before.status,
        details: { operationType: 'DELETE', productTypeName: type?.name, itemNumber: before.itemNumber },
      }),
    );
  countStats(w, tenant, { total: -1, [before.status]: -1 });
  await commitExplained(w, {
    // Booked while we deleted: name the reservation that got there first.
    bookings: async () =>
      conflict(
        reservedItemMessage(
          before.itemNumber,
          ((await activeBookings(tenant, [id])).get(id) ?? []).map((b) => b.reservationNumber),
        ),
      ),
    item: conflict('The item changed meanwhile; reload and try again'),
  });
  return before;
}
