/**
 * The waitlist's operations (R-SVC-7..R-SVC-10, docs/decisions/waitlist.md): joining a full slot, the
 * offer page's read, accepting (a public booking of the held places), declining, leaving, and the
 * staff's list, removal and hand offer. Loaded on first use by the services handler.
 */
import { randomUUID } from 'node:crypto';
import type {
  WaitlistEntryView,
  WaitlistJoinInput,
  waitlistAcceptBody,
} from '../../shared/contract/routes/waitlist.js';
import type * as z from '../../shared/zod.js';
import {
  DEFAULT_PUBLIC_MAX_PARTICIPANTS,
  HARD_MAX_PARTICIPANTS,
  sameSlot,
  serviceZone,
  slotStart,
} from '../../shared/domain/slots.js';
import { isClockTime, isRealDate } from '../../shared/domain/time.js';
import { formatDateTimeIn, formatSlotIn } from '../../shared/domain/time-text.js';
import {
  inJoinOrder,
  isLive,
  MAX_QUEUE,
  OFFER_GONE_MESSAGE,
  PLACES_AVAILABLE_MESSAGE,
  placesNeeded,
  QUEUE_FULL_MESSAGE,
  queuePosition,
  WAITLIST_OFF_MESSAGE,
  waitlistSettingsOf,
} from '../../shared/domain/waitlist.js';
import { platformUrl } from '../auth/urls.js';
import { getOrganization } from '../auth/store.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, tableName } from '../lib/db.js';
import { ApiError, badRequest, conflict, notFound } from '../lib/errors.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { trySendMail } from '../lib/mail.js';
import { organizationTimeZone } from '../lib/organization.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { renderStoredEmail } from '../platform/template-store.js';
import { bookPublicService, type BookingResult } from './public-booking.js';
import type { ServiceRow } from './model.js';
import { resolveShare } from './public.js';
import { getServiceRow } from './store.js';
import { leaveQueue, offerEntry, offerPrice, releaseOffer } from './waitlist-offers.js';
import {
  emailKey,
  entryKey,
  entrySkOf,
  getEntry,
  leaveLinkKey,
  offerLinkKey,
  readLink,
  readQueue,
  waitlistLog,
  type WaitlistEntry,
} from './waitlist-store.js';

const LINK_KEEP_SECONDS = 30 * 86400;

const unknownOffer = () => new ApiError(404, 'NOT_FOUND', 'This offer link is not valid');
const unknownLeave = () => new ApiError(404, 'NOT_FOUND', 'This waitlist link is not valid');

function entryView(e: WaitlistEntry, queue: readonly WaitlistEntry[]): WaitlistEntryView {
  return {
    id: e.id,
    slot: { date: e.slot.date, startTime: e.slot.startTime, endTime: e.slot.endTime },
    status: e.status,
    firstName: e.customer.firstName,
    lastName: e.customer.lastName,
    email: e.customer.email,
    phone: e.customer.phone,
    participantCount: e.participantCount,
    joinedAt: e.joinedAt,
    holdUntil: e.status === 'OFFERED' ? (e.holdUntil ?? null) : null,
    reservationId: e.reservationId ?? null,
    position: queuePosition(
      queue.filter((q) => sameSlot(q.slot, e.slot)),
      e.id,
    ),
  };
}

/**
 * Joining a full slot (R-SVC-8): the booking form's rules for the person and the count; refused while
 * the slot has the places the party needs ("book instead"); one live entry per e-mail per slot (the
 * e-mail marker's condition: a second join answers the first entry).
 */
