/**
 * The customer's cancel link from a reminder (R-SET-7, docs/decisions/0233-reminder-cancel-links.md):
 * `GET /public/reservations/cancel/{token}` shows the booking and whether it can still be cancelled
 * online; `POST` cancels it. The token's pointer (`RESCANCEL#{sha256(token)}`, ./reminders.ts) names
 * the tenant and the reservation: the tenant is the token's, nothing else.
 *
 * Cancelling is the lifecycle's cancel (log line CANCELLED with the actor "Customer", the place or
 * the item freed, the live event for the staff dashboard) with one more part in the same
 * transaction: the pointer marked used on condition it was not. So a link works once, and a second
 * use is a 409 "already cancelled". After the tenant's cut-off the page gives the business's contact
 * details and POST answers 409; from the start on the link has expired (410).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from '../../shared/zod.js';
import type { publicCancelView } from '../../shared/contract/cancel-link-models.js';
import { formatCents } from '../../shared/domain/money.js';
import { cancelWindow } from '../../shared/domain/reminders.js';
import { bookingWhenText } from '../../shared/domain/reminder-text.js';
import { getOrganization } from '../auth/store.js';
import { db, tableName } from '../lib/db.js';
import { ApiError, conflict, gone, notFound } from '../lib/errors.js';
import { trustedTenant, type TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { hashToken } from '../lib/secure-token.js';
import { publicBusinessContact, readContact } from '../settings/contact.js';
import { readReminderSettings } from '../settings/reminders.js';
import { getReservationRow, type Person, type ReservationRow } from '../reservation-rows/entity.js';
import { cancelReservation } from './lifecycle.js';
import { cancelTokenKey } from '../reservation-rows/reminders.js';

type View = z.output<typeof publicCancelView>;

/** The log's actor for a cancellation through the link. */
const CUSTOMER_ACTOR: Person = { id: null, firstName: 'Customer', lastName: '' };

const NOT_FOUND = 'This cancel link is not valid. Please contact the business.';
const EXPIRED = 'This cancel link has expired: the booking has started.';

interface Pointer {
  tenant: TenantId;
  reservationId: string;
  validUntil: string;
  usedAt?: string;
}

async function readPointer(token: string): Promise<Pointer> {
  // A token is 43 base64url characters; anything else is not one of ours (no read).
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound(NOT_FOUND);
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: cancelTokenKey(hashToken(token)), ConsistentRead: true }),
  );
  const i = res.Item;
  if (!i || typeof i.tenantId !== 'string' || typeof i.reservationId !== 'string') throw notFound(NOT_FOUND);
  return {
    tenant: trustedTenant(i.tenantId),
    reservationId: i.reservationId,
    validUntil: String(i.validUntil),
    usedAt: typeof i.usedAt === 'string' ? i.usedAt : undefined,
  };
}

async function viewOf(p: Pointer, r: ReservationRow, now: number): Promise<View> {
  const [org, contact, settings, orgZone] = await Promise.all([
    getOrganization(p.tenant),
    readContact(p.tenant),
    readReminderSettings(p.tenant),
    organizationTimeZone(p.tenant),
  ]);
  const business = await publicBusinessContact(p.tenant, org?.name ?? '');
  const start = Date.parse(r.startTime);
  const cancelled = r.status === 'CANCELLED' || Boolean(p.usedAt);
  const window = cancelWindow(start, settings.cancelCutoffHours, now);
  return {
    state: cancelled ? 'cancelled' : window === 'open' ? 'open' : 'too-late',
    reservationNumber: r.reservationNumber,
    what: r.inventoryItem?.name ?? r.service?.name ?? 'Booking',
    when: bookingWhenText(r.startTime, r.endTime, r.timeZone || orgZone),
    participants: r.kind === 'SERVICE' ? (r.participantCount ?? 1) : null,
    total: formatCents(r.totalAmountCents ?? 0),
    cancelCutoffHours: settings.cancelCutoffHours,
    cancelUntil: cancelled ? null : new Date(start - settings.cancelCutoffHours * 3_600_000).toISOString(),
    business: {
      name: business.name,
      phone: business.phone,
      email: contact.emailAddress || null,
      address: business.address,
    },
  };
}

async function load(token: string, now: number): Promise<{ p: Pointer; r: ReservationRow }> {
  const p = await readPointer(token);
  const r = await getReservationRow(p.tenant, p.reservationId);
  if (!r || r.deletedAt) throw notFound('This booking no longer exists. Please contact the business.');
  // A used link, or a booking cancelled otherwise, still shows "cancelled" after the start.
  if (!p.usedAt && r.status !== 'CANCELLED' && now >= Date.parse(p.validUntil)) throw gone(EXPIRED);
  return { p, r };
}

export async function publicCancelPage(token: string, now = Date.now()): Promise<View> {
  const { p, r } = await load(token, now);
  return viewOf(p, r, now);
}

export async function cancelByLink(token: string, now = Date.now()): Promise<View> {
  const { p, r } = await load(token, now);
  if (p.usedAt || r.status === 'CANCELLED') throw conflict('This booking is already cancelled.');
  if (r.status !== 'ACTIVE')
    throw conflict('This booking can no longer be cancelled online. Please contact the business.');
  const view = await viewOf(p, r, now);
  if (view.state === 'too-late') {
    const b = view.business;
    const how = [b.phone, b.email].filter(Boolean).join(' or ');
    throw conflict(
      `Online cancellation closed ${view.cancelCutoffHours} hours before the start. Please contact ${b.name}${how ? ` (${how})` : ''}.`,
    );
  }
  const at = new Date(now).toISOString();
  try {
    await cancelReservation(p.tenant, CUSTOMER_ACTOR, r.id, {
      now,
      reason: 'Cancelled by the customer (reminder link)',
      tell: 'customer',
      parts: async (w) => {
        w.update('cancel-link', cancelTokenKey(hashToken(token)), {
          update: 'SET usedAt = :at',
          condition: 'attribute_exists(pk) AND attribute_not_exists(usedAt)',
          values: { ':at': at },
        });
      },
    });
  } catch (e) {
    // The lifecycle re-read it: cancelled meanwhile (the other click of a double click, or staff).
    if (e instanceof ApiError && e.statusCode === 400) throw conflict('This booking is already cancelled.');
    throw e;
  }
  return { ...view, state: 'cancelled', cancelUntil: null };
}
