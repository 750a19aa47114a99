/**
 * Offers of held places (R-SVC-9, docs/decisions/0236-waitlist.md). Every step is one conditional
 * transaction with its log line:
 *   offer    slot places taken out of the slot row (conditional on the count read) + entry WAITING→OFFERED + offer link
 *   release  entry OFFERED→EXPIRED/LEFT (conditional on the hold read) + places back to the slot
 *            (conditional on the count read) + a waitlist check marker for the next person
 *            (waitlist-release.ts; the offer's price and e-mail are waitlist-offer-mail.ts; the sweep that
 *            releases held places and works off the checks is waitlist-sweep.ts)
 * A held place is in the slot row's `taken`, so the public page, every booking attempt and every other
 * offer already see it as taken: a place is offered to one person only and never sold twice. Two
 * sweeps (or a sweep and an immediate run) may work on one slot at once: each picks from a
 * consistent read, and the conditions let exactly one of them through.
 */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { serviceZone, slotStart, type SlotRef } from '../../shared/domain/slots.js';
import { holdUntil, planOffers, placesNeeded, waitlistSettingsOf } from '../../shared/domain/waitlist.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import { SERVICE_ROWS, type ServiceRow } from './model.js';
import { addPlacesTaken, countOf, findSlot } from './slot-places.js';
import { getServiceRow } from './store.js';
import { sendOfferMail } from './waitlist-offer-mail.js';
import {
  checkKey,
  entryKey,
  HOLD_INDEX_PK,
  LINK_KEEP_SECONDS,
  offerLinkKey,
  readQueue,
  waitlistLog,
  type WaitlistEntry,
} from './waitlist-store.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';

type OfferOutcome = 'offered' | 'lost' | 'no-places' | 'not-waiting' | 'started';

/**
 * One offer: the places out of the slot, the entry WAITING → OFFERED until its hold, the offer link,
 * the log line; then the e-mail. `lost` when another writer got there first (re-read and decide again).
 */
export async function offerEntry(
  tenant: TenantId,
  service: ServiceRow,
  entry: WaitlistEntry,
  now = Date.now(),
  by: 'QUEUE' | 'STAFF' = 'QUEUE',
): Promise<{ outcome: OfferOutcome; entry?: WaitlistEntry }> {
  if (entry.status !== 'WAITING') return { outcome: 'not-waiting' };
  const found = findSlot(service, entry.slot);
  const zone = serviceZone(service, await organizationTimeZone(tenant));
  const start = found ? slotStart(found.slot, zone) : NaN;
  if (!found || !(start > now)) return { outcome: 'started' };
  const places = placesNeeded(service.rateType, entry);
  if (places > found.slot.slotsAvailable) return { outcome: 'no-places' };

  const token = newSecretToken();
  const tokenHash = hashToken(token);
  const at = new Date(now).toISOString();
  const until = new Date(holdUntil(now, waitlistSettingsOf(service).holdMinutes, start)).toISOString();
  const w = auditedWrite(tenant);
  // The places out of the slot row, by the count read; the service row unchanged since (its slot, capacity).
  addPlacesTaken(w, tenant, service.id, found.slot, countOf(service, found.slot), places);
  w.check('service', keys.entity(tenant, SERVICE_ROWS.service, service.id), {
    condition: '#version = :v',
    names: { '#version': 'version' },
    values: { ':v': service.version },
  });
  w.update('waitlist-entry', entryKey(tenant, entry), {
    update:
      'SET #status = :offered, holdUntil = :until, heldPlaces = :places, offerTokenHash = :hash, updatedAt = :at, gsi1pk = :gpk, gsi1sk = :gsk',
    condition: '#status = :waiting',
    names: { '#status': 'status' },
    values: {
      ':offered': 'OFFERED',
      ':waiting': 'WAITING',
      ':until': until,
      ':places': places,
      ':hash': tokenHash,
      ':at': at,
      ':gpk': shardedIndexKey(HOLD_INDEX_PK, tenant),
      ':gsk': `${until}#${tenant}#${entry.id}`,
    },
  });
  w.put(
    'offer-link',
    {
      ...offerLinkKey(tokenHash),
      tenantId: tenant,
      serviceId: service.id,
      entrySk: entry.sk,
      createdAt: at,
      expiresAt: Math.floor(Date.parse(until) / 1000) + LINK_KEEP_SECONDS,
    },
    { condition: 'attribute_not_exists(pk)' },
  );
  waitlistLog(w, tenant, entry, 'OFFERED', at, { holdUntil: until, places, by });
  try {
    await w.commit();
  } catch (e) {
    if (e instanceof WriteFailed) return { outcome: 'lost' };
    throw e;
  }
  const offered: WaitlistEntry = {
    ...entry,
    status: 'OFFERED',
    holdUntil: until,
    heldPlaces: places,
    offerTokenHash: tokenHash,
    updatedAt: at,
  };
  await sendOfferMail(tenant, service, offered, token, zone, now);
  return { outcome: 'offered', entry: offered };
}

/**
 * The offers a slot's free places call for (R-SVC-9): the first WAITING entry whose count fits, again
 * and again while places remain, each from a fresh consistent read. Answers how many were made.
 */
async function offerFreePlaces(tenant: TenantId, serviceId: string, ref: SlotRef, now = Date.now()) {
  let offers = 0;
  // Bounded: each offer or lost race is one round; a queue holds at most MAX_QUEUE live entries.
  for (let round = 0; round < 60; round++) {
    const service = await getServiceRow(tenant, serviceId, true);
    const found = service && findSlot(service, ref);
    if (!service || !found) break;
    const queue = await readQueue(tenant, serviceId, ref);
    const next = planOffers(queue, found.slot.slotsAvailable, service.rateType)[0];
    if (!next) break;
    const { outcome } = await offerEntry(tenant, service, next, now);
    if (outcome === 'offered') offers++;
    else if (outcome === 'started') break;
    // 'lost', 'no-places', 'not-waiting': someone else moved first; read again.
  }
  return offers;
}

/** A check marker worked off: the offers, then the marker removed unless a newer release re-put it. */
export async function processCheck(tenant: TenantId, serviceId: string, slot: SlotRef, now = Date.now()) {
  const key = checkKey(tenant, serviceId, slot);
  const marker = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk = :sk',
      ExpressionAttributeValues: { ':pk': key.pk, ':sk': key.sk },
      ConsistentRead: true,
    }),
  );
  const checkId = marker.Items?.[0]?.checkId as string | undefined;
  const offers = await offerFreePlaces(tenant, serviceId, slot, now);
  if (checkId) {
    try {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: key,
          ConditionExpression: 'checkId = :id',
          ExpressionAttributeValues: { ':id': checkId },
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e; // a newer release: its own run or the sweep takes it
    }
  }
  return offers;
}
