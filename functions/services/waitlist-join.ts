/**
 * Joining a slot's waitlist (R-SVC-8, docs/decisions/waitlist.md) and the join's answer. Loaded on
 * first use by the services handler.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { WaitlistJoinInput } from '../../shared/contract/routes/waitlist.js';
import {
  DEFAULT_PUBLIC_MAX_PARTICIPANTS,
  HARD_MAX_PARTICIPANTS,
  sameSlot,
  serviceZone,
  slotStart,
} from '../../shared/domain/slots.js';
import { isClockTime, isRealDate } from '../../shared/domain/time.js';
import { formatSlotIn } from '../../shared/domain/time-text.js';
import {
  isLive,
  MAX_QUEUE,
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
import { badRequest, conflict } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { trySendMail } from '../lib/mail.js';
import { organizationTimeZone } from '../lib/organization.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import { renderStoredEmail } from '../platform/template-store.js';
import type { ServiceRow } from './model.js';
import { resolveShare } from './public.js';
import {
  emailKey,
  entrySkOf,
  getEntry,
  LINK_KEEP_SECONDS,
  leaveLinkKey,
  readQueue,
  waitlistLog,
  type WaitlistEntry,
} from './waitlist-store.js';

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
