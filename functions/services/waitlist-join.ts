/**
 * Joining a slot's waitlist (R-SVC-8, R-SVC-11, docs/decisions/0236-waitlist.md,
 * docs/decisions/0246-waitlist-confirmation.md) and the join's answer. A join makes an UNCONFIRMED entry and
 * mails its confirmation link; the place in line comes with the confirmation (waitlist-confirm.ts).
 * Loaded on first use by the services handler.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { WaitlistJoinInput } from '../../shared/contract/routes/waitlist.js';
import { participantsRefusal, partySize, sameSlot, serviceZone, slotStart } from '../../shared/domain/slots.js';
import { isClockTime, isRealDate } from '../../shared/domain/time.js';
import { formatDateTimeIn, formatSlotIn } from '../../shared/domain/time-text.js';
import {
  CONFIRM_MAIL_MESSAGE,
  confirmBy,
  isLive,
  MAX_JOINS_PER_SOURCE,
  MAX_QUEUE,
  PLACES_AVAILABLE_MESSAGE,
  placesNeeded,
  QUEUE_FULL_MESSAGE,
  queuePosition,
  SOURCE_JOINS_MESSAGE,
  WAITLIST_OFF_MESSAGE,
  waitlistSettingsOf,
} from '../../shared/domain/waitlist.js';
import { platformUrl } from '../auth/urls.js';
import { getOrganization } from '../auth/store.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, tableName } from '../lib/db.js';
import { badRequest, conflict, tooManyRequests } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { trySendMail } from '../lib/mail.js';
import { organizationTimeZone } from '../lib/organization.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import { renderStoredEmail } from '../lib/template-store.js';
import type { ServiceRow } from './model.js';
import { resolveShare } from './public.js';
import {
  CONFIRM_INDEX_PK,
  confirmLinkKey,
  countKey,
  emailKey,
  entrySkOf,
  getEntry,
  LINK_KEEP_SECONDS,
  readQueue,
  sourceKey,
  waitlistLog,
  type WaitlistEntry,
} from './waitlist-store.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';

/**
 * Joining a full slot (R-SVC-8, R-SVC-11): the booking form's rules for the person and the count;
 * refused while the slot has the places the party needs ("book instead"). The entry is UNCONFIRMED
 * until its address confirms by e-mail. One entry per e-mail per slot (the e-mail marker's condition):
 * a second join answers the first entry, and re-sends the confirmation mail while it is unconfirmed.
 * New entries are limited per slot (the live counter) and per source address (`source`; null = not
 * limited, the loopback of the local runtime), both counted in the join's own transaction.
 */
export async function joinWaitlist(
  token: string,
  body: WaitlistJoinInput,
  source: string | null = null,
  now = Date.now(),
) {
  const { tenant, service } = await resolveShare(token, now);
  if (!waitlistSettingsOf(service).enabled) throw conflict(WAITLIST_OFF_MESSAGE);
  if (!isRealDate(body.slot.date) || !isClockTime(body.slot.startTime) || !isClockTime(body.slot.endTime))
    throw badRequest('The chosen time slot is not a valid date and time');
  const zone = serviceZone(service, await organizationTimeZone(tenant));
  const slot = service.availability.find((s) => sameSlot(s, body.slot));
  if (!slot || !(slotStart(slot, zone) > now)) throw conflict('This time slot is no longer available');
  const participants = partySize(service.rateType, body.participantCount);
  const refusal = participantsRefusal(service.rateType, service.rsvpSettings?.maxParticipants, participants);
  if (refusal) throw badRequest(refusal);
  if (slot.slotsAvailable >= placesNeeded(service.rateType, { participantCount: participants }))
    throw conflict(PLACES_AVAILABLE_MESSAGE);

  const c = body.customer;
  const email = c.email.trim().toLowerCase();
  const mark = emailKey(tenant, service.id, slot, email);
  const slotRef = { date: slot.date, startTime: slot.startTime, endTime: slot.endTime };
  const deadline = new Date(confirmBy(now, slotStart(slot, zone))).toISOString();
  // A lost race (the same e-mail joining at once, or a contended write) reads again: lib/optimistic.ts.
  return optimistic(
    async () => {
      const existing = await db().send(new GetCommand({ TableName: tableName(), Key: mark, ConsistentRead: true }));
      const prevSk = existing.Item?.entrySk as string | undefined;
      const prev = prevSk ? await getEntry(tenant, prevSk) : null;
      if (prev && isLive(prev.status))
        return { entry: prev, queue: await readQueue(tenant, service.id, slot), again: true };
      if (prev && prev.status === 'UNCONFIRMED' && prev.confirmBy && Date.parse(prev.confirmBy) > now) {
        // The same address again before confirming: the mail again (a new link to the same entry), no new entry.
        await sendConfirmMail(tenant, service, prev, await putConfirmLink(tenant, prev), zone);
        return { entry: prev, queue: [], again: true };
      }

      const id = randomUUID();
      const joinedAt = new Date(now).toISOString();
      const entry: WaitlistEntry = {
        sk: entrySkOf(service.id, slot, joinedAt, id),
        id,
        serviceId: service.id,
        slot: slotRef,
        customer: { firstName: c.firstName.trim(), lastName: c.lastName.trim(), phone: c.phone.trim(), email },
        participantCount: participants,
        status: 'UNCONFIRMED',
        joinedAt,
        updatedAt: joinedAt,
        holdUntil: null,
        heldPlaces: null,
        offerTokenHash: null,
        reservationId: null,
        confirmBy: deadline,
        confirmedAt: null,
        counted: true,
      };
      const confirmToken = newSecretToken();
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
        {
          pk: keys.tenantPartition(tenant),
          ...entry,
          tenantId: tenant,
          // The lapse sweep's index (waitlist-confirm.ts): keyed by the deadline, never a scan.
          gsi1pk: shardedIndexKey(CONFIRM_INDEX_PK, tenant),
          gsi1sk: `${deadline}#${tenant}#${id}`,
        },
        { condition: 'attribute_not_exists(pk)' },
      );
      // The limits, counted on write (R-SVC-11): the slot's live entries, the source's new entries.
      w.update('waitlist-count', countKey(tenant, service.id, slot), {
        update: 'ADD live :one SET serviceId = :sid, expiresAt = :exp',
        condition: 'attribute_not_exists(live) OR live < :max',
        values: { ':one': 1, ':max': MAX_QUEUE, ':sid': service.id, ':exp': keepUntil(slot, zone) },
      });
      if (source)
        w.update('waitlist-source', sourceKey(tenant, service.id, slot, hashToken(source)), {
          update: 'ADD joins :one SET expiresAt = :exp',
          condition: 'attribute_not_exists(joins) OR joins < :max',
          values: { ':one': 1, ':max': MAX_JOINS_PER_SOURCE, ':exp': keepUntil(slot, zone) },
        });
      w.put('confirm-link', confirmLinkItem(tenant, entry, confirmToken), { condition: 'attribute_not_exists(pk)' });
      waitlistLog(w, tenant, entry, 'JOINED', joinedAt, { participants, confirmBy: deadline });
      try {
        await w.commit();
      } catch (e) {
        if (e instanceof WriteFailed && e.failed.includes('waitlist-source'))
          throw tooManyRequests(SOURCE_JOINS_MESSAGE);
        if (e instanceof WriteFailed && e.failed.includes('waitlist-count')) throw conflict(QUEUE_FULL_MESSAGE);
        // The e-mail's marker changed: joined a moment ago, so the next read answers that entry.
        return retryWhen(e, e instanceof WriteFailed && (e.failed.includes('waitlist-email') || e.contended));
      }
      await sendConfirmMail(tenant, service, entry, confirmToken, zone);
      return { entry, queue: [], again: false };
    },
    () => {
      throw conflict('This waitlist is busy right now. Please try again.');
    },
  );
}

