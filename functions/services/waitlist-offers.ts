/**
 * Offers of held places (R-SVC-9, docs/decisions/waitlist.md). Every step is one conditional
 * transaction with its log line:
 *   offer    slot places taken out (conditional on enough left) + entry WAITING→OFFERED + offer link
 *   release  entry OFFERED→EXPIRED/LEFT (conditional on the hold read) + places back to the slot
 *            (conditional on the count read) + a waitlist check marker for the next person
 * A held place is out of `slotsAvailable`, so the public page, every booking attempt and every other
 * offer already see it as taken: a place is offered to one person only and never sold twice. Two
 * sweeps (or a sweep and an immediate run) may work on one slot at once: each picks from a
 * consistent read, and the conditions let exactly one of them through.
 */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { fromCents } from '../../shared/domain/money.js';
import { effectiveRate, formatUsd, quoteCents } from '../../shared/domain/pricing.js';
import { computeCharges } from '../../shared/domain/charges.js';
import { sameSlot, serviceZone, slotHours, slotStart, type Slot, type SlotRef } from '../../shared/domain/slots.js';
import { formatDateTimeIn, formatSlotIn } from '../../shared/domain/time-text.js';
import { holdUntil, planOffers, placesNeeded, waitlistSettingsOf } from '../../shared/domain/waitlist.js';
import { platformUrl } from '../auth/urls.js';
import { getOrganization } from '../auth/store.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { trySendMail } from '../lib/mail.js';
import { optimistic, RETRY, retryWhen, type Attempt } from '../lib/optimistic.js';
import { organizationTimeZone } from '../lib/organization.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import { renderStoredEmail } from '../platform/template-store.js';
import { effectiveTaxRate } from '../settings/tax.js';
import { E, type ServiceRow } from './model.js';
import { getServiceRow } from './store.js';
import {
  addWaitlistCheckParts,
  CHECK_INDEX_PK,
  checkKey,
  entryKey,
  getEntry,
  HOLD_INDEX_PK,
  offerLinkKey,
  readQueue,
  waitlistLog,
  type WaitlistEntry,
} from './waitlist-store.js';

/** How long the offer and leave links' pointers are kept after they stop mattering (table TTL). */
const LINK_KEEP_SECONDS = 30 * 86400;

const slotNames = {
  '#av': 'availability',
  '#left': 'slotsAvailable',
  '#date': 'date',
  '#start': 'startTime',
  '#end': 'endTime',
  '#version': 'version',
};
const slotValues = (slot: SlotRef) => ({ ':date': slot.date, ':start': slot.startTime, ':end': slot.endTime });

/** The slot of a service, with its index in the availability list. */
function findSlot(service: ServiceRow, ref: SlotRef): { slot: Slot; index: number } | null {
  const index = service.availability.findIndex((s) => sameSlot(s, ref));
  return index < 0 ? null : { slot: service.availability[index]!, index };
}