export async function joinWaitlist(token: string, body: WaitlistJoinInput, now = Date.now()) {
  const { tenant, service } = await resolveShare(token, now);
  if (!waitlistSettingsOf(service).enabled) throw conflict(WAITLIST_OFF_MESSAGE);
  if (!isRealDate(body.slot.date) || !isClockTime(body.slot.startTime) || !isClockTime(body.slot.endTime))
    throw badRequest('The chosen time slot is not a valid date and time');
  const zone = serviceZone(service, await organizationTimeZone(tenant));
  const slot = service.availability.find((s) => sameSlot(s, body.slot));
  if (!slot || !(slotStart(slot, zone) > now)) throw conflict('This time slot is no longer available');
  const perPerson = service.rateType === 'PER_PERSON';
  const participants = perPerson ? Math.max(1, Math.floor(body.participantCount || 1)) : 1;
  const max = Math.min(service.rsvpSettings?.maxParticipants || DEFAULT_PUBLIC_MAX_PARTICIPANTS, HARD_MAX_PARTICIPANTS);
  if (perPerson && participants > max) throw badRequest(`At most ${max} participants per booking`);
  if (slot.slotsAvailable >= placesNeeded(service.rateType, { participantCount: participants }))
    throw conflict(PLACES_AVAILABLE_MESSAGE);

  const c = body.customer;
  const email = c.email.trim().toLowerCase();
  const mark = emailKey(tenant, service.id, slot, email);
  // A lost race (the same e-mail joining at once, or a contended write) reads again: lib/optimistic.ts.
  return optimistic(
    async () => {
      const existing = await db().send(new GetCommand({ TableName: tableName(), Key: mark, ConsistentRead: true }));
      const prevSk = existing.Item?.entrySk as string | undefined;
      const prev = prevSk ? await getEntry(tenant, prevSk) : null;
      if (prev && isLive(prev.status))
        return { entry: prev, queue: await readQueue(tenant, service.id, slot), again: true };
      const queue = await readQueue(tenant, service.id, slot);
      if (queue.filter((e) => isLive(e.status)).length >= MAX_QUEUE) throw conflict(QUEUE_FULL_MESSAGE);

      const id = randomUUID();
      const joinedAt = new Date(now).toISOString();
      const entry: WaitlistEntry = {
        sk: entrySkOf(service.id, slot, joinedAt, id),
        id,
        serviceId: service.id,
        slot: { date: slot.date, startTime: slot.startTime, endTime: slot.endTime },
        customer: { firstName: c.firstName.trim(), lastName: c.lastName.trim(), phone: c.phone.trim(), email },
        participantCount: participants,
        status: 'WAITING',
        joinedAt,
        updatedAt: joinedAt,
        holdUntil: null,
        heldPlaces: null,
        offerTokenHash: null,
        reservationId: null,
      };
      const leaveToken = newSecretToken();
      const w = auditedWrite(tenant);
      w.put(
        'waitlist-email',
        { ...mark, entrySk: entry.sk, email },
        prevSk
          ? { condition: 'entrySk = :prev', values: { ':prev': prevSk } }
          : { condition: 'attribute_not_exists(pk)' },
      );
      w.put(
        'waitlist-entry',
        { pk: keys.tenantPartition(tenant), ...entry, tenantId: tenant },
        { condition: 'attribute_not_exists(pk)' },
      );
      w.put(
        'leave-link',
        {
          ...leaveLinkKey(hashToken(leaveToken)),
          tenantId: tenant,
          serviceId: service.id,
          entrySk: entry.sk,
          expiresAt: Math.floor(slotStart(slot, zone) / 1000) + LINK_KEEP_SECONDS,
        },
        { condition: 'attribute_not_exists(pk)' },
      );
      waitlistLog(w, tenant, entry, 'JOINED', joinedAt, { participants });
      w.event('waitlist-joined', {
        entryId: id,
        serviceId: service.id,
        serviceName: service.name,
        slot: entry.slot,
        customerName: `${entry.customer.firstName} ${entry.customer.lastName}`.trim(),
        participantCount: participants,
      });
      try {
        await w.commit();
      } catch (e) {
        // The e-mail's marker changed: joined a moment ago, so the next read answers that entry.
        return retryWhen(e, e instanceof WriteFailed && (e.failed.includes('waitlist-email') || e.contended));
      }
      const after = await readQueue(tenant, service.id, slot);
      await sendJoinedMail(tenant, service, entry, queuePosition(after, id), leaveToken, zone);
      return { entry, queue: after, again: false };
    },
    () => {
      throw conflict('This waitlist is busy right now. Please try again.');
    },
  );
}

