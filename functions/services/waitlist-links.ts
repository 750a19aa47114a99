/**
 * The person's links after joining (R-SVC-9, docs/decisions/0236-waitlist.md): the offer page's read,
 * accepting (a public booking of the held places), declining, and leaving by the leave link. Loaded
 * on first use by the services handler.
 */
import type { waitlistAcceptBody } from '../../shared/contract/routes/waitlist.js';
import type * as z from '../../shared/zod.js';
import { formatDateTimeIn, formatSlotIn } from '../../shared/domain/time-text.js';
import { OFFER_GONE_MESSAGE, placesNeeded } from '../../shared/domain/waitlist.js';
import { WriteFailed } from '../lib/audited-write.js';
import { ApiError, conflict } from '../lib/errors.js';
import { trustedTenant } from '../lib/keys.js';
import { hashToken } from '../lib/secure-token.js';
import { bookPublicService, type BookingResult } from './public-booking.js';
import { getServiceRow } from './store.js';
import { offerPrice } from './waitlist-offer-mail.js';
import { leaveQueue, releaseOffer } from './waitlist-release.js';
import { entryKey, getEntry, leaveLinkKey, offerLinkKey, readLink, uncount, waitlistLog } from './waitlist-store.js';

const unknownOffer = () => new ApiError(404, 'NOT_FOUND', 'This offer link is not valid');
const unknownLeave = () => new ApiError(404, 'NOT_FOUND', 'This waitlist link is not valid');

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
  const price = await offerPrice(tenant, service, entry);
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
        uncount(w, tenant, entry); // booked: off the waitlist's live count (R-SVC-11)
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
