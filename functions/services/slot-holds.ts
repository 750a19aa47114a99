import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { sameSlot, type SlotRef } from '../../shared/domain/slots.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { SERVICE_ROWS } from './model.js';
import { throughSlotGate } from './slot-gate.js';
import { HOLD_PREFIX, SLOT_HOLDS_INDEX_PK } from './slot-hold-attributes.js';
import { addWaitlistCheckParts } from './waitlist-store.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';

/**
 * Places taken out of a slot before the booking's own transaction (docs/requirements/booking.md
 * R-BOOK-5, docs/decisions/0238-booking-rush.md). One conditional UpdateItem on the service row takes the
 * places and writes a hold attribute `hold#{reservationId}` beside them, so a rush is decided by
 * single-item writes that never conflict: a full slot is refused at once, and only the winners run
 * the booking transaction, which no longer touches the service row.
 *
 * A booking that failed gives its places back at once. Every other hold is settled by the sweep,
 * which finds the row through its `gsi1` pointer (SLOT_HOLDS_INDEX_PK, sorted by when its oldest hold
 * may be settled): holds whose reservations landed are forgotten together by one write, so a booking
 * spends no write of its own on its hold; a hold whose process died gives its places back.
 */
/** A booking commits within this long after taking its places, or gives them back. */
export const HOLD_COMMIT_WINDOW_MS = 20_000;
/** The sweep gives back the places of holds this old whose reservation never landed (well past the commit window). */
export const HOLD_RELEASE_AFTER_MS = 120_000;
export { SLOT_HOLDS_INDEX_PK };

export interface SlotHold {
  holdId: string;
  serviceId: string;
  slot: SlotRef;
  places: number;
  /** When the places were taken (ms). */
  at: number;
}

type Item = Record<string, unknown>;
type StoredSlot = SlotRef & { slotsAvailable: number; originalSlotsAvailable?: number | null };

export type TakeOutcome =
  /** `row`: the service as the write left it (ALL_NEW), what the booking is made from. */
  | { kind: 'taken'; hold: SlotHold; row: Item }
  /** Not enough places: `left` is what the slot has now. */
  | { kind: 'refused'; left: number }
  /** The slot moved in the list, or the row changed shape: read the service again. */
  | { kind: 'moved' }
  | { kind: 'gone' }
  | { kind: 'link-changed' }
  /** A public booking's service was deactivated or closed to public bookings. */
  | { kind: 'closed' };

const slotNames = {
  '#av': 'availability',
  '#left': 'slotsAvailable',
  '#date': 'date',
  '#start': 'startTime',
  '#end': 'endTime',
  '#version': 'version',
};
/** A public booking also needs the service active, open to public bookings and still behind the token used. */
const publicCondition = ' AND shareToken = :token AND isActive = :yes AND rsvpSettings.enablePublicBookings = :yes';
const slotValues = (slot: SlotRef) => ({ ':date': slot.date, ':start': slot.startTime, ':end': slot.endTime });
const identity = (p: string) => `${p}.#date = :date AND ${p}.#start = :start AND ${p}.#end = :end`;
const pointerKey = (tenant: TenantId, serviceId: string, at: number) =>
  `${new Date(at + HOLD_RELEASE_AFTER_MS).toISOString()}#${tenant}#${serviceId}`;

/**
 * Takes `places` from the slot at `index` for the booking `holdId`: conditional on the slot still
 * being that slot, on enough places, and (public bookings) on the share token still being the one
 * used. Never retried here: the caller reads again only on 'moved'.
 */
export async function takePlaces(tenant: TenantId, req: TakeRequest, now = Date.now()): Promise<TakeOutcome> {
  const key = `${tenant}#${req.serviceId}#${req.slot.date}#${req.slot.startTime}#${req.slot.endTime}`;
  return throughSlotGate(
    key,
    { places: req.places, hint: req.seenLeft ?? req.places },
    async () => {
      req.onWrite?.();
      const outcome = await writeTake(tenant, req, now);
      return { outcome, left: leftAfter(outcome, req.index) };
    },
    (left): TakeOutcome => ({ kind: 'refused', left }),
  );
}

type TakeRequest = {
  serviceId: string;
  index: number;
  slot: SlotRef;
  places: number;
  holdId: string;
  shareToken?: string;
  /** The places the slot had by the caller's read (it paces the writes, never decides). */
  seenLeft?: number;
  /** Called as the write goes out (not for a request the pacing refuses). */
  onWrite?: () => void;
};

/** The places the slot has left by a take's answer, when it says. */
function leftAfter(outcome: TakeOutcome, index: number): number | null {
  if (outcome.kind === 'refused') return outcome.left;
  if (outcome.kind !== 'taken') return null;
  const slots = outcome.row.availability;
  const left = Array.isArray(slots) ? (slots[index] as { slotsAvailable?: unknown } | undefined)?.slotsAvailable : null;
  return typeof left === 'number' ? left : null;
}

