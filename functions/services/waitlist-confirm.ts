/**
 * Confirming a waitlist join by its e-mail link, and the lapse of joins never confirmed (R-SVC-11,
 * docs/decisions/0246-waitlist-confirmation.md). Confirming turns the UNCONFIRMED entry into a WAITING one
 * whose place in line is the time of confirming (first confirmed, first offered), makes its leave link
 * and mails the position (the `waitlist-joined` mail). Loaded on first use by the services handler and
 * the waitlist sweep.
 */
import { serviceZone, slotStart } from '../../shared/domain/slots.js';
import { formatSlotIn } from '../../shared/domain/time-text.js';
import { queuePosition } from '../../shared/domain/waitlist.js';
import { platformUrl } from '../auth/urls.js';
import { getOrganization } from '../auth/store.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { ApiError } from '../lib/errors.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { trySendMail } from '../lib/mail.js';
import { organizationTimeZone } from '../lib/organization.js';
import { optimistic, retryWhen, type Attempt } from '../lib/optimistic.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import { renderStoredEmail } from '../lib/template-store.js';
import type { ServiceRow } from './model.js';
import { getServiceRow } from './store.js';
import { addWaitlistCheckParts } from './waitlist-check.js';
import {
  confirmLinkKey,
  entryKey,
  getEntry,
  LINK_KEEP_SECONDS,
  leaveLinkKey,
  readLink,
  readQueue,
  uncount,
  waitlistLog,
  type WaitlistEntry,
} from './waitlist-store.js';

const unknownConfirm = () => new ApiError(404, 'NOT_FOUND', 'This confirmation link is not valid');

type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'expired';

/**
 * The confirmation link (R-SVC-11): UNCONFIRMED → WAITING, conditional on the entry still being
 * unconfirmed and inside its deadline, with the leave link, the log line, the live event and a
 * waitlist check (places may have come free while it was unconfirmed: the check offers them now).
 * A second click answers the entry as it is; a lapsed join answers `expired`; an unknown link is 404.
 */
export async function confirmJoin(confirmToken: string, now = Date.now()) {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(confirmToken)) throw unknownConfirm();
  const link = await readLink(confirmLinkKey(hashToken(confirmToken)));
  if (!link) throw unknownConfirm();
  const tenant = trustedTenant(link.tenantId);
  const service = await getServiceRow(tenant, link.serviceId, true);
  if (!service) throw unknownConfirm();
  const zone = serviceZone(service, await organizationTimeZone(tenant));
  const result = await optimistic(
    async (): Promise<Attempt<{ outcome: ConfirmOutcome; entry: WaitlistEntry | null; leaveToken?: string }>> => {
      const entry = await getEntry(tenant, link.entrySk);
      // A lapsed join is deleted by the sweep; one past its deadline but not yet swept is expired too.
      if (!entry) return { outcome: 'expired', entry: null };
      if (entry.status !== 'UNCONFIRMED') return { outcome: 'already-confirmed', entry };
      if (!entry.confirmBy || Date.parse(entry.confirmBy) <= now) return { outcome: 'expired', entry };
      const at = new Date(now).toISOString();
      const leaveToken = newSecretToken();
      const w = auditedWrite(tenant);
      w.update('waitlist-entry', entryKey(tenant, entry), {
        update: 'SET #status = :waiting, confirmedAt = :at, updatedAt = :at REMOVE gsi1pk, gsi1sk',
        condition: '#status = :unconfirmed AND confirmBy > :at',
        names: { '#status': 'status' },
        values: { ':waiting': 'WAITING', ':unconfirmed': 'UNCONFIRMED', ':at': at },
      });
      w.put(
        'leave-link',
        {
          ...leaveLinkKey(hashToken(leaveToken)),
          tenantId: tenant,
          serviceId: entry.serviceId,
          entrySk: entry.sk,
          expiresAt: Math.floor(slotStart(entry.slot, zone) / 1000) + LINK_KEEP_SECONDS,
        },
        { condition: 'attribute_not_exists(pk)' },
      );
      waitlistLog(w, tenant, entry, 'CONFIRMED', at);
      w.event('waitlist-joined', {
        entryId: entry.id,
        serviceId: entry.serviceId,
        serviceName: service.name,
        slot: entry.slot,
        customerName: `${entry.customer.firstName} ${entry.customer.lastName}`.trim(),
        participantCount: entry.participantCount,
      });
      // Places that came free while this entry was unconfirmed are offered now (R-SVC-9).
      addWaitlistCheckParts(w, tenant, entry.serviceId, entry.slot);
      try {
        await w.commit();
      } catch (e) {
        return retryWhen(e, e instanceof WriteFailed);
      }
      return {
        outcome: 'confirmed',
        entry: { ...entry, status: 'WAITING', confirmedAt: at, updatedAt: at },
        leaveToken,
      };
    },
    () => {
      throw new ApiError(409, 'Conflict', 'This waitlist is busy right now. Please try again.');
    },
  );
  const current = result.entry && (await getEntry(tenant, result.entry.sk));
  const position = current ? queuePosition(await readQueue(tenant, current.serviceId, current.slot), current.id) : 0;
  if (result.outcome === 'confirmed' && result.entry && result.leaveToken)
    await sendJoinedMail(tenant, service, result.entry, position, result.leaveToken, zone);
  return {
    success: true,
    outcome: result.outcome,
    message:
      result.outcome === 'expired'
        ? 'This confirmation link has expired. Join the waitlist again if the time slot is still full.'
        : position
          ? `Your place on the waitlist is confirmed (position ${position}).`
          : 'Your place on the waitlist was confirmed; you are no longer waiting.',
    status: current?.status ?? null,
    position,
    serviceName: service.name,
    slot: result.entry?.slot ?? null,
    slotText: result.entry ? formatSlotIn(result.entry.slot, zone) : null,
  };
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
    logger.warn('waitlist position e-mail not sent', { error: e as Error, entryId: entry.id });
  }
}

/**
 * A join never confirmed lapses at its deadline (the waitlist sweep, from the index keyed by the
 * deadline): the entry is deleted, conditional on it still being that unconfirmed entry, and the slot's
 * counter goes down in the same transaction. Answers whether this call did it (safe twice at once).
 */
export async function lapseUnconfirmed(tenant: TenantId, sk: string, now = Date.now()): Promise<boolean> {
  const entry = await getEntry(tenant, sk);
  if (!entry || entry.status !== 'UNCONFIRMED' || !entry.confirmBy || Date.parse(entry.confirmBy) > now) return false;
  const at = new Date(now).toISOString();
  const w = auditedWrite(tenant);
  w.delete(
    'waitlist-entry',
    { pk: keys.tenantPartition(tenant), sk },
    {
      condition: '#status = :unconfirmed AND confirmBy = :by',
      names: { '#status': 'status' },
      values: { ':unconfirmed': 'UNCONFIRMED', ':by': entry.confirmBy },
    },
  );
  uncount(w, tenant, entry);
  waitlistLog(w, tenant, entry, 'LAPSED', at, { confirmBy: entry.confirmBy });
  try {
    await w.commit();
    return true;
  } catch (e) {
    if (e instanceof WriteFailed) return false;
    throw e;
  }
}
