/**
 * What every e-mail about one booking carries (R-BOOK-8, docs/decisions/0262-booking-mail-manage-link.md):
 * the business's contact details, a single-use link to view the booking and cancel it online, with
 * the deadline stated as it stands when the mail is sent, and the booking as an .ics file.
 * Used by the booking confirmation (services) and the reminder sweep (sweeps).
 */
import { cancelWindow } from '../../shared/domain/reminders.js';
import { instantText } from '../../shared/domain/reminder-text.js';
import { getOrganization } from '../auth/store.js';
import { platformUrl, tenantUrl } from '../auth/urls.js';
import { config } from '../lib/config.js';
import { calendarText, reservationUid } from '../lib/ical.js';
import type { TenantId } from '../lib/keys.js';
import type { MimeAttachment } from '../lib/mime.js';
import { organizationTimeZone } from '../lib/organization.js';
import { publicBusinessContact, readContact } from '../settings/contact.js';
import type { ReservationRow } from './entity.js';
import { issueCancelToken } from './reminders.js';

/** What a booking mail shows about the business: read once per mail (or once per run and tenant). */
export interface BusinessBits {
  subdomain: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  zone: string;
}

export async function readBusiness(tenant: TenantId): Promise<BusinessBits> {
  const [org, contact, zone] = await Promise.all([
    getOrganization(tenant),
    readContact(tenant),
    organizationTimeZone(tenant),
  ]);
  const b = await publicBusinessContact(tenant, org?.name ?? '');
  return {
    subdomain: org?.subdomain ?? null,
    name: b.name,
    phone: b.phone,
    email: contact.emailAddress || null,
    address: b.address,
    zone,
  };
}

/** The template variables of the manage link: where it points and what it can still do. */
interface ManageLink {
  cancelUrl: string;
  /** True while the customer can still cancel online (before the tenant's cut-off). */
  cancelOpen: boolean;
  /** The cut-off instant as the customer reads it, in the booking's zone. */
  cancelUntil: string;
}

/**
 * A new single-use link to the booking's page (view, and cancel while the cut-off allows), on the
 * tenant's own host where tenants have one; in path mode the platform host (the token names the tenant).
 */
export async function manageLink(
  tenant: TenantId,
  r: Pick<ReservationRow, 'id' | 'startTime' | 'timeZone'>,
  business: BusinessBits,
  cutoffHours: number,
  now: number,
): Promise<ManageLink> {
  const token = await issueCancelToken(tenant, r, now);
  const path = `/booking/cancel/${token}`;
  const cancelUrl = (
    config().tenantUrlMode === 'subdomain' && business.subdomain
      ? tenantUrl(business.subdomain, path)
      : platformUrl(path)
  ).toString();
  const start = Date.parse(r.startTime);
  return {
    cancelUrl,
    cancelOpen: cancelWindow(start, cutoffHours, now) === 'open',
    cancelUntil: instantText(start - cutoffHours * 3_600_000, r.timeZone || business.zone),
  };
}

/**
 * The booking as one calendar event, attached as `{reservationNumber}.ics`. With `cancel`, the same
 * event (same UID, a later SEQUENCE) as METHOD:CANCEL, so a calendar that took the booking's file
 * removes it (R-RES-14).
 */
export function calendarAttachment(
  tenant: TenantId,
  r: Pick<ReservationRow, 'id' | 'startTime' | 'endTime' | 'reservationNumber' | 'updatedAt'>,
  what: string,
  business: BusinessBits,
  cancel = false,
): MimeAttachment {
  const method = cancel ? 'CANCEL' : 'PUBLISH';
  const ics = calendarText(
    [
      {
        uid: reservationUid(tenant, r.id),
        start: new Date(r.startTime),
        end: new Date(r.endTime),
        summary: `${what} (${r.reservationNumber})`,
        description: `${business.name}${business.phone ? `, ${business.phone}` : ''}`,
        location: business.address ?? undefined,
        updatedAt: new Date(r.updatedAt),
        ...(cancel ? { cancelled: true, sequence: 1 } : {}),
      },
    ],
    { name: business.name || 'Booking', method },
  );
  return {
    filename: `${r.reservationNumber}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: new TextEncoder().encode(ics),
  };
}
