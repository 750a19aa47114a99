/**
 * The end of a waitlist entry without a booking (R-SVC-9, R-SVC-10, docs/decisions/0236-waitlist.md): an
 * offer's release (hold expired, declined, left, removed, slot started) gives its places back in the
 * same conditional transaction; a WAITING entry just leaves the queue.
 */
import { placesNeeded } from '../../shared/domain/waitlist.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import type { TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { optimistic, RETRY, retryWhen, type Attempt } from '../lib/optimistic.js';
import { findSlot } from './slot-places.js';
import { addPlacesBack } from './slot-release.js';
import { getServiceRow } from './store.js';
import { entryKey, getEntry, uncount, waitlistLog } from './waitlist-store.js';

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
      // Places back to the slot, with the next person's check marker (slot-release.ts).
      if (service && found)
        addPlacesBack(w, tenant, service, found, entry.heldPlaces ?? placesNeeded(service.rateType, entry));
      uncount(w, tenant, entry); // a place on the waitlist for the next join (R-SVC-11)
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
      uncount(w, tenant, entry); // a place on the waitlist for the next join (R-SVC-11)
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
