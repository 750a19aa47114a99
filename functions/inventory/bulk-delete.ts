import { randomUUID } from 'node:crypto';
import { chunk } from '../../shared/domain/inventory.js';
import { nowIso } from '../lib/db.js';
import { conflict, notFound } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import { optimistic, RETRY } from '../lib/optimistic.js';
import type { AuthClaims } from '../lib/tokens.js';
import {
  type BatchRow,
  conditionFailed,
  DELETE_CHUNK,
  deleteChunkWrite,
  dropBatch,
  type KeptItem,
  readItems,
  recordBatch,
  restoreItems,
  splitReserved,
} from './bulk-batch.js';
import { finishDelete } from './bulk-finish.js';
import { reservedItemMessage } from './items.js';
import type { ItemRow } from './model.js';

/**
 * Deletes what it may and keeps what a rental holds (docs/decisions/0006-nothing-rented-disappears.md): items with an
 * ACTIVE reservation (under way or to come) stay and come back in `kept` with the reservations' numbers; when every
 * item is held, nothing is written and the answer is a 409 naming them.
 */
export async function bulkDelete(
  tenant: TenantId,
  actor: AuthClaims,
  itemIds: string[],
): Promise<{ deleted: ItemRow[]; kept: KeptItem[] }> {
  const ids = [...new Set(itemIds)];
  const rows = await readItems(tenant, ids);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`Items not found: ${missing.length}`);
  const { free, kept } = await splitReserved(tenant, rows);
  if (!free.length) throw conflict(keptMessage(kept));

  const batch: BatchRow = {
    id: randomUUID(),
    kind: 'DELETE',
    tenantId: tenant,
    createdAt: nowIso(),
    actor,
    items: free,
  };
  await recordBatch(tenant, batch);
  const done: ItemRow[] = [];
  try {
    for (const part of chunk(free, DELETE_CHUNK)) {
      let todo = part;
      const changed = () =>
        conflict('Some items changed while they were being deleted; nothing was deleted, reload and try again');
      await optimistic(
        async () => {
          if (!todo.length) return;
          try {
            await (await deleteChunkWrite(tenant, todo)).commit();
            done.push(...todo);
            return;
          } catch (e) {
            if (!conditionFailed(e)) throw e;
            // A booking landed on one of these meanwhile: it stays with the others kept; the rest go.
            if (!e.failed.some((n) => n.startsWith('bookings:'))) throw changed();
          }
          const fresh = await splitReserved(
            tenant,
            await readItems(
              tenant,
              todo.map((r) => r.id),
            ),
          );
          kept.push(...fresh.kept);
          const stay = new Set(fresh.kept.map((k) => k.id));
          todo = todo.filter((r) => !stay.has(r.id));
          return RETRY;
        },
        () => {
          throw changed();
        },
      );
    }
  } catch (e) {
    await restoreItems(tenant, done);
    await dropBatch(tenant, batch.id);
    throw e;
  }
  if (!done.length) {
    // Every item was booked while we deleted: nothing to log.
    await dropBatch(tenant, batch.id);
    throw conflict(keptMessage(kept));
  }
  await finishDelete(tenant, batch, done);
  return { deleted: done, kept };
}

/** The 409 of a bulk delete that kept every item: each item with the reservations that hold it. */
function keptMessage(kept: readonly KeptItem[]): string {
  if (kept.length === 1) return reservedItemMessage(kept[0]!.itemNumber, kept[0]!.reservations);
  const list = kept
    .map((k) => `${k.itemNumber} (${k.reservations.length ? k.reservations.join(', ') : 'in use'})`)
    .join('; ');
  return `None of the selected items can be deleted: they have active or upcoming reservations: ${list}. Cancel or complete them first.`;
}