export type OfferOutcome = 'offered' | 'lost' | 'no-places' | 'not-waiting' | 'started';

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
  const p = `#av[${found.index}]`;
  const w = auditedWrite(tenant);
  w.update('slot-hold', keys.entity(tenant, E.service, service.id), {
    update: `SET ${p}.#left = ${p}.#left - :places, #version = #version + :one`,
    condition: `attribute_exists(pk) AND ${p}.#left >= :places AND ${p}.#date = :date AND ${p}.#start = :start AND ${p}.#end = :end`,
    names: slotNames,
    values: { ':places': places, ':one': 1, ...slotValues(found.slot) },
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
      ':gpk': HOLD_INDEX_PK,
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
export async function offerFreePlaces(tenant: TenantId, serviceId: string, ref: SlotRef, now = Date.now()) {
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

/**
 * An OFFERED entry ends without a booking (hold expired, declined, left, removed by staff, slot
 * started): its places go back to the slot and the next person's check is put in the same
 * transaction (and run right after it). Answers false when the entry was no longer that offer.
 */
export async function releaseOffer(
  tenant: TenantId,
  sk: string,
  to: 'EXPIRED' | 'LEFT',
  action: 'EXPIRED' | 'DECLINED' | 'LEFT' | 'REMOVED' | 'WITHDRAWN',
  opts: { now?: number; holdUntil?: string; actor?: string | null } = {},
): Promise<boolean> {
  return optimistic(
    async (): Promise<Attempt<boolean>> => {
      const entry = await getEntry(tenant, sk);
      if (!entry || entry.status !== 'OFFERED') return false;
      if (opts.holdUntil && entry.holdUntil !== opts.holdUntil) return false;
      const now = opts.now ?? Date.now();
      const at = new Date(now).toISOString();
      const w = auditedWrite(tenant);
      w.update('waitlist-entry', entryKey(tenant, entry), {
        update: 'SET #status = :to, updatedAt = :at REMOVE gsi1pk, gsi1sk',
        condition: '#status = :offered AND holdUntil = :until',
        names: { '#status': 'status' },
        values: { ':to': to, ':at': at, ':offered': 'OFFERED', ':until': entry.holdUntil },
      });
      const service = await getServiceRow(tenant, entry.serviceId, true);
      const found = service && findSlot(service, entry.slot);
      if (service && found) {
        const held = entry.heldPlaces ?? placesNeeded(service.rateType, entry);
        const capacity = found.slot.originalSlotsAvailable ?? Number.POSITIVE_INFINITY;
        const restored = Math.min(found.slot.slotsAvailable + held, capacity);
        const p = `#av[${found.index}]`;
        if (restored !== found.slot.slotsAvailable) {
          w.update('slot-release', keys.entity(tenant, E.service, service.id), {
            update: `SET ${p}.#left = :restored, #version = #version + :one`,
            condition: `${p}.#left = :seen AND ${p}.#date = :date AND ${p}.#start = :start AND ${p}.#end = :end`,
            names: slotNames,
            values: { ':restored': restored, ':seen': found.slot.slotsAvailable, ':one': 1, ...slotValues(found.slot) },
          });
          addWaitlistCheckParts(w, tenant, service.id, found.slot);
        }
      }
      waitlistLog(w, tenant, entry, action, at, { actor: opts.actor ?? null });
      try {
        await w.commit();
        return true;
      } catch (e) {
        return retryWhen(e, e instanceof WriteFailed);
      }
    },
    () => {
      logger.warn('waitlist release left for the next run', { sk });
      return false;
    },
  );
}

/** A WAITING entry leaves the queue (the person's link, or staff): nothing is held, nothing to give back. */
export async function leaveQueue(
  tenant: TenantId,
  sk: string,
  action: 'LEFT' | 'REMOVED',
  actor: string | null = null,
  now = Date.now(),
): Promise<'left' | 'released' | 'gone'> {
  return optimistic(
    async (): Promise<Attempt<'left' | 'released' | 'gone'>> => {
      const entry = await getEntry(tenant, sk);
      if (!entry) return 'gone';
      if (entry.status === 'OFFERED')
        return (await releaseOffer(tenant, sk, 'LEFT', action, { now, actor })) ? 'released' : RETRY;
      if (entry.status !== 'WAITING') return 'gone';
      const at = new Date(now).toISOString();
      const w = auditedWrite(tenant);
      w.update('waitlist-entry', entryKey(tenant, entry), {
        update: 'SET #status = :left, updatedAt = :at',
        condition: '#status = :waiting',
        names: { '#status': 'status' },
        values: { ':left': 'LEFT', ':waiting': 'WAITING', ':at': at },
      });
      waitlistLog(w, tenant, entry, action, at, { actor });
      try {
        await w.commit();
        return 'left';
      } catch (e) {
        return retryWhen(e, e instanceof WriteFailed);
      }
    },
    () => 'gone',
  );
}

/** The price an offer's booking will have now (the same rules as the booking: tiers, tax). */
export async function offerPrice(tenant: TenantId, service: ServiceRow, entry: WaitlistEntry, now = Date.now()) {
  const [orgZone, taxRate] = await Promise.all([organizationTimeZone(tenant), effectiveTaxRate(tenant)]);
  const zone = serviceZone(service, orgZone);
  const price = effectiveRate(service, new Date(now), zone);
  const participants = service.rateType === 'PER_PERSON' ? entry.participantCount : 1;
  const q = quoteCents({
    rate: price.rate,
    rateType: price.rateType,
    participants,
    hours: slotHours(entry.slot, zone),
    addons: [],
  });
  const charges = computeCharges({ baseCents: q.totalCents, hasService: true, hourlyRateCents: 0, taxRate });
  return {
    zone,
    subtotal: fromCents(charges.subtotalCents),
    taxRate: charges.taxRate,
    taxAmount: fromCents(charges.taxCents),
    totalAmount: fromCents(charges.totalCents),
  };
}

export const offerPageUrl = (shareToken: string, offerToken: string) =>
  platformUrl(`/service/${shareToken}/offer/${offerToken}`).toString();

/** The offer e-mail (template 'waitlist-offer'): the slot, the price, until when, the link. Never undoes the offer. */
async function sendOfferMail(
  tenant: TenantId,
  service: ServiceRow,
  entry: WaitlistEntry,
  token: string,
  zone: string,
  now: number,
) {
  try {
    if (!service.shareToken) return;
    const [org, price] = await Promise.all([getOrganization(tenant), offerPrice(tenant, service, entry, now)]);
    const mail = await renderStoredEmail('waitlist-offer', {
      businessName: org?.name ?? '',
      firstName: entry.customer.firstName,
      serviceName: service.name,
      slot: formatSlotIn(entry.slot, zone),
      participants: entry.participantCount,
      total: formatUsd(price.totalAmount),
      holdUntil: formatDateTimeIn(entry.holdUntil!, zone, { zoneName: true }),
      offerUrl: offerPageUrl(service.shareToken, token),
    });
    await trySendMail({ to: entry.customer.email, ...mail, tenant });
  } catch (e) {
    logger.warn('waitlist offer e-mail not sent', { error: e as Error, entryId: entry.id });
  }
}

interface IndexItem {
  tenantId: string;
  serviceId?: string;
  slot?: SlotRef;
  sk: string;
  holdUntil?: string;
}

async function dueItems(indexPk: string, now: number): Promise<IndexItem[]> {
  const out: IndexItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
        ExpressionAttributeValues: { ':pk': indexPk, ':now': `${new Date(now).toISOString()}\uffff` },
        ExclusiveStartKey: start,
        Limit: 100,
      }),
    );
    for (const i of res.Items ?? []) {
      const tenantId = (i.tenantId as string | undefined) ?? String(i.pk).replace(/^T#/, '');
      out.push({ ...(i as unknown as IndexItem), tenantId });
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/**
 * The waitlist sweep (every minute, functions/sweeps/waitlist-offers.ts): holds past their time are
 * released (the index is keyed by holdUntil, never a scan), then every due check makes its offers.
 * Safe twice at once: each step is conditional on what it read.
 */
export async function sweepWaitlist(now = Date.now()): Promise<{ expired: number; checks: number; offers: number }> {
  let expired = 0;
  let checks = 0;
  let offers = 0;
  for (const h of await dueItems(HOLD_INDEX_PK, now)) {
    if (!h.holdUntil || Date.parse(h.holdUntil) > now) continue;
    const tenant = trustedTenant(h.tenantId);
    if (await releaseOffer(tenant, h.sk, 'EXPIRED', 'EXPIRED', { now, holdUntil: h.holdUntil })) expired++;
  }
  for (const c of await dueItems(CHECK_INDEX_PK, now)) {
    if (!c.serviceId || !c.slot) continue;
    checks++;
    offers += await processCheck(trustedTenant(c.tenantId), c.serviceId, c.slot, now);
  }
  return { expired, checks, offers };
}
