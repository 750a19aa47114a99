import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { formatCents } from '../../shared/domain/money.js';
import { DEFAULT_CANCEL_CUTOFF_HOURS, type ReminderSettings } from '../../shared/domain/reminders.js';
import { bookingWhenText, instantText } from '../../shared/domain/reminder-text.js';
import {
  configuredMethods,
  paymentLinks,
  paymentNoteFor,
  type PaymentMethods,
} from '../../shared/domain/share-payment.js';
import { getOrganization } from '../auth/store.js';
import { platformUrl, tenantUrl } from '../auth/urls.js';
import { config } from '../lib/config.js';
import { db, tableName } from '../lib/db.js';
import { calendarText, reservationUid } from '../lib/ical.js';
import { keys, type TenantId } from '../lib/keys.js';
import { sendMailWithAttachments } from '../lib/mail.js';
import { organizationTimeZone } from '../lib/organization.js';
import { renderStoredEmail } from '../platform/template-store.js';
import type { RenderedEmail } from '../platform/templates.js';
import type { ReservationRow } from '../reservations/entity.js';
import { issueCancelToken } from '../reservations/reminders.js';
import { SERVICE_ROWS } from '../services/model.js';
import { publicBusinessContact, readContact } from '../settings/contact.js';

/**
 * The reminder e-mail of the reminder sweep (R-SET-7, docs/decisions/0232-reminder-sweep.md, reminders.ts)
 * and what it shows of the business and the service.
 */
export const TEMPLATE = 'reservation-reminder';

/** What every reminder of a tenant shows about the business: read once per run and tenant. */
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

export interface ServiceBits {
  name?: string;
  reminderSettings?: { enabled?: boolean; beforeMinutes?: number[] };
  paymentSettings?: PaymentMethods;
  paymentNote?: string | null;
  showPaymentOptions?: boolean;
}

export async function serviceOf(tenant: TenantId, serviceId: string): Promise<ServiceBits | null> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.entity(tenant, SERVICE_ROWS.service, serviceId),
      ProjectionExpression: '#n, reminderSettings, paymentSettings, paymentNote, showPaymentOptions',
      ExpressionAttributeNames: { '#n': 'name' },
    }),
  );
  return (res.Item as ServiceBits | undefined) ?? null;
}

/**
 * The reminder e-mail (template 'reservation-reminder'): every time in the reservation's zone (the
 * organization's, or the service's own for its slots) with the zone named, the booking as an .ics
 * file, and a single-use link to cancel online.
 */
export async function sendReminder(
  tenant: TenantId,
  r: ReservationRow,
  settings: ReminderSettings,
  service: ServiceBits | null,
  business: BusinessBits,
  now: number,
  render?: (variables: Record<string, unknown>) => RenderedEmail,
): Promise<void> {
  const zone = r.timeZone || business.zone;
  const token = await issueCancelToken(tenant, r, now);
  // On the tenant's own host where tenants have one; in path mode the platform host (the token names the tenant).
  const path = `/booking/cancel/${token}`;
  const cancelUrl = (
    config().tenantUrlMode === 'subdomain' && business.subdomain
      ? tenantUrl(business.subdomain, path)
      : platformUrl(path)
  ).toString();
  const cutoff = settings.cancelCutoffHours ?? DEFAULT_CANCEL_CUTOFF_HOURS;
  const what = r.inventoryItem?.name ?? r.service?.name ?? service?.name ?? 'Your booking';
  const totalCents = r.totalAmountCents ?? 0;
  const unpaid = r.kind === 'SERVICE' && r.isPaid !== true && totalCents > 0;
  const methods = unpaid && service?.showPaymentOptions !== false ? configuredMethods(service?.paymentSettings) : {};
  const paymentNote = paymentNoteFor(r.reservationNumber, what, service?.paymentNote);
  const links = unpaid ? paymentLinks(methods, totalCents / 100, paymentNote, { mobile: false }) : [];
  const when = bookingWhenText(r.startTime, r.endTime, zone);
  const variables = {
    firstName: r.customer.firstName,
    lastName: r.customer.lastName,
    businessName: business.name,
    businessPhone: business.phone ?? '',
    businessEmail: business.email ?? '',
    businessAddress: business.address ?? '',
    reservationNumber: r.reservationNumber,
    what,
    when,
    where: business.address ?? business.name,
    participants: r.kind === 'SERVICE' ? (r.participantCount ?? 1) : '',
    total: formatCents(totalCents),
    unpaid,
    hasPaymentMethods: links.length > 0 || Boolean(methods.zelle),
    paymentLinks: links,
    zelle: methods.zelle ?? '',
    paymentNote,
    cancelUrl,
    cancelUntil: instantText(Date.parse(r.startTime) - cutoff * 3_600_000, zone),
  };
  const mail = render ? render(variables) : await renderStoredEmail(TEMPLATE, variables);
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
      },
    ],
    { name: business.name || 'Booking' },
  );
  await sendMailWithAttachments({
    to: r.customer.email!,
    ...mail,
    template: TEMPLATE,
    tenant,
    attachments: [
      {
        filename: `${r.reservationNumber}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: new TextEncoder().encode(ics),
      },
    ],
  });
}