async function writeTake(tenant: TenantId, req: TakeRequest, now: number): Promise<TakeOutcome> {
  const p = `#av[${req.index}]`;
  const hold: SlotHold = { holdId: req.holdId, serviceId: req.serviceId, slot: req.slot, places: req.places, at: now };
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(tenant, SERVICE_ROWS.service, req.serviceId),
        UpdateExpression:
          `SET ${p}.#left = ${p}.#left - :places, #version = #version + :one, #hold = :hold, ` +
          'gsi1pk = :gpk, gsi1sk = if_not_exists(gsi1sk, :gsk)',
        ConditionExpression: `attribute_exists(pk) AND ${p}.#left >= :places AND ${identity(p)}${req.shareToken ? publicCondition : ''}`,
        ExpressionAttributeNames: { ...slotNames, '#hold': `${HOLD_PREFIX}${req.holdId}` },
        ExpressionAttributeValues: {
          ':places': req.places,
          ':one': 1,
          ':hold': { slot: req.slot, places: req.places, at: now },
          ':gpk': shardedIndexKey(SLOT_HOLDS_INDEX_PK, tenant),
          ':gsk': pointerKey(tenant, req.serviceId, now),
          ...slotValues(req.slot),
          ...(req.shareToken ? { ':token': req.shareToken, ':yes': true } : {}),
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'taken', hold, row: res.Attributes ?? {} };
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const old = (e as { Item?: Record<string, never> }).Item;
    const item = old ? (unmarshall(old) as Item) : await readServiceItem(tenant, req.serviceId);
    return whyRefused(item, req);
  }
}

function whyRefused(
  item: Item | undefined,
  req: { index: number; slot: SlotRef; places: number; shareToken?: string },
): TakeOutcome {
  if (!item) return { kind: 'gone' };
  if (req.shareToken && item.shareToken !== req.shareToken) return { kind: 'link-changed' };
  if (
    req.shareToken &&
    (item.isActive !== true || (item.rsvpSettings as Item | undefined)?.enablePublicBookings !== true)
  )
    return { kind: 'closed' };
  const slots = Array.isArray(item.availability) ? (item.availability as Item[]) : [];
  const at = slots[req.index] as (SlotRef & { slotsAvailable?: unknown }) | undefined;
  if (!at || !sameSlot(at, req.slot) || typeof at.slotsAvailable !== 'number') return { kind: 'moved' };
  if (at.slotsAvailable >= req.places) return { kind: 'moved' };
  return { kind: 'refused', left: Math.max(0, at.slotsAvailable) };
}

/** The 409 text for a slot without enough places (R-BOOK-5). */
export function refusedText(left: number): string {
  return left <= 0
    ? 'This time slot is fully booked'
    : `Only ${left} place${left === 1 ? '' : 's'} left in this time slot`;
}

async function readServiceItem(tenant: TenantId, serviceId: string): Promise<Item | undefined> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.entity(tenant, SERVICE_ROWS.service, serviceId),
      ConsistentRead: true,
    }),
  );
  return res.Item;
}

/**
 * Holds whose reservations landed are no longer needed: removed by one write for the lot (the sweep,
 * services/slot-hold-sweep.ts). Their places stay taken: the reservations carry them now.
 */
export async function forgetHolds(tenant: TenantId, serviceId: string, holdIds: readonly string[]): Promise<void> {
  for (let i = 0; i < holdIds.length; i += 50) {
    const names = Object.fromEntries(holdIds.slice(i, i + 50).map((id, n) => [`#h${n}`, `${HOLD_PREFIX}${id}`]));
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.entity(tenant, SERVICE_ROWS.service, serviceId),
          UpdateExpression: `REMOVE ${Object.keys(names).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: names,
        }),
      );
    } catch (e) {
      // The service was deleted meanwhile: its holds went with it.
      if (!isConditionFailure(e)) throw e;
      return;
    }
  }
}

/**
 * Gives a hold's places back to its slot, never above the capacity staff set, and removes the hold;
 * conditional on the hold still being there, so places come back once whoever releases (the failed
 * booking, the sweep). The caller has checked that no reservation carries the hold's id.
 * Answers whether places came back.
 */
export async function releaseHold(tenant: TenantId, serviceId: string, holdId: string): Promise<boolean> {
  const name = `${HOLD_PREFIX}${holdId}`;
  return optimistic(
    async () => {
      const item = await readServiceItem(tenant, serviceId);
      const held = item?.[name] as { slot?: SlotRef; places?: number } | undefined;
      if (!item || !held?.slot || typeof held.places !== 'number') return false;
      // The raw row: the service's own parser lives in store.ts, which imports this module.
      const slots = (Array.isArray(item.availability) ? item.availability : []) as StoredSlot[];
      const index = slots.findIndex((s) => sameSlot(s, held.slot!));
      const w = auditedWrite(tenant);
      const key = keys.entity(tenant, SERVICE_ROWS.service, serviceId);
      const slot = slots[index];
      if (!slot) {
        // The slot was removed by staff: nothing to give back to.
        w.update('hold', key, {
          update: 'REMOVE #hold',
          condition: 'attribute_exists(#hold)',
          names: { '#hold': name },
        });
      } else {
        const capacity = slot.originalSlotsAvailable ?? Number.POSITIVE_INFINITY;
        const restored = Math.min(slot.slotsAvailable + held.places, capacity);
        const p = `#av[${index}]`;
        w.update('hold', key, {
          update: `SET ${p}.#left = :restored, #version = #version + :one REMOVE #hold`,
          condition: `attribute_exists(#hold) AND ${p}.#left = :seen AND ${identity(p)}`,
          names: { ...slotNames, '#hold': name },
          values: { ':restored': restored, ':seen': slot.slotsAvailable, ':one': 1, ...slotValues(slot) },
        });
        // Freed places go to the slot's waitlist first (R-SVC-9).
        if (restored > slot.slotsAvailable) addWaitlistCheckParts(w, tenant, serviceId, slot);
      }
      try {
        await w.commit();
        return Boolean(slot);
      } catch (e) {
        return retryWhen(e, e instanceof WriteFailed);
      }
    },
    () => false,
  );
}

export { pointerKey as slotHoldsPointerKey };