/** Counter rows outlive the slot by the links' keep time (table TTL, epoch seconds). */
const keepUntil = (slot: { date: string; startTime: string; endTime: string }, zone: string) =>
  Math.floor(slotStart(slot, zone) / 1000) + LINK_KEEP_SECONDS;

function confirmLinkItem(tenant: TenantId, entry: WaitlistEntry, confirmToken: string) {
  return {
    ...confirmLinkKey(hashToken(confirmToken)),
    tenantId: tenant,
    serviceId: entry.serviceId,
    entrySk: entry.sk,
    confirmBy: entry.confirmBy,
    expiresAt: Math.floor(Date.parse(entry.confirmBy ?? entry.joinedAt) / 1000) + LINK_KEEP_SECONDS,
  };
}

/** A new confirmation link to an unconfirmed entry (a re-join); only its hash is stored. */
async function putConfirmLink(tenant: TenantId, entry: WaitlistEntry): Promise<string> {
  const confirmToken = newSecretToken();
  await db().send(new PutCommand({ TableName: tableName(), Item: confirmLinkItem(tenant, entry, confirmToken) }));
  return confirmToken;
}

async function sendConfirmMail(
  tenant: TenantId,
  service: ServiceRow,
  entry: WaitlistEntry,
  confirmToken: string,
  zone: string,
) {
  try {
    const org = await getOrganization(tenant);
    const mail = await renderStoredEmail('waitlist-confirm', {
      businessName: org?.name ?? '',
      firstName: entry.customer.firstName,
      serviceName: service.name,
      slot: formatSlotIn(entry.slot, zone),
      participants: entry.participantCount,
      confirmBy: formatDateTimeIn(entry.confirmBy ?? entry.joinedAt, zone, { zoneName: true }),
      confirmUrl: platformUrl(`/service/${service.shareToken}/confirm/${confirmToken}`).toString(),
    });
    await trySendMail({ to: entry.customer.email, ...mail, tenant });
  } catch (e) {
    logger.warn('waitlist confirmation e-mail not sent', { error: e as Error, entryId: entry.id });
  }
}

export function joinAnswer(r: Awaited<ReturnType<typeof joinWaitlist>>) {
  const unconfirmed = r.entry.status === 'UNCONFIRMED';
  const position = unconfirmed ? 0 : queuePosition(r.queue, r.entry.id);
  return {
    success: true,
    message: unconfirmed
      ? `${CONFIRM_MAIL_MESSAGE}: the link we sent to ${r.entry.customer.email} holds your place on the waitlist.`
      : `You are already on the waitlist for this time slot (position ${position}).`,
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