async function sendJoinedMail(
  tenant: TenantId,
  service: ServiceRow,
  entry: WaitlistEntry,
  position: number,
  leaveToken: string,
  zone: string,
) {
  try {
    const org = await getOrganization(tenant);
    const mail = await renderStoredEmail('waitlist-joined', {
      businessName: org?.name ?? '',
      firstName: entry.customer.firstName,
      serviceName: service.name,
      slot: formatSlotIn(entry.slot, zone),
      participants: entry.participantCount,
      position,
      leaveUrl: platformUrl(`/service/${service.shareToken}/leave/${leaveToken}`).toString(),
    });
    await trySendMail({ to: entry.customer.email, ...mail, tenant });
  } catch (e) {
    logger.warn('waitlist confirmation e-mail not sent', { error: e as Error, entryId: entry.id });
  }
}

export function joinAnswer(r: Awaited<ReturnType<typeof joinWaitlist>>) {
  const position = queuePosition(r.queue, r.entry.id);
  return {
    success: true,
    message: r.again
      ? `You are already on the waitlist for this time slot (position ${position}).`
      : `You are on the waitlist (position ${position}). We will e-mail you if places free up.`,
    entry: {
      id: r.entry.id,
      status: r.entry.status,
      position,
      participantCount: r.entry.participantCount,
      slot: r.entry.slot,
      alreadyJoined: r.again,
    },
  };
}

/** An offer link → tenant, entry and service; unknown or malformed links are one 404. */
async function resolveOffer(offerToken: string) {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(offerToken)) throw unknownOffer();
  const hash = hashToken(offerToken);
  const link = await readLink(offerLinkKey(hash));
  if (!link) throw unknownOffer();
  const tenant = trustedTenant(link.tenantId);
  const entry = await getEntry(tenant, link.entrySk);
  if (!entry || entry.offerTokenHash !== hash) throw unknownOffer();
  const service = await getServiceRow(tenant, entry.serviceId, true);
  if (!service) throw unknownOffer();
  return { tenant, entry, service };
}

/** The offer page's read (R-SVC-9): slot, price, status; an offer past its hold reads EXPIRED. */
export async function readOffer(offerToken: string, now = Date.now()) {
  const { tenant, entry, service } = await resolveOffer(offerToken);
  const price = await offerPrice(tenant, service, entry, now);
  const live = entry.status === 'OFFERED' && entry.holdUntil && Date.parse(entry.holdUntil) > now;
  const status = entry.status === 'OFFERED' && !live ? 'EXPIRED' : entry.status;
  return {
    success: true,
    offer: {
      status,
      serviceName: service.name,
      slot: entry.slot,
      slotText: formatSlotIn(entry.slot, price.zone),
      timeZone: price.zone,
      participantCount: entry.participantCount,
      subtotal: price.subtotal,
      taxRate: price.taxRate,
      taxAmount: price.taxAmount,
      totalAmount: price.totalAmount,
      holdUntil: live ? entry.holdUntil! : null,
      holdUntilText: live ? formatDateTimeIn(entry.holdUntil!, price.zone, { zoneName: true }) : null,
      firstName: entry.customer.firstName,
    },
  };
}

/**
 * Accepting (R-SVC-9): a public booking of the held places, the very same function and answer, with
 * the entry's OFFERED → BOOKED transition (conditional on the offer and its hold) in its transaction
 * instead of the slot's decrement: however many accepts race, one booking.
 */
export async function acceptOffer(
  offerToken: string,
  body: z.output<typeof waitlistAcceptBody> | undefined,
  now = Date.now(),
): Promise<BookingResult> {
  const { tenant, entry, service } = await resolveOffer(offerToken);
  if (entry.status === 'BOOKED') throw conflict('This offer has already been booked');
  if (entry.status !== 'OFFERED' || !entry.holdUntil || Date.parse(entry.holdUntil) <= now)
    throw conflict(OFFER_GONE_MESSAGE);
  if (!service.shareToken) throw conflict(OFFER_GONE_MESSAGE);
  const at = new Date(now).toISOString();
  return bookPublicService(
    service.shareToken,
    {
      selectedSlots: [entry.slot],
      customer: {
        firstName: entry.customer.firstName,
        lastName: entry.customer.lastName,
        phone: entry.customer.phone,
        email: entry.customer.email,
      },
      participantCount: entry.participantCount,
      notes: body?.notes ?? null,
      allergies: body?.allergies ?? null,
    },
    now,
    {
      places: entry.heldPlaces ?? placesNeeded(service.rateType, entry),
      parts: (w, row) => {
        w.update('waitlist-entry', entryKey(tenant, entry), {
          update: 'SET #status = :booked, reservationId = :rid, updatedAt = :at REMOVE gsi1pk, gsi1sk',
          condition: '#status = :offered AND holdUntil > :now AND offerTokenHash = :hash',
          names: { '#status': 'status' },
          values: {
            ':booked': 'BOOKED',
            ':offered': 'OFFERED',
            ':rid': row.id,
            ':at': at,
            ':now': at,
            ':hash': entry.offerTokenHash,
          },
        });
        waitlistLog(w, tenant, entry, 'BOOKED', at, { reservationId: row.id });
        w.event('waitlist-booked', {
          entryId: entry.id,
          reservationId: row.id,
          reservationNumber: row.reservationNumber,
          serviceName: service.name,
          slot: entry.slot,
          customerName: `${entry.customer.firstName} ${entry.customer.lastName}`.trim(),
        });
      },
      refused: (e) => {
        if (e instanceof WriteFailed && e.failed.includes('waitlist-entry')) throw conflict(OFFER_GONE_MESSAGE);
      },
    },
  );
}

