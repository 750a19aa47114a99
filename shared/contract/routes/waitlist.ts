import * as z from '../../zod.js';
import { route } from '../types.js';
import { idParam, okResponse } from '../common.js';
import { publicBookingResponse } from '../responses.js';
import { WAITLIST_STATUSES } from '../../domain/waitlist.js';
import { publicBookingBody, slotRef } from '../public-booking-models.js';

/**
 * The waitlist of a full slot (docs/requirements/services.md R-SVC-7..R-SVC-10,
 * docs/decisions/0236-waitlist.md). Joining takes the booking form's fields with the booking form's rules and
 * messages (the same schema pieces).
 */
const BEYOND = 'Waitlist for full slots (R-SVC-7..R-SVC-10): not in the spec, which hides full slots';

export const waitlistJoinBody = z.object({
  slot: slotRef,
  customer: publicBookingBody.shape.customer,
  participantCount: publicBookingBody.shape.participantCount,
});
export type WaitlistJoinInput = z.output<typeof waitlistJoinBody>;

const slotView = z.object({ date: z.string(), startTime: z.string(), endTime: z.string() });
const statusEnum = z.enum(WAITLIST_STATUSES);

const waitlistJoinResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  entry: z.object({
    id: z.string(),
    status: statusEnum,
    /** 1 = next in line; 0 while unconfirmed (R-SVC-11) and once the entry is no longer waiting. */
    position: z.number(),
    participantCount: z.number(),
    slot: slotView,
    /** True when this e-mail had already joined this slot: the answer is that first entry. */
    alreadyJoined: z.boolean(),
  }),
});

/** The confirmation link's answer (R-SVC-11); an unknown link is 404. */
const waitlistConfirmResponse = z.object({
  success: z.boolean(),
  outcome: z.enum(['confirmed', 'already-confirmed', 'expired']),
  message: z.string(),
  /** The entry's status now; null when a lapsed join is gone. */
  status: z.nullable(statusEnum),
  /** 1 = next in line among confirmed entries; 0 when not waiting. */
  position: z.number(),
  serviceName: z.string(),
  slot: z.nullable(slotView),
  slotText: z.nullable(z.string()),
});

const waitlistOfferResponse = z.object({
  success: z.boolean(),
  offer: z.object({
    status: statusEnum,
    serviceName: z.string(),
    slot: slotView,
    /** The slot as the customer reads it, in the service's zone, named. */
    slotText: z.string(),
    timeZone: z.string(),
    participantCount: z.number(),
    /** The price of the booking as it would be made now: subtotal, tax and total, dollars. */
    subtotal: z.number(),
    taxRate: z.number(),
    taxAmount: z.number(),
    totalAmount: z.number(),
    holdUntil: z.nullable(z.string()),
    holdUntilText: z.nullable(z.string()),
    firstName: z.string(),
  }),
});

export const waitlistAcceptBody = z.object({
  notes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
  allergies: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
});

export const waitlistEntryView = z.object({
  id: z.string(),
  slot: slotView,
  status: statusEnum,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  participantCount: z.number(),
  joinedAt: z.string(),
  holdUntil: z.nullable(z.string()),
  reservationId: z.nullable(z.string()),
  /** 1 = next in line among the slot's live entries; 0 for BOOKED, EXPIRED, LEFT. */
  position: z.number(),
});
export type WaitlistEntryView = z.output<typeof waitlistEntryView>;

const staffWaitlistResponse = z.object({ entries: z.array(waitlistEntryView) });

/** Offer and leave links carry 256-bit tokens (base64url); anything else is an unknown link (404). */
const linkToken = z.object({ token: z.string().check(z.singleLine(), z.maxLength(200)) });
const entryParams = z.extend(idParam, { entryId: z.string().check(z.singleLine(), z.minLength(1), z.maxLength(128)) });

const pub = { area: 'services', access: 'public', beyondSpec: BEYOND } as const;
const staff = { area: 'services', access: 'user', beyondSpec: BEYOND } as const;

export const waitlistRoutes = [
  route({
    ...pub,
    id: 'services.waitlistJoin',
    method: 'POST',
    path: '/public/service/{token}/waitlist',
    params: z.object({ token: z.string().check(z.singleLine()) }),
    body: waitlistJoinBody,
    response: waitlistJoinResponse,
    summary: 'Join the waitlist of a full slot (unconfirmed until the e-mailed link is opened)',
  }),
  route({
    ...pub,
    id: 'services.waitlistConfirm',
    method: 'POST',
    path: '/public/waitlist/{token}/confirm',
    params: linkToken,
    response: waitlistConfirmResponse,
    summary: 'Confirm a waitlist join by its e-mail link: the place in line starts now',
    beyondSpec: 'Waitlist joins are confirmed by e-mail (R-SVC-11): not in the spec, which has no waitlist',
  }),
  route({
    ...pub,
    id: 'services.waitlistOffer',
    method: 'GET',
    path: '/public/waitlist-offers/{token}',
    params: linkToken,
    response: waitlistOfferResponse,
    summary: 'An offer of held places: slot, price, status',
  }),
  route({
    ...pub,
    id: 'services.waitlistAccept',
    method: 'POST',
    path: '/public/waitlist-offers/{token}/accept',
    params: linkToken,
    body: waitlistAcceptBody,
    response: publicBookingResponse,
    summary: 'Book the held places (as a public booking: pending payment, 24-hour rule)',
  }),
  route({
    ...pub,
    id: 'services.waitlistDecline',
    method: 'POST',
    path: '/public/waitlist-offers/{token}/decline',
    params: linkToken,
    response: okResponse,
    summary: 'Decline an offer: the places pass to the next person',
  }),
  route({
    ...pub,
    id: 'services.waitlistLeave',
    method: 'POST',
    path: '/public/waitlist/{token}/leave',
    params: linkToken,
    response: okResponse,
    summary: 'Leave the waitlist (the link of the confirmation e-mail)',
  }),
  route({
    ...staff,
    id: 'services.waitlistList',
    method: 'GET',
    path: '/api/inventory/services/{id}/waitlist',
    permission: 'services.view',
    params: idParam,
    response: staffWaitlistResponse,
    summary: "A service's waitlists, every slot, in join order",
  }),
  route({
    ...staff,
    id: 'services.waitlistRemove',
    method: 'DELETE',
    path: '/api/inventory/services/{id}/waitlist/{entryId}',
    capability: 'manageInventory',
    permission: 'services.edit',
    params: entryParams,
    response: okResponse,
    summary: 'Remove a waitlist entry (held places pass to the next person)',
  }),
  route({
    ...staff,
    id: 'services.waitlistOfferByHand',
    method: 'POST',
    path: '/api/inventory/services/{id}/waitlist/{entryId}/offer',
    capability: 'manageInventory',
    permission: 'services.edit',
    params: entryParams,
    response: z.object({ success: z.boolean(), message: z.string(), entry: waitlistEntryView }),
    summary: 'Offer free places of the slot to this entry now, out of turn',
  }),
] as const;