export async function declineOffer(offerToken: string, now = Date.now()) {
  const { tenant, entry } = await resolveOffer(offerToken);
  if (entry.status === 'BOOKED') throw conflict('This offer has already been booked');
  if (entry.status === 'OFFERED') await releaseOffer(tenant, entry.sk, 'LEFT', 'DECLINED', { now });
  return { success: true, message: 'Offer declined. The places go to the next person waiting.' };
}

export async function leaveByLink(leaveToken: string, now = Date.now()) {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(leaveToken)) throw unknownLeave();
  const link = await readLink(leaveLinkKey(hashToken(leaveToken)));
  if (!link) throw unknownLeave();
  const tenant = trustedTenant(link.tenantId);
  const entry = await getEntry(tenant, link.entrySk);
  if (!entry) throw unknownLeave();
  if (entry.status === 'BOOKED') throw conflict('You have booked this time slot; cancel the booking instead');
  await leaveQueue(tenant, entry.sk, 'LEFT', null, now);
  return { success: true, message: 'You have left the waitlist.' };
}

// ------------------------------------------------------------------ staff (R-SVC-10)

async function requireService(tenant: TenantId, id: string) {
  const service = await getServiceRow(tenant, id, true);
  if (!service) throw notFound('Service not found');
  return service;
}

export async function staffWaitlist(tenant: TenantId, serviceId: string) {
  await requireService(tenant, serviceId);
  const queue = inJoinOrder(await readQueue(tenant, serviceId));
  return { entries: queue.map((e) => entryView(e, queue)) };
}

async function staffEntry(tenant: TenantId, serviceId: string, entryId: string) {
  const service = await requireService(tenant, serviceId);
  const queue = await readQueue(tenant, serviceId);
  const entry = queue.find((e) => e.id === entryId);
  if (!entry) throw notFound('Waitlist entry not found');
  return { service, entry, queue };
}

export async function staffRemove(tenant: TenantId, serviceId: string, entryId: string, actor: string) {
  const { entry } = await staffEntry(tenant, serviceId, entryId);
  if (!isLive(entry.status))
    throw conflict(`Only waiting or offered entries can be removed (this one is ${entry.status.toLowerCase()})`);
  await leaveQueue(tenant, entry.sk, 'REMOVED', actor);
  return { success: true, message: 'Removed from the waitlist' };
}

export async function staffOffer(tenant: TenantId, serviceId: string, entryId: string, now = Date.now()) {
  const { service, entry } = await staffEntry(tenant, serviceId, entryId);
  if (entry.status !== 'WAITING')
    throw conflict(`Only waiting entries can be offered places (this one is ${entry.status.toLowerCase()})`);
  const result = await offerEntry(tenant, service, entry, now, 'STAFF');
  if (result.outcome === 'started') throw conflict('This time slot has started');
  if (result.outcome !== 'offered') {
    const slot = service.availability.find((s) => sameSlot(s, entry.slot));
    const free = Math.max(0, slot?.slotsAvailable ?? 0);
    throw conflict(
      `Not enough free places in this time slot (${free} free, ${placesNeeded(service.rateType, entry)} needed)`,
    );
  }
  const queue = await readQueue(tenant, serviceId, entry.slot);
  return { success: true, message: 'Offer sent', entry: entryView(result.entry!, queue) };
}
